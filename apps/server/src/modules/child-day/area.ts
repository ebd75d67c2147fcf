import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { Frameworks } from "../development/framework-store.ts";
import type { PushQueue } from "../push/area.ts";
import { createBatchService } from "./batch.ts";
import { createDigestSettingsService } from "./digest-settings.ts";
import { createHealthService } from "./health.ts";
import { createObservationsService } from "./observations.ts";
import { createDailyActivitiesService } from "./service.ts";
import { createChildDaySummaryService } from "./summary.ts";
import { createTimelineService, type DayPhotos } from "./timeline.ts";

/** The child's day services, wired to each other once. */
export function createChildDayArea(deps: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  files: FileStore;
  /** The digital portfolio's photos of a child's day, under its own consent and visibility rules. */
  photos: DayPhotos;
  push: Pick<PushQueue, "toFamilies">;
  /** The development frameworks observation tags are checked against and named from (issue 36). */
  frameworks: Frameworks;
}) {
  const daily = createDailyActivitiesService(deps);
  const summaries = createChildDaySummaryService({ ...deps, daily });
  const observations = createObservationsService(deps);
  const health = createHealthService(deps);
  const digest = createDigestSettingsService(deps);
  const batch = createBatchService(deps);
  const timeline = createTimelineService(deps);
  return { daily, summaries, observations, health, digest, batch, timeline };
}
