import { describe, expect, it } from "vitest";
import { isIsoDate, isIsoInstant, NUL_MESSAGE, safeString, textProblem, UNICODE_MESSAGE } from "./primitives.ts";

describe("dates and instants", () => {
  it("accept only days that exist", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoInstant("2026-11-22T09:30")).toBe(true);
    expect(isIsoInstant("2026-11-22T09:30:15.250Z")).toBe(true);
    expect(isIsoInstant("2026-11-22T09:30:00+05:30")).toBe(true);
    expect(isIsoInstant("2026-02-30T09:30")).toBe(false);
    expect(isIsoInstant("2026-11-22T24:10")).toBe(false);
    expect(isIsoInstant("2026-11-22T09:61")).toBe(false);
    expect(isIsoInstant("2026-11-22")).toBe(false);
    expect(isIsoInstant("yesterday at nine")).toBe(false);
  });
});

describe("text", () => {
  it("refuses NUL and lone surrogates, and keeps surrogate pairs (emoji)", () => {
    expect(textProblem("a\u0000b")).toBe(NUL_MESSAGE);
    expect(textProblem("a\ud800b")).toBe(UNICODE_MESSAGE);
    expect(textProblem("\udfff")).toBe(UNICODE_MESSAGE);
    expect(textProblem("\ud83c\udf1f and \u00e9")).toBeUndefined();
    expect(safeString().safeParse("\ud800").error?.issues[0]?.message).toBe(UNICODE_MESSAGE);
    expect(safeString().trim().min(1).safeParse(" \ud83c\udf1f ").data).toBe("\ud83c\udf1f");
  });
});
