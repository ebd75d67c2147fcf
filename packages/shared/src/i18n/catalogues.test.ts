import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogues.ts";
import { LANGUAGE_CODES, negotiateLanguage } from "./languages.ts";

/** The arguments a message takes ("count:plural", "name"), so that no translation drops or invents one. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.add(element.value);
    if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time)
      found.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`${element.value}:${element.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

describe("the message catalogues", () => {
  const english = CATALOGUES.en;

  it("every language has every English key and no other", () => {
    for (const language of LANGUAGE_CODES) {
      expect(Object.keys(CATALOGUES[language]).sort(), language).toEqual(Object.keys(english).sort());
    }
  });

  it("every message is valid ICU, translated (not empty), with the same arguments as in English", () => {
    for (const language of LANGUAGE_CODES) {
      for (const [key, message] of Object.entries(CATALOGUES[language])) {
        expect(message.trim(), `${language} ${key}`).not.toBe("");
        const elements = parse(message, { requiresOtherClause: true });
        const englishElements = parse(english[key as keyof typeof english]);
        expect([...argumentsOf(elements)].sort(), `${language} ${key}`).toEqual(
          [...argumentsOf(englishElements)].sort(),
        );
      }
    }
  });
});

describe("the language a browser asks for", () => {
  it("is the first of Sprout's languages by preference, else English", () => {
    expect(negotiateLanguage("hi-IN,hi;q=0.9,en-US;q=0.8")).toBe("hi");
    expect(negotiateLanguage("en-GB,hi;q=0.5")).toBe("en");
    expect(negotiateLanguage("ta-IN, hi;q=0.7, en;q=0.3")).toBe("hi");
    expect(negotiateLanguage("fr;q=0.1, hi;q=0")).toBe("en");
    expect(negotiateLanguage(["hi-IN", "en-IN"])).toBe("hi");
    expect(negotiateLanguage(undefined)).toBe("en");
    expect(negotiateLanguage(";;q=x,")).toBe("en");
  });
});
