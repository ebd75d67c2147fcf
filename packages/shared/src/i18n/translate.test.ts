import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { createIntl, createIntlCache } from "@formatjs/intl";
import { describe, expect, it } from "vitest";
import { PORTFOLIO_MESSAGES } from "../schemas/digital-portfolio.ts";
import { CATALOGUES, type MessageId } from "./catalogues.ts";
import { english } from "./english.ts";
import { messageOf, recognisable, translateEnglish } from "./translate.ts";

/** A value for every argument: a number where the message counts, a name elsewhere. */
function sampleValues(elements: MessageFormatElement[], values: Record<string, string | number> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.argument) values[element.value] ??= "Aanya Malhotra";
    if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = 3;
    if (element.type === TYPE.select) values[element.value] = Object.keys(element.options)[0]!;
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
  }
  return values;
}

const hindi = createIntl({ locale: "hi-IN", messages: CATALOGUES.hi }, createIntlCache());
const inHindi = (text: string) =>
  translateEnglish(text, (id: MessageId, values) => hindi.formatMessage({ id }, values));

describe("an English message read back into its catalogue message", () => {
  it("a message without arguments is found by its words", () => {
    expect(messageOf(PORTFOLIO_MESSAGES.imageTooLarge)).toEqual({ id: "digitalPortfolio.imageTooLarge", values: {} });
    expect(inHindi(PORTFOLIO_MESSAGES.imageTooLarge)).toBe(CATALOGUES.hi["digitalPortfolio.imageTooLarge"]);
  });

  it("a message with a name, even a name said twice, gives the name back", () => {
    const text = PORTFOLIO_MESSAGES.noConsent("Aarav's cousin");
    expect(messageOf(text)).toEqual({ id: "digitalPortfolio.noConsent", values: { name: "Aarav's cousin" } });
    expect(inHindi(text)).toBe(
      "Aarav's cousin के माता-पिता ने फ़ोटो की सहमति नहीं दी है, इसलिए Aarav's cousin की फ़ोटो अपलोड नहीं की जा सकतीं",
    );
  });

  it("a plural is read back with its count, so the other language chooses its own form", () => {
    expect(messageOf(english("homeLines.unread", { count: 1 }))).toEqual({
      id: "homeLines.unread",
      values: { count: 1 },
    });
    expect(messageOf(english("homeLines.unread", { count: 1234 }))).toEqual({
      id: "homeLines.unread",
      values: { count: 1234 },
    });
  });

  it("text that is no catalogue message stays as it is", () => {
    expect(messageOf("Something the database said")).toBeNull();
    expect(inHindi("Something the database said")).toBe("Something the database said");
  });

  it("every message without dates or tags reads back to a message that says the same", () => {
    for (const id of Object.keys(CATALOGUES.en) as MessageId[]) {
      if (/\{\w+, (date|time)|<\w+>/.test(CATALOGUES.en[id])) continue;
      const values = sampleValues(parse(CATALOGUES.en[id]));
      const text = english(id, values);
      const found = messageOf(text);
      // A form with too few words of its own ("In", "{from} to {to}") is left as it is, by design.
      if (!recognisable(text.replaceAll("Aanya Malhotra", ""))) continue;
      expect(found, `${id}: ${text}`).not.toBeNull();
      // Two keys may share English words: the one found must say exactly the same.
      expect(english(found!.id, found!.values), id).toBe(text);
    }
  });
});
