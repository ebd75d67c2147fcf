import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { useCallback } from "react";
import { useIntl } from "react-intl";

/** A catalogue message in the reader's language, for text built outside JSX (labels, lines). */
export type Say = (id: MessageId, values?: Record<string, string | number>) => string;

export function useSay(): Say {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
