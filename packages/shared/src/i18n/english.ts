import { createIntl, createIntlCache } from "@formatjs/intl";
import { CATALOGUES, type MessageId } from "./catalogues.ts";

const intl = createIntl({ locale: "en-IN", messages: CATALOGUES.en }, createIntlCache());

/**
 * A catalogue message in English. The shared message objects (`PORTFOLIO_MESSAGES`, the schemas'
 * validation messages) are built with it, so their words live in the catalogues; what the server
 * answers in English is turned into the caller's language on the way out (`translate.ts`), and a
 * screen asks the catalogue by id (`say("portfolio.loadFailed")`).
 */
export function english(id: MessageId, values?: Record<string, string | number>): string {
  return intl.formatMessage({ id }, values);
}
