import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createDigestSettingsService } from "./digest-settings.ts";
import { createHealthService } from "./health.ts";
import { createObservationsService } from "./observations.ts";
import { createDailyActivitiesService } from "./service.ts";
import { createChildDaySummaryService } from "./summary.ts";

/** The child's day services, wired to each other once. */
export function createChildDayArea(deps: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  files: FileStore;
}) {
  const daily = createDailyActivitiesService(deps);
  const summaries = createChildDaySummaryService({ ...deps, daily });
  const observations = createObservationsService(deps);
  const health = createHealthService(deps);
  const digest = createDigestSettingsService(deps);
  return { daily, summaries, observations, health, digest };
}
