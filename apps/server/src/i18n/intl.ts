import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { CATALOGUES } from "@sprout/shared/i18n/catalogues";
import { LANGUAGES, type Language, negotiateLanguage } from "@sprout/shared/i18n/languages";

const cache = createIntlCache();
const made = new Map<Language, IntlShape>();

/** The server's words, dates and numbers in one language, from the same catalogues as the web's. */
export function intlFor(language: Language): IntlShape {
  let intl = made.get(language);
  if (!intl) {
    intl = createIntl(
      { locale: LANGUAGES[language].locale, defaultLocale: "en-IN", messages: CATALOGUES[language] },
      cache,
    );
    made.set(language, intl);
  }
  return intl;
}

/** The caller's language: their own choice when signed in and made, else what their browser asks for. */
export function languageOf(request: {
  caller?: { user: { language: Language | null } } | null;
  headers: Record<string, string | string[] | undefined>;
}): Language {
  const accepted = request.headers["accept-language"];
  return request.caller?.user.language ?? negotiateLanguage(Array.isArray(accepted) ? accepted.join(",") : accepted);
}
