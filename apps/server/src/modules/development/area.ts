import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import { createCardAcknowledgements } from "./card-acknowledgements.ts";
import { createCompetencySearch } from "./competency-search.ts";
import { frameworkRoutes } from "./framework-routes.ts";
import type { Frameworks } from "./framework-store.ts";
import { createFrameworksService } from "./frameworks.ts";
import { createProgress } from "./progress.ts";
import { createProgressCards } from "./progress-card.ts";
import { progressCardRoutes } from "./progress-card-routes.ts";

interface DevelopmentDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  /** One store for the app: an organisation's own frameworks are parsed once per process. */
  frameworks: Frameworks;
}

/** Development over the year (issue 36): each part's routes, registered as one (app.ts). */
export function developmentArea({ db, clock, files, frameworks }: DevelopmentDeps) {
  return async (app: FastifyInstance) => {
    await app.register(
      frameworkRoutes({
        service: createFrameworksService({ db, clock, frameworks }),
        search: createCompetencySearch({ db, clock, frameworks }),
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
