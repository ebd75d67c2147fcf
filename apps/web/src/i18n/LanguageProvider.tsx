import { CATALOGUES } from "@sprout/shared/i18n/catalogues";
import { LANGUAGES, type Language } from "@sprout/shared/i18n/languages";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { IntlProvider } from "react-intl";
import { useSession } from "../auth/useSession";
import { preferencesApi } from "./api";
import { deviceLanguage, keepDeviceLanguage } from "./language";

interface LanguageChoice {
  language: Language;
  /** Speaks the language from now on; saved to the person's account when signed in. */
  choose: (language: Language) => void;
  saveFailed: boolean;
}

const LanguageContext = createContext<LanguageChoice | null>(null);

/**
 * The language every screen speaks: the signed-in person's own choice (kept on their account, so
 * e-mails and pushes follow it), else this device's last choice, else the browser's.
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
  useEffect(() => {
    document.documentElement.lang = LANGUAGES[language].locale;
  }, [language]);

  // Only a choice is remembered on the device: a browser's own language is asked again each time.
  const choose = (next: Language) => {
    setLanguage(next);
    keepDeviceLanguage(next);
    if (user) save.mutate({ language: next });
  };
  return (
    <LanguageContext value={{ language, choose, saveFailed: save.isError }}>
      <IntlProvider locale={LANGUAGES[language].locale} messages={CATALOGUES[language]} defaultLocale="en-IN">
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}

export function useLanguage(): LanguageChoice {
  const choice = useContext(LanguageContext);
  if (!choice) throw new Error("useLanguage outside LanguageProvider");
  return choice;
}
