import { english } from "@sprout/shared/i18n/english";
import {
  ATTENDANCE_MESSAGES,
  DEFAULT_SHIFT_HOURS,
  type StaffOnDuty,
  wallClockInstant,
} from "@sprout/shared/schemas/attendance";
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { kioskPins, shiftSettings, staffLeave, staffShifts } from "../../db/schema/attendance.ts";
import { classrooms, classroomTeachers } from "../../db/schema/children.ts";
import { staff } from "../../db/schema/staff.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, forbidden } from "../../lib/errors.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { centreOf } from "./lookup.ts";
import { assert, chosenCentre, mayTakeAttendance } from "./policy.ts";
import { centreDay } from "./time.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
}

/** A centre's shift length in hours: its own setting, else the default. */
export async function shiftHoursOf(db: Database, centerId: string): Promise<number> {
  const [row] = await db
    .select({ hours: shiftSettings.shiftHours })
    .from(shiftSettings)
    .where(eq(shiftSettings.centerId, centerId));
  return row?.hours ?? DEFAULT_SHIFT_HOURS;
}

/** Staff on approved leave covering a day: they are not expected to clock in. */
export async function onLeaveOn(db: Database, centerId: string, first: string, last: string) {
  return db
    .select({ userId: staffLeave.userId, startDate: staffLeave.startDate, endDate: staffLeave.endDate })
    .from(staffLeave)
    .where(
      and(
        eq(staffLeave.centerId, centerId),
        eq(staffLeave.status, "approved"),
        lte(staffLeave.startDate, last),
        gte(staffLeave.endDate, first),
      ),
    );
}

