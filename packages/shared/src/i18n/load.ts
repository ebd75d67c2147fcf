import type { Catalogue } from "./catalogues.ts";
import type { Language } from "./languages.ts";
import en from "./messages/en.json" with { type: "json" };

/** English, the reference every screen can fall back to, is always at hand. */
export const ENGLISH: Catalogue = en;

/**
 * A language's catalogue as the web app gets it: English in the first download, any other as its
 * own file fetched when that language is chosen (it grows with the product, and most readers need
 * one language only).
 */
export const LOAD_CATALOGUE: Record<Language, () => Promise<Catalogue>> = {
  en: async () => en,
  hi: async () => (await import("./messages/hi.json", { with: { type: "json" } })).default,
};
