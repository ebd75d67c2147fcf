import { z } from "zod";
import { english } from "../i18n/english.ts";

/** Web Push on the parent's phone and the staff's devices (issue 32). */

/** How many devices (browsers) one person may have subscribed at once. */
export const PUSH_DEVICE_LIMIT = 10;

export const PUSH_MESSAGES = {
  hostNotAllowed: english("push.hostNotAllowed"),
  deviceLimit: english("push.deviceLimit", { limit: PUSH_DEVICE_LIMIT }),
  disabled: english("push.disabled"),
};

const base64url = z
  .string()
  .min(16, english("push.tooShort"))
  .max(200, english("push.tooLong"))
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, english("push.notBase64url"));

/** The browser's PushSubscription.toJSON(), as the browser sends it. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https$/, error: english("push.endpointHttps") }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushSubscriptionRemove = z.object({ endpoint: z.string().min(1).max(2048) });

/** One of the caller's devices: never its keys. */
export const pushDevice = z.object({
  id: z.uuid(),
  endpoint_host: z.string(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_delivered_at: z.string().nullable(),
});
export const pushDeviceList = z.object({ devices: z.array(pushDevice) });
export type PushDeviceList = z.infer<typeof pushDeviceList>;

export const pushPublicKey = z.object({ publicKey: z.string() });

/** The kinds a person chooses; emergencies are not among them (they cannot be turned off). */
export const NOTIFICATION_PREFERENCE_KINDS = [
  "messages",
  "daily_activities",
  "photos",
  "health_and_incidents",
  "announcements",
  "billing",
] as const;
export type NotificationPreferenceKind = (typeof NOTIFICATION_PREFERENCE_KINDS)[number];

export const NOTIFICATION_PREFERENCE_LABELS: Record<NotificationPreferenceKind, string> = {
  messages: "Messages",
  daily_activities: "Daily activities (food, nap, potty)",
  photos: "Photos",
  health_and_incidents: "Health, medication and incidents",
  announcements: "Announcements and notices",
  billing: "Billing (invoice issued, due soon, overdue)",
};

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, english("push.timeFormat"));

/** Until a person changes them, pushes wait from 9 in the evening to 7 in the morning. */
export const DEFAULT_QUIET_HOURS = { start: "21:00", end: "07:00" } as const;

/**
 * Quiet hours, in the centre's time zone: every push but an emergency waits until `end`, then
 * arrives as one summary. `start` after `end` spans midnight; null turns quiet hours off.
 */
export const quietHours = z
  .object({ start: clockTime, end: clockTime })
  .refine((hours) => hours.start !== hours.end, { message: english("push.startEndDiffer"), path: ["end"] })
  .nullable();
export type QuietHours = z.infer<typeof quietHours>;

export const notificationPreferences = z.object({
  messages: z.boolean(),
  daily_activities: z.boolean(),
  photos: z.boolean(),
  health_and_incidents: z.boolean(),
  announcements: z.boolean(),
  billing: z.boolean(),
  quiet_hours: quietHours,
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** A change may name only some kinds (or only the quiet hours); the others keep their value. */
export const notificationPreferencesUpdate = notificationPreferences.partial().strict();

/** What the service worker receives: a title naming the child or sender and kind, never content. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  kind: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;
