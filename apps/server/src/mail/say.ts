import type { IntlShape } from "@formatjs/intl";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { DEFAULT_LANGUAGE, type Language } from "@sprout/shared/i18n/languages";
import { intlFor } from "../i18n/intl.ts";

export type Say = (id: MessageId, values?: Record<string, string | number>) => string;

/** A mail's words in its reader's language: their own choice, else the default. */
export function mailWords(chosen: Language | null | undefined): { say: Say; intl: IntlShape; language: Language } {
  const language = chosen ?? DEFAULT_LANGUAGE;
  const intl = intlFor(language);
  return { intl, language, say: (id, values) => intl.formatMessage({ id }, values) };
}
