import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import type { MessageId } from "./catalogues.ts";
import { ENGLISH } from "./load.ts";

type Values = Record<string, string | number>;
type Part = { literal: string } | { capture: string; number: boolean };
interface Variant {
  parts: Part[];
  fixed: Values;
}
interface Pattern {
  id: MessageId;
  regex: RegExp;
  names: string[];
  numbers: Set<string>;
  fixed: Values;
  specificity: number;
}

/** More forms than this (plurals inside selects inside plurals) are not worth reading back. */
const MAX_VARIANTS = 64;

/**
 * The English forms a message can take, as literal text and the arguments between it: a plural or
 * a select gives one form per case. Dates, times and tags cannot be read back, so such a message
 * gives none.
 */
function variantsOf(elements: MessageFormatElement[], pluralOf?: string): Variant[] | null {
  let variants: Variant[] = [{ parts: [], fixed: {} }];
  const append = (choices: Variant[]) => {
    variants = variants.flatMap((v) =>
      choices.map((c) => ({ parts: [...v.parts, ...c.parts], fixed: { ...v.fixed, ...c.fixed } })),
    );
  };
  for (const element of elements) {
    if (element.type === TYPE.literal) append([{ parts: [{ literal: element.value }], fixed: {} }]);
    else if (element.type === TYPE.argument)
      append([{ parts: [{ capture: element.value, number: false }], fixed: {} }]);
    else if (element.type === TYPE.number) append([{ parts: [{ capture: element.value, number: true }], fixed: {} }]);
    else if (element.type === TYPE.pound && pluralOf)
      append([{ parts: [{ capture: pluralOf, number: true }], fixed: {} }]);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      const choices: Variant[] = [];
      for (const [key, option] of Object.entries(element.options)) {
        const inner = variantsOf(option.value, element.type === TYPE.plural ? element.value : pluralOf);
        if (!inner) return null;
        const exact = /^=(\d+)$/.exec(key);
        for (const variant of inner) {
          const counted = variant.parts.some((part) => "capture" in part && part.capture === element.value);
          let value: string | number | undefined;
          if (element.type === TYPE.select) value = key;
          else if (exact) value = Number(exact[1]);
          else if (key === "one" && !counted) value = 1;
          // "Your children": any count English says that way; 2 falls in "other" in English and in the Indian languages.
          else if (key === "other" && !counted) value = 2;
          if (value === undefined && !counted) continue;
          choices.push(
            value === undefined ? variant : { ...variant, fixed: { ...variant.fixed, [element.value]: value } },
          );
        }
      }
      append(choices);
    } else return null;
    if (variants.length > MAX_VARIANTS) return null;
  }
  return variants;
}

/** At least four letters of the message's own words: enough to tell it from another text. */
export const recognisable = (words: string) => (words.match(/\p{L}/gu)?.length ?? 0) >= 4;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function patternOf(id: MessageId, variant: Variant): Pattern | null {
  const names: string[] = [];
  const numbers = new Set<string>();
  let source = "";
  let words = "";
  for (const part of variant.parts) {
    if ("literal" in part) {
      source += escapeRegex(part.literal);
      words += part.literal;
      continue;
    }
    const earlier = names.indexOf(part.capture);
    if (earlier >= 0) {
      source += `\\${earlier + 1}`;
      continue;
    }
    names.push(part.capture);
    if (part.number) numbers.add(part.capture);
    source += part.number ? "(-?[\\d,]+(?:\\.\\d+)?)" : "([\\s\\S]+?)";
  }
  // Too few words of its own ("{from} to {to}", "{name}") and a form would read any text as itself.
  if (!recognisable(words)) return null;
  return { id, regex: new RegExp(`^${source}$`, "u"), names, numbers, fixed: variant.fixed, specificity: words.length };
}

let index: { exact: Map<string, MessageId>; patterns: Pattern[] } | null = null;

function build() {
  const exact = new Map<string, MessageId>();
  const patterns: Pattern[] = [];
  for (const [id, message] of Object.entries(ENGLISH) as [MessageId, string][]) {
    const variants = variantsOf(parse(message));
    if (!variants) continue;
    for (const variant of variants) {
      const plain = variant.parts.every((part) => "literal" in part);
      if (plain && Object.keys(variant.fixed).length === 0) {
        const text = variant.parts.map((part) => ("literal" in part ? part.literal : "")).join("");
        if (!exact.has(text)) exact.set(text, id);
        continue;
      }
      const pattern = patternOf(id, variant);
      if (pattern) patterns.push(pattern);
    }
  }
  patterns.sort((a, b) => b.specificity - a.specificity);
  return { exact, patterns };
}

/**
 * Which catalogue message, with which arguments, an English text is: the way back from the text the
 * server and the shared schemas write (`english(...)`) to the same message in another language.
 * The most specific form wins ("{name} not found" loses to "Child {name} not found").
 */
export function messageOf(text: string): { id: MessageId; values: Values } | null {
  index ??= build();
  const id = index.exact.get(text);
  if (id) return { id, values: {} };
  for (const pattern of index.patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values: Values = { ...pattern.fixed };
    pattern.names.forEach((name, at) => {
      const raw = match[at + 1] ?? "";
      values[name] = pattern.numbers.has(name) ? Number(raw.replaceAll(",", "")) : raw;
    });
    return { id: pattern.id, values };
  }
  return null;
}

/** An English text in another language when it is a catalogue message; otherwise as it is. */
export function translateEnglish(text: string, say: (id: MessageId, values: Values) => string): string {
  const message = messageOf(text);
  return message ? say(message.id, message.values) : text;
}
