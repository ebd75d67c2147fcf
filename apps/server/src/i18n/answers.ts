import type { Language } from "@sprout/shared/i18n/languages";
import { translateEnglish } from "@sprout/shared/i18n/translate";
import { z } from "zod";
import { intlFor, languageOf } from "./intl.ts";

/** Turns an English text the server wrote into the same message in one language. */
export type Translate = (english: string) => string;

const ZOD_LOCALES: Record<Exclude<Language, "en">, () => { localeError: z.core.$ZodErrorMap }> = {
  hi: z.locales.hi,
};

export function translatorFor(language: Language): Translate {
  if (language === "en") return (english) => english;
  const intl = intlFor(language);
  return (english) => translateEnglish(english, (id, values) => intl.formatMessage({ id }, values));
}

/**
 * What the server answers, in the caller's language (their choice, else their browser's): its
 * errors are written in English from the catalogues, and read back to the catalogue message here,
 * on the way out, so no route has to know who is asking.
 */
export const translatorOf = (request: Parameters<typeof languageOf>[0]): Translate =>
  translatorFor(languageOf(request));

/** A zod issue as fastify-type-provider-zod hands it to the error handler. */
export interface ValidationItem {
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * A validation message in the caller's language: a schema's own message from the catalogue, or
 * zod's own words ("Too small: expected string to have >=2 characters") from zod's locale for that
 * language, but only when they are exactly zod's English for the issue (anything else stays as
 * written rather than risk saying something else).
 */
export function validationMessageIn(language: Language, item: ValidationItem, message: string): string {
  const translated = translatorFor(language)(message);
  if (translated !== message || language === "en") return translated;
  const issue = { code: item.keyword, ...item.params, message } as unknown as z.core.$ZodRawIssue;
  const said = (error: z.core.$ZodErrorMap) => {
    const result = error(issue);
    return typeof result === "string" ? result : result?.message;
  };
  if (said(z.locales.en().localeError) !== message) return message;
  return said(ZOD_LOCALES[language]().localeError) ?? message;
}