/** Staff on duty: clock in and out, who is in, on leave or past their shift. */
export function createDutyService({ db, clock, realtime }: Deps) {
  /**
   * The centre's active staff with today's shifts and leave: the figures and the list. Someone
   * on leave who clocks in anyway counts as present; overtime is time clocked today beyond the
   * centre's shift length.
   */
  async function board(centerId: string, day: string, now: Date) {
    const people = await db
      .select({ userId: staff.userId, first: staff.firstName, last: staff.lastName, role: staff.role })
      .from(staff)
      .where(and(eq(staff.centerId, centerId), eq(staff.activeStatus, true)))
      .orderBy(asc(staff.firstName), asc(staff.lastName))
      // A centre employs dozens; the bound keeps the answer bounded anyway.
      .limit(500);
    const ids = people.map((person) => person.userId);
    const [shifts, leave, rooms, shiftHours] = await Promise.all([
      ids.length
        ? db
            .select()
            .from(staffShifts)
            .where(and(eq(staffShifts.centerId, centerId), eq(staffShifts.day, day)))
            .orderBy(asc(staffShifts.clockInAt))
        : [],
      ids.length ? onLeaveOn(db, centerId, day, day) : [],
      ids.length
        ? db
            .select({ userId: classroomTeachers.teacherId, name: classrooms.name })
            .from(classroomTeachers)
            .innerJoin(classrooms, eq(classrooms.id, classroomTeachers.classroomId))
            .where(inArray(classroomTeachers.teacherId, ids))
            .orderBy(asc(classrooms.name))
        : [],
      shiftHoursOf(db, centerId),
    ]);
    const onLeave = new Set(leave.map((row) => row.userId));
    const list = people.map((person) => {
      const mine = shifts.filter((shift) => shift.userId === person.userId);
      const last = mine[mine.length - 1];
      const workedMs = mine.reduce(
        (sum, shift) => sum + ((shift.clockOutAt ?? now).getTime() - shift.clockInAt.getTime()),
        0,
      );
      const status: StaffOnDuty["staff"][number]["status"] =
        last && !last.clockOutAt ? "in" : last ? "out" : onLeave.has(person.userId) ? "on_leave" : "not_in";
      return {
        user_id: person.userId,
        name: `${person.first} ${person.last}`.trim(),
        role: person.role,
        status,
        clock_in_at: mine[0]?.clockInAt.toISOString() ?? null,
        clock_out_at: last?.clockOutAt?.toISOString() ?? null,
        classrooms: rooms.filter((room) => room.userId === person.userId).map((room) => room.name),
        overtime: workedMs > shiftHours * 3_600_000,
      };
    });
    return {
      presentCount: list.filter((person) => person.status === "in" || person.status === "out").length,
      onLeaveCount: list.filter((person) => person.status === "on_leave").length,
      overtimeCount: list.filter((person) => person.overtime).length,
      shiftHours,
      list,
    };
  }

  async function announce(centerId: string) {
    const centre = await centreOf(db, centerId);
    const now = clock.now();
    const figures = await board(centerId, centreDay(centre.timeZone, now), now);
    realtime.toCentreStaff(centerId, "staff-status-update", {
      presentCount: figures.presentCount,
      onLeaveCount: figures.onLeaveCount,
      overtimeCount: figures.overtimeCount,
    });
    realtime.toCentreStaff(centerId, "attendance-update", { center_id: centerId, classroom_id: null });
  }

  /** The caller's own centre staff record: only centre staff clock in. */
  async function ownRecord(userId: string) {
    const [row] = await db
      .select({ centerId: staff.centerId })
      .from(staff)
      .where(and(eq(staff.userId, userId), eq(staff.activeStatus, true)));
    if (!row) throw forbidden(english("server.staffOnlyClockIn"));
    return row;
  }

  /**
   * A shift left open past its day (a forgotten clock-out) must not run on into the next
   * clock-out as one shift of a day or more. It is closed as the centre's usual shift: its
   * shift length after the clock-in, and never after that day's end at the centre; audited so the
   * office can correct the hours. Answers whether it closed one.
   */
  async function closeShiftLeftOpen(userId: string, centre: { id: string; timeZone: string; organisationId: string }) {
    const today = centreDay(centre.timeZone, clock.now());
    const [open] = await db
      .select()
      .from(staffShifts)
      .where(and(eq(staffShifts.userId, userId), isNull(staffShifts.clockOutAt)));
    if (!open || open.day >= today) return false;
    const hours = await shiftHoursOf(db, open.centerId);
    const dayEnd = wallClockInstant(open.day, "23:59", centre.timeZone).getTime() + 59_000;
    const closedAt = new Date(Math.min(open.clockInAt.getTime() + hours * 3_600_000, dayEnd));
    const closed = await db.transaction(async (tx) => {
      const updated = await tx
        .update(staffShifts)
        .set({ clockOutAt: closedAt })
        .where(and(eq(staffShifts.id, open.id), isNull(staffShifts.clockOutAt)))
        .returning({ id: staffShifts.id });
      if (updated.length === 0) return false;
      await writeAudit(tx, {
        organisationId: centre.organisationId,
        actorId: userId,
        action: "attendance.shift_closed_unclocked",
        entity: "staff_shift",
        entityId: open.id,
        after: { day: open.day, clock_in_at: open.clockInAt.toISOString(), clock_out_at: closedAt.toISOString() },
      });
      return true;
    });
    return closed;
  }

  return {
    board,
    announce,

    async onDuty(caller: Caller, centerId: string | undefined): Promise<StaffOnDuty> {
      assert(mayTakeAttendance(caller));
      const id = chosenCentre(caller, await caller.scope(), centerId);
      const centre = await centreOf(db, id);
      const now = clock.now();
      const day = centreDay(centre.timeZone, now);
      const figures = await board(id, day, now);
      // A shift left open on an earlier day is not "clocked in": it closes at the next clock-in.
      const [open] = await db
        .select({ at: staffShifts.clockInAt })
        .from(staffShifts)
        .where(and(eq(staffShifts.userId, caller.userId), eq(staffShifts.day, day), isNull(staffShifts.clockOutAt)));
      const [pin] = await db
        .select({ at: kioskPins.updatedAt })
        .from(kioskPins)
        .where(eq(kioskPins.userId, caller.userId));
      return {
        date: day,
        present_count: figures.presentCount,
        on_leave_count: figures.onLeaveCount,
        overtime_count: figures.overtimeCount,
        total_staff: figures.list.length,
        shift_hours: figures.shiftHours,
        me: { clocked_in_at: open?.at.toISOString() ?? null, has_pin: Boolean(pin) },
        staff: figures.list.map(({ overtime: _overtime, ...person }) => person),
      };
    },

    async clockIn(userId: string) {
      const { centerId } = await ownRecord(userId);
      const centre = await centreOf(db, centerId);
      await closeShiftLeftOpen(userId, centre);
      const now = clock.now();
      const inserted = await db
        .insert(staffShifts)
        .values({ centerId, userId, day: centreDay(centre.timeZone, now), clockInAt: now })
        .onConflictDoNothing()
        .returning({ id: staffShifts.id });
      if (inserted.length === 0) throw conflict(ATTENDANCE_MESSAGES.alreadyClockedIn);
      await announce(centerId);
      return { status: "in" as const, at: now.toISOString() };
    },

    async clockOut(userId: string) {
      const { centerId } = await ownRecord(userId);
      if (await closeShiftLeftOpen(userId, await centreOf(db, centerId))) {
        await announce(centerId);
        throw conflict(ATTENDANCE_MESSAGES.shiftLeftOpen);
      }
      const now = clock.now();
      const updated = await db
        .update(staffShifts)
        .set({ clockOutAt: now })
        .where(and(eq(staffShifts.userId, userId), isNull(staffShifts.clockOutAt)))
        .returning({ id: staffShifts.id });
      if (updated.length === 0) throw conflict(ATTENDANCE_MESSAGES.notClockedIn);
      await announce(centerId);
      return { status: "out" as const, at: now.toISOString() };
    },

    /** Clocked in or out, whichever applies (the kiosk's one button). */
    async toggle(userId: string) {
      const { centerId } = await ownRecord(userId);
      // Someone whose shift of an earlier day was left open is arriving: that shift closes, they clock in.
      await closeShiftLeftOpen(userId, await centreOf(db, centerId));
      const [open] = await db
        .select({ id: staffShifts.id })
        .from(staffShifts)
        .where(and(eq(staffShifts.userId, userId), isNull(staffShifts.clockOutAt)));
      return open ? this.clockOut(userId) : this.clockIn(userId);
    },
  };
}
export type DutyService = ReturnType<typeof createDutyService>;
