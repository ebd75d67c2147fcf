import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createDutyService } from "./duty.ts";
import { createPickupsService } from "./pickups.ts";
import { createRoomsService } from "./rooms.ts";
import { createRosterService } from "./roster.ts";

/** The attendance area's services, built once from what they need. */
export function createAttendanceArea(deps: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  mailer: Pick<Mailer, "send">;
}) {
  return {
    roster: createRosterService(deps),
    pickups: createPickupsService(deps),
    rooms: createRoomsService(deps),
    duty: createDutyService(deps),
  };
}
