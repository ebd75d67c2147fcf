import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createNotificationsService } from "../communication/notifications.ts";
import type { PushQueue } from "../push/area.ts";
import { assessmentRoutes } from "./assessment-routes.ts";
import { createAssessments } from "./assessments.ts";
import { createCardAcknowledgements } from "./card-acknowledgements.ts";
import { createCompetencySearch } from "./competency-search.ts";
import { frameworkRoutes } from "./framework-routes.ts";
import type { Frameworks } from "./framework-store.ts";
import { createFrameworksService } from "./frameworks.ts";
import { createProgress } from "./progress.ts";
import { createProgressCards } from "./progress-card.ts";
import { progressCardRoutes } from "./progress-card-routes.ts";
import { createPublishing } from "./publish.ts";

export interface DevelopmentDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  /** One store for the app: an organisation's own frameworks are parsed once per process. */
  frameworks: Frameworks;
  realtime: RealtimePublisher;
  push: Pick<PushQueue, "toUsers">;
}

/** Development over the year (issue 36): frameworks, terms and assessments, progress cards. */
export function developmentArea({ db, clock, files, frameworks, realtime, push }: DevelopmentDeps) {
  return async (app: FastifyInstance) => {
    await app.register(
      frameworkRoutes({
        service: createFrameworksService({ db, clock, frameworks }),
        search: createCompetencySearch({ db, clock, frameworks }),
      }),
    );
    const notifications = createNotificationsService({ db, clock, realtime, push });
    await app.register(
      assessmentRoutes({
        assessments: createAssessments({ db, clock, frameworks }),
        publishing: createPublishing({ db, clock, frameworks, notifications }),
      }),
    );
    await app.register(
      progressCardRoutes({
        cards: createProgressCards({ db, clock, files, frameworks }),
        acknowledgements: createCardAcknowledgements({ db }),
        progress: createProgress({ db, frameworks }),
      }),
    );
  };
}
