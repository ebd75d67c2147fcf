import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createAnnouncementsService } from "./announcements.ts";
import { createFeedbackService } from "./feedback.ts";
import { createMessagingService } from "./messaging.ts";

/** The communication area's services, built once in app.ts. */
export function createCommunicationArea(deps: { db: Database; clock: Clock; realtime: RealtimePublisher }) {
  return {
    announcements: createAnnouncementsService(deps),
    messaging: createMessagingService(deps),
    feedback: createFeedbackService(deps),
  };
}
export type CommunicationArea = ReturnType<typeof createCommunicationArea>;
