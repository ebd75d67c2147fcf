import { z } from "zod";
import { english } from "./english.ts";

/**
 * The languages Sprout speaks: each has a catalogue in `messages/<code>.json` (same keys as
 * English) and the locale its dates and numbers are written in. Adding Kannada is a `kn.json`
 * and one line here and in `catalogues.ts`.
 */
export const LANGUAGES = {
  en: { name: "English", locale: "en-IN" },
  hi: { name: "हिन्दी", locale: "hi-IN" },
} as const;
export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = "en";

export const languageSchema = z.enum(LANGUAGE_CODES, { error: english("languages.unknown") });

/**
 * The language an `Accept-Language` header (or a browser's `navigator.languages`) asks for first
 * among those Sprout speaks: "hi-IN,hi;q=0.9,en;q=0.8" is Hindi; anything else is English.
 */
export function negotiateLanguage(accepted: string | readonly string[] | null | undefined): Language {
  const ranges = (typeof accepted === "string" ? accepted.split(",") : (accepted ?? []))
    .map((range, index) => {
      const [tag = "", ...parameters] = range.trim().split(";");
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((range) => range.tag && Number.isFinite(range.quality) && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split("-")[0];
    if (primary && primary in LANGUAGES) return primary as Language;
  }
  return DEFAULT_LANGUAGE;
}
