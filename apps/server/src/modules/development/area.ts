import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import { createCardAcknowledgements } from "./card-acknowledgements.ts";
import { createFrameworks } from "./framework-store.ts";
import { createProgress } from "./progress.ts";
import { createProgressCards } from "./progress-card.ts";
import { progressCardRoutes } from "./progress-card-routes.ts";

/** Development over the year (issue 36): each part's routes, registered as one (app.ts). */
export function developmentArea({ db, clock, files }: { db: Database; clock: Clock; files: FileStore }) {
  const frameworks = createFrameworks({ db });
  return async (app: FastifyInstance) => {
    await app.register(
      progressCardRoutes({
        cards: createProgressCards({ db, clock, files, frameworks }),
        acknowledgements: createCardAcknowledgements({ db }),
        progress: createProgress({ db, frameworks }),
      }),
    );
  };
}
