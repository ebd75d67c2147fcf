import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import { createExportsService } from "./exports.ts";
import { createRequestsService } from "./requests.ts";
import { createRetentionService } from "./retention.ts";

/** The data-rights area's services (issue 19: export, correction and erasure, retention), built in app.ts. */
export function createDataRequestsArea(deps: { db: Database; clock: Clock; files: FileStore }) {
  return {
    exports: createExportsService(deps),
    requests: createRequestsService(deps),
    retention: createRetentionService(deps),
  };
}
export type DataRequestsArea = ReturnType<typeof createDataRequestsArea>;
