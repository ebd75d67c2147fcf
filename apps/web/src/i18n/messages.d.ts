import type { MessageId } from "@sprout/shared/i18n/catalogues";

// react-intl checks every message id against the English catalogue at compile time.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
