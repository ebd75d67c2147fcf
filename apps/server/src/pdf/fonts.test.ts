import { describe, expect, it } from "vitest";
import { scriptRuns } from "./fonts.ts";

describe("script runs", () => {
  it("sets each script in its own run; spaces, digits and punctuation stay with the run they sit in", () => {
    expect(scriptRuns("Bill to: आरव शर्मा (Sunflower) ₹1,200")).toEqual([
      { script: "latin", text: "Bill to: " },
      { script: "devanagari", text: "आरव शर्मा (" },
      { script: "latin", text: "Sunflower) ₹1,200" },
    ]);
  });

  it("knows the five Indian scripts the product prints, and keeps a virama or joiner inside its syllable", () => {
    const names = ["অরিন্দম", "கவின்", "శ్రీనివాస్", "ಕನ್ನಡ", "क्षत्रिय\u200d"];
    expect(names.map((name) => scriptRuns(name).map((run) => run.script))).toEqual([
      ["bengali"],
      ["tamil"],
      ["telugu"],
      ["kannada"],
      ["devanagari"],
    ]);
  });

  it("a line that starts with digits takes them into its first script; an empty line is one Latin run", () => {
    expect(scriptRuns("12 आरव")).toEqual([{ script: "devanagari", text: "12 आरव" }]);
    expect(scriptRuns("")).toEqual([{ script: "latin", text: "" }]);
  });
});
