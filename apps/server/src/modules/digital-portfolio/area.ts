import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import { createRemovalService } from "./removal.ts";
import { createPortfolioService } from "./service.ts";
import { createPortfolioStats } from "./stats.ts";
import { createUploadService } from "./uploads.ts";

/** The digital portfolio's services, wired to each other once. */
export function createPortfolioArea(deps: { db: Database; clock: Clock; files: FileStore }) {
  const portfolio = createPortfolioService(deps);
  return {
    portfolio,
    uploads: createUploadService({ ...deps, portfolio }),
    stats: createPortfolioStats(deps),
    removal: createRemovalService(deps),
  };
}
