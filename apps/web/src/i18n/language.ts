import { LANGUAGES, type Language, negotiateLanguage } from "@sprout/shared/i18n/languages";

/** The device's language until the person's own choice is known: theirs last time, or the browser's. */
const KEY = "sprout.language";

export function deviceLanguage(): Language {
  const kept = globalThis.localStorage?.getItem(KEY);
  if (kept && kept in LANGUAGES) return kept as Language;
  return negotiateLanguage(globalThis.navigator?.languages ?? []);
}

export function keepDeviceLanguage(language: Language) {
  globalThis.localStorage?.setItem(KEY, language);
}
