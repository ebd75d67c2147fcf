import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { createCompetencySearch } from "./competency-search.ts";
import { frameworkRoutes } from "./framework-routes.ts";
import type { Frameworks } from "./framework-store.ts";
import { createFrameworksService } from "./frameworks.ts";

/** Development over the year (issue 36): each part's routes, registered as one (app.ts). */
export function developmentArea({ db, clock, frameworks }: { db: Database; clock: Clock; frameworks: Frameworks }) {
  return async (app: FastifyInstance) => {
    await app.register(
      frameworkRoutes({
        service: createFrameworksService({ db, clock, frameworks }),
        search: createCompetencySearch({ db, clock, frameworks }),
      }),
    );
  };
}
