import {
  NOTIFICATION_PREFERENCE_KINDS,
  type NotificationPreferenceKind,
  type PushPayload,
} from "@sprout/shared/schemas/push";

const NOUN: Record<NotificationPreferenceKind, [one: string, many: string]> = {
  messages: ["message", "messages"],
  daily_activities: ["daily activity", "daily activities"],
  photos: ["photo", "photos"],
  health_and_incidents: ["health or incident update", "health or incident updates"],
  announcements: ["announcement", "announcements"],
  billing: ["billing update", "billing updates"],
};

const counted = (count: number, [one, many]: [string, string]) => `${count} ${count === 1 ? one : many}`;

/**
 * The one push a device gets when quiet hours end, for everything held: how many of each kind,
 * never what they said ("3 updates while you were away", "2 messages, 1 photo").
 */
export function morningSummary(kinds: readonly (string | null)[]): PushPayload {
  const tally = new Map<NotificationPreferenceKind, number>();
  for (const kind of kinds) {
    const known = NOTIFICATION_PREFERENCE_KINDS.find((candidate) => candidate === kind);
    if (known) tally.set(known, (tally.get(known) ?? 0) + 1);
  }
  const parts = NOTIFICATION_PREFERENCE_KINDS.filter((kind) => tally.has(kind)).map((kind) =>
    counted(tally.get(kind)!, NOUN[kind]),
  );
  return {
    title: `${counted(kinds.length, ["update", "updates"])} while you were away`,
    body: `${parts.join(", ")}. Open Sprout to see them.`,
    url: "/",
    kind: "summary",
    tag: "summary",
  };
}
