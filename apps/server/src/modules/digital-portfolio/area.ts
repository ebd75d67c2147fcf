import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { AccessLogWriter } from "../privacy/access-log.ts";
import type { PushQueue } from "../push/area.ts";
import { createRemovalService } from "./removal.ts";
import { createPortfolioService } from "./service.ts";
import { createPortfolioStats } from "./stats.ts";
import { createUploadService } from "./uploads.ts";

/** The digital portfolio's services, wired to each other once; staff views go to the app's access log. */
export function createPortfolioArea(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  accessLog: AccessLogWriter;
  /** The families of the children in a photo hear that it was added or removed. */
  realtime: RealtimePublisher;
  /** ...and get a push (their "photos" choice). */
  push: Pick<PushQueue, "toFamilies">;
}) {
  const portfolio = createPortfolioService(deps);
  return {
    portfolio,
    uploads: createUploadService({ ...deps, portfolio }),
    stats: createPortfolioStats(deps),
    removal: createRemovalService(deps),
  };
}
