import type { Language } from "@sprout/shared/i18n/languages";
import {
  NOTIFICATION_PREFERENCE_KINDS,
  type NotificationPreferenceKind,
  type PushPayload,
} from "@sprout/shared/schemas/push";
import { intlFor } from "../../i18n/intl.ts";

/**
 * The one push a device gets when quiet hours end, for everything held, in its owner's language:
 * how many of each kind, never what they said ("3 updates while you were away", "2 messages, 1 photo").
 */
export function morningSummary(kinds: readonly (string | null)[], language: Language): PushPayload {
  const intl = intlFor(language);
  const tally = new Map<NotificationPreferenceKind, number>();
  for (const kind of kinds) {
    const known = NOTIFICATION_PREFERENCE_KINDS.find((candidate) => candidate === kind);
    if (known) tally.set(known, (tally.get(known) ?? 0) + 1);
  }
  const parts = NOTIFICATION_PREFERENCE_KINDS.filter((kind) => tally.has(kind)).map((kind) =>
    intl.formatMessage({ id: "pushText.summaryPart" }, { kind, count: tally.get(kind)! }),
  );
  return {
    title: intl.formatMessage({ id: "pushText.summaryTitle" }, { count: kinds.length }),
    body: intl.formatMessage({ id: "pushText.summaryBody" }, { parts: intl.formatList(parts, { type: "unit" }) }),
    url: "/",
    kind: "summary",
    tag: "summary",
  };
}
