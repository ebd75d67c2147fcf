import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createDutyService } from "../attendance/duty.ts";
import { createCalendarService } from "./calendar.ts";
import { createDashboardService } from "./dashboard.ts";
import { createKpiService } from "./kpis.ts";
import { createStaffReviewsService } from "./staff-reviews.ts";

/** The Center Director dashboard's services, built once in app.ts. */
export function createCenterDirectorArea(deps: { db: Database; clock: Clock; realtime: RealtimePublisher }) {
  // Staff present and on leave come from the attendance area's own duty board.
  const { board } = createDutyService(deps);
  const kpis = createKpiService({ ...deps, board });
  const calendar = createCalendarService(deps);
  return {
    kpis,
    calendar,
    reviews: createStaffReviewsService({ ...deps, board }),
    dashboard: createDashboardService({ ...deps, kpis, calendar, board }),
  };
}
export type CenterDirectorArea = ReturnType<typeof createCenterDirectorArea>;
