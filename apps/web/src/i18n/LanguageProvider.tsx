import type { Catalogue } from "@sprout/shared/i18n/catalogues";
import { LANGUAGES, type Language } from "@sprout/shared/i18n/languages";
import { ENGLISH, LOAD_CATALOGUE } from "@sprout/shared/i18n/load";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { createIntl, createIntlCache, RawIntlProvider } from "react-intl";
import { useSession } from "../auth/useSession";
import { setFormatLocale } from "../format";
import { tellWorkerPushFallback } from "../offline/serviceWorker";
import { preferencesApi } from "./api";
import { deviceLanguage, keepDeviceLanguage } from "./language";
import { setFormLanguage } from "./zodResolver";

interface LanguageChoice {
  language: Language;
  /** Speaks the language from now on; saved to the person's account when signed in. */
  choose: (language: Language) => void;
  saveFailed: boolean;
}

const LanguageContext = createContext<LanguageChoice | null>(null);
const cache = createIntlCache();

/** A language's catalogue, once loaded; until then the words shown stay in the language before. */
export function useCatalogue(language: Language): { language: Language; messages: Catalogue } | null {
  const [shown, setShown] = useState<{ language: Language; messages: Catalogue } | null>(
    language === "en" ? { language, messages: ENGLISH } : null,
  );
  useEffect(() => {
    let current = true;
    LOAD_CATALOGUE[language]()
      .then((messages) => current && setShown({ language, messages }))
      // Offline before the catalogue was ever fetched: English rather than nothing.
      .catch(() => current && setShown({ language: "en", messages: ENGLISH }));
    return () => {
      current = false;
    };
  }, [language]);
  return shown;
}

/**
 * The language every screen speaks: the signed-in person's own choice (kept on their account, so
 * e-mails and pushes follow it), else this device's last choice, else the browser's. Words, dates,
 * numbers and form messages all follow it.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [language, setLanguage] = useState(deviceLanguage);
  const saved = useQuery({
    queryKey: ["account-preferences", user?.id],
    queryFn: preferencesApi.get,
    enabled: Boolean(user),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const save = useMutation({ mutationFn: preferencesApi.update });

  useEffect(() => {
    const chosen = saved.data?.language;
    if (!chosen) return;
    setLanguage(chosen);
    keepDeviceLanguage(chosen);
  }, [saved.data?.language]);

  const shown = useCatalogue(language);
  const intl = useMemo(() => {
    if (!shown) return null;
    const locale = LANGUAGES[shown.language].locale;
    return createIntl({ locale, messages: shown.messages, defaultLocale: "en-IN" }, cache);
  }, [shown]);
  if (intl) setFormatLocale(intl.locale);
  useEffect(() => {
    if (!intl) return;
    document.documentElement.lang = intl.locale;
    setFormLanguage(shown?.language === "en" ? null : (id, values) => intl.formatMessage({ id }, values));
    tellWorkerPushFallback(intl.formatMessage({ id: "push.fallbackBody" }));
  }, [intl, shown?.language]);

  // Only a choice is remembered on the device: a browser's own language is asked again each time.
  const choose = (next: Language) => {
    setLanguage(next);
    keepDeviceLanguage(next);
    if (user) save.mutate({ language: next });
  };
  if (!intl) return null;
  return (
    <LanguageContext value={{ language, choose, saveFailed: save.isError }}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LanguageContext>
  );
}

export function useLanguage(): LanguageChoice {
  const choice = useContext(LanguageContext);
  if (!choice) throw new Error("useLanguage outside LanguageProvider");
  return choice;
}
