import { translateEnglish } from "@sprout/shared/i18n/translate";
import { useCallback } from "react";
import { useSay } from "../../i18n/useSay";

/** A form's validation message (the shared schema's English) in the reader's language. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const say = useSay();
  return useCallback((message) => (message ? translateEnglish(message, say) : message), [say]);
}
