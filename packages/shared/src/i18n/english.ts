import { createIntl, createIntlCache } from "@formatjs/intl";
import type { MessageId } from "./catalogues.ts";
import { ENGLISH } from "./load.ts";

const intl = createIntl({ locale: "en-IN", messages: ENGLISH }, createIntlCache());

/**
 * A catalogue message in English. The shared message objects (`PORTFOLIO_MESSAGES`, the schemas'
 * validation messages) are built with it, so their words live in the catalogues; what the server
 * answers in English is turned into the caller's language on the way out (`translate.ts`), and a
 * screen asks the catalogue by id (`say("portfolio.loadFailed")`).
 */
export function english(id: MessageId, values?: Record<string, string | number>): string {
  return intl.formatMessage({ id }, values);
}
