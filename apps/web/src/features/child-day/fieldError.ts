import { translateEnglish } from "@sprout/shared/i18n/translate";
import type { Say } from "../../i18n/useSay";

/**
 * A form field's validation message, which the shared schema writes in English
 * (`CHILD_DAY_MESSAGES`), in the reader's language.
 */
export const fieldError = (message: string | undefined, say: Say) => message && translateEnglish(message, say);
