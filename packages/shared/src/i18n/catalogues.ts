import type { Language } from "./languages.ts";
import en from "./messages/en.json" with { type: "json" };
import hi from "./messages/hi.json" with { type: "json" };

/** A message's key: every catalogue has the English catalogue's keys (`catalogues.test.ts`). */
export type MessageId = keyof typeof en;
export type Catalogue = Record<MessageId, string>;

/**
 * The messages of every language, ICU MessageFormat, as a translator edits them (JSON, no code).
 * The server holds them all; the web app loads a language's when it is chosen (`load.ts`).
 */
export const CATALOGUES: Record<Language, Catalogue> = { en, hi };

// FormatJS checks every message id against the English catalogue at compile time, on both sides.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
