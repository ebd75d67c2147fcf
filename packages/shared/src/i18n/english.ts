import { createIntl, createIntlCache } from "@formatjs/intl";
import type { Catalogue, MessageId } from "./catalogues.ts";
import { ENGLISH } from "./load.ts";

const cache = createIntlCache();

/** Says catalogue messages in one locale, outside React (the e2e journeys read a Hindi screen with it). */
export function sayerFor(locale: string, messages: Catalogue) {
  const intl = createIntl({ locale, messages }, cache);
  return (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

const intl = createIntl({ locale: "en-IN", messages: ENGLISH }, cache);

/**
 * A catalogue message in English. The shared message objects (`PORTFOLIO_MESSAGES`, the schemas'
 * validation messages) are built with it, so their words live in the catalogues; what the server
 * answers in English is turned into the caller's language on the way out (`translate.ts`), and a
 * screen asks the catalogue by id (`say("portfolio.loadFailed")`).
 */
export function english(id: MessageId, values?: Record<string, string | number>): string {
  return intl.formatMessage({ id }, values);
}
