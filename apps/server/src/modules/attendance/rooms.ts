import {
  type AttendanceRooms,
  DEFAULT_CHILDREN_PER_STAFF,
  DEFAULT_SHIFT_HOURS,
  type RatioSettingsAnswer,
  type ratioSettingsInput,
} from "@sprout/shared/schemas/attendance";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { type DutyService, shiftHoursOf } from "./duty.ts";
import { centreOf } from "./lookup.ts";
import { assert, chosenCentre, mayChangeRatios, mayTakeAttendance } from "./policy.ts";
import { centreRatios, computeRatios, roomBands, saveRatioSettings } from "./ratios.ts";
import { centreDay } from "./time.ts";

/** The centre's rooms with their live ratios, and the ratio settings behind them. */
export function createRoomsService({
  db,
  clock,
  realtime,
  duty,
}: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  duty: DutyService;
}) {
  return {
    async rooms(caller: Caller, centerId: string | undefined): Promise<AttendanceRooms> {
      assert(mayTakeAttendance(caller));
      const id = chosenCentre(caller, await caller.scope(), centerId);
      const centre = await centreOf(db, id);
      const today = centreDay(centre.timeZone, clock.now());
      let rooms = await computeRatios(db, id, today);
      const own = (await caller.scope()).classroomIds;
      if (own) rooms = rooms.filter((room) => own.includes(room.classroom_id));
      return { date: today, center_id: id, center_name: centre.name, rooms };
    },

    async settings(caller: Caller, centerId: string | undefined): Promise<RatioSettingsAnswer> {
      assert(mayTakeAttendance(caller));
      const id = chosenCentre(caller, await caller.scope(), centerId);
      const centre = await centreOf(db, id);
      const today = centreDay(centre.timeZone, clock.now());
      const [perStaff, bands, shiftHours] = await Promise.all([
        centreRatios(db, id),
        roomBands(db, id, today),
        shiftHoursOf(db, id),
      ]);
      return {
        center_id: id,
        children_per_staff: perStaff,
        defaults: DEFAULT_CHILDREN_PER_STAFF,
        shift_hours: shiftHours,
        default_shift_hours: DEFAULT_SHIFT_HOURS,
        classrooms: bands.map((room) => ({
          classroom_id: room.id,
          name: room.name,
          age_band: room.setBand,
          effective_band: room.band,
        })),
      };
    },

    async saveSettings(caller: Caller, input: z.output<typeof ratioSettingsInput>): Promise<RatioSettingsAnswer> {
      assert(mayChangeRatios(caller));
      const id = chosenCentre(caller, await caller.scope(), input.center_id);
      const before = { children_per_staff: await centreRatios(db, id), shift_hours: await shiftHoursOf(db, id) };
      await saveRatioSettings(db, id, input.children_per_staff, input.classroom_bands, input.shift_hours, (tx) =>
        writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "attendance.ratio_settings",
          entity: "center",
          entityId: id,
          before,
          after: input,
        }),
      );
      realtime.toCentreStaff(id, "attendance-update", { center_id: id, classroom_id: null });
      // The overtime count follows a new shift length.
      if (input.shift_hours !== undefined && input.shift_hours !== before.shift_hours) await duty.announce(id);
      return this.settings(caller, id);
    },
  };
}
export type RoomsService = ReturnType<typeof createRoomsService>;
