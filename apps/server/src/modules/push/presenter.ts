import { DEFAULT_QUIET_HOURS, type NotificationPreferences } from "@sprout/shared/schemas/push";
import type { notificationPreferences, pushSubscriptions } from "../../db/schema/push.ts";

/** A device as its owner sees it: where it receives, never the keys or the whole endpoint. */
export function toDevice(row: typeof pushSubscriptions.$inferSelect) {
  return {
    id: row.id,
    endpoint_host: new URL(row.endpoint).host,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_delivered_at: row.lastDeliveredAt?.toISOString() ?? null,
  };
}

/** No row yet: every kind is on, with the default quiet hours. */
export function toPreferences(row: typeof notificationPreferences.$inferSelect | undefined): NotificationPreferences {
  return {
    messages: row?.messages ?? true,
    daily_activities: row?.dailyActivities ?? true,
    photos: row?.photos ?? true,
    health_and_incidents: row?.healthAndIncidents ?? true,
    announcements: row?.announcements ?? true,
    billing: row?.billing ?? true,
    quiet_hours: !row
      ? DEFAULT_QUIET_HOURS
      : row.quietHours
        ? { start: row.quietStart.slice(0, 5), end: row.quietEnd.slice(0, 5) }
        : null,
  };
}
