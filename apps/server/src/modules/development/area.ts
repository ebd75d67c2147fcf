import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createNotificationsService } from "../communication/notifications.ts";
import type { PushQueue } from "../push/area.ts";
import { assessmentRoutes } from "./assessment-routes.ts";
import { createAssessments } from "./assessments.ts";
import { createFrameworks } from "./framework-store.ts";
import { createPublishing } from "./publish.ts";

export interface DevelopmentDeps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  push: Pick<PushQueue, "toUsers">;
}

/** Development over the year (issue 36): each part's routes, registered as one (app.ts). */
export function developmentArea({ db, clock, realtime, push }: DevelopmentDeps) {
  return async (app: FastifyInstance) => {
    const frameworks = createFrameworks({ db });
    const notifications = createNotificationsService({ db, clock, realtime, push });
    await app.register(
      assessmentRoutes({
        assessments: createAssessments({ db, clock, frameworks }),
        publishing: createPublishing({ db, clock, frameworks, notifications }),
      }),
    );
  };
}
