import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AccessLogWriter } from "./access-log.ts";
import { createAccessLogReads } from "./access-log-reads.ts";
import { createConsentsService } from "./consents.ts";
import { createNoticesService } from "./notices.ts";

/** The privacy area's services, built once in app.ts around the app's one access log writer. */
export function createPrivacyArea(deps: { db: Database; clock: Clock; writer: AccessLogWriter }) {
  const notices = createNoticesService(deps);
  return {
    notices,
    consents: createConsentsService({ ...deps, notices }),
    accessLog: createAccessLogReads(deps),
  };
}
export type PrivacyArea = ReturnType<typeof createPrivacyArea>;
