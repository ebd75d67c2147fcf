import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createAnnouncementsService } from "./announcements.ts";
import { createFeedbackService } from "./feedback.ts";
import { createMessagingService } from "./messaging.ts";
import { createNotificationsService } from "./notifications.ts";
import { createRemindersService } from "./reminders.ts";

/** The communication area's services, built once in app.ts. */
export function createCommunicationArea(deps: { db: Database; clock: Clock; realtime: RealtimePublisher }) {
  const notifications = createNotificationsService(deps);
  const withBell = { ...deps, notifications };
  return {
    notifications,
    reminders: createRemindersService(deps),
    announcements: createAnnouncementsService(withBell),
    messaging: createMessagingService(withBell),
    feedback: createFeedbackService(withBell),
  };
}
export type CommunicationArea = ReturnType<typeof createCommunicationArea>;
