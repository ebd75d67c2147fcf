import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createIncidentFamilyService } from "./parents.ts";
import { createIncidentPhotoService } from "./photos.ts";
import { incidentQueries } from "./queries.ts";
import { createReviewSettingService } from "./review-setting.ts";
import { createIncidentsService } from "./service.ts";

/** The incident area's services, wired to each other once. */
export function createIncidentsArea(deps: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  files: FileStore;
}) {
  const queries = incidentQueries(deps.db);
  const incidents = createIncidentsService({ ...deps, queries });
  const families = createIncidentFamilyService({ ...deps, queries, incidents });
  const photos = createIncidentPhotoService({ ...deps, incidents, families });
  const reviewSetting = createReviewSettingService(deps);
  return { incidents, families, photos, reviewSetting };
}
