import { createAttemptCounter } from "../../auth/attempts.ts";
import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createDutyService } from "./duty.ts";
import { createFamilyService } from "./family.ts";
import { createHeadcountService } from "./headcount.ts";
import { createKioskService } from "./kiosk.ts";
import { createLeaveService } from "./leave.ts";
import { createPickupPhotoService } from "./pickup-photos.ts";
import { createPickupsService } from "./pickups.ts";
import { createReportsService } from "./reports.ts";
import { createRoomsService } from "./rooms.ts";
import { createRosterService } from "./roster.ts";

/** The attendance area's services, built once from what they need. */
export function createAttendanceArea(deps: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  mailer: Pick<Mailer, "send">;
  files: FileStore;
}) {
  const roster = createRosterService(deps);
  const duty = createDutyService(deps);
  const pickups = createPickupsService(deps);
  return {
    roster,
    duty,
    leave: createLeaveService({ ...deps, duty }),
    pickups,
    pickupPhotos: createPickupPhotoService({ ...deps, pickups }),
    rooms: createRoomsService({ ...deps, duty }),
    headcount: createHeadcountService(deps),
    reports: createReportsService(deps),
    family: createFamilyService(deps),
    kiosk: createKioskService({ db: deps.db, attempts: createAttemptCounter(deps), roster, duty }),
  };
}
