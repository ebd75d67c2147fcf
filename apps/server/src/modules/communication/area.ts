import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { PushQueue } from "../push/area.ts";
import { createAnnouncementsService } from "./announcements.ts";
import { createContactsService } from "./contacts.ts";
import { createFeedbackService } from "./feedback.ts";
import { createLeadership } from "./leadership.ts";
import { createMessagingService } from "./messaging.ts";
import { createNoticesService } from "./notices.ts";
import { createNotificationsService } from "./notifications.ts";
import { createRemindersService } from "./reminders.ts";

/** The communication area's services, built once in app.ts. */
export function createCommunicationArea(deps: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  mailer: Pick<Mailer, "send">;
  push: Pick<PushQueue, "toUsers">;
}) {
  const notifications = createNotificationsService(deps);
  const withBell = { ...deps, notifications };
  const contacts = createContactsService(deps);
  const leadershipOf = createLeadership(deps.db);
  return {
    notifications,
    reminders: createRemindersService(deps),
    announcements: createAnnouncementsService(withBell),
    contacts,
    messaging: createMessagingService({ ...withBell, contacts, leadershipOf }),
    feedback: createFeedbackService({ ...withBell, leadershipOf }),
    notices: createNoticesService(withBell),
  };
}
export type CommunicationArea = ReturnType<typeof createCommunicationArea>;
