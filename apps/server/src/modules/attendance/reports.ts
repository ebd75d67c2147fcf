import type { ReportAnswer, reportQuery } from "@sprout/shared/schemas/attendance";
import { and, asc, between, eq, gte, inArray, isNotNull, lte, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceAbsences, attendanceStays, staffShifts } from "../../db/schema/attendance.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { studentPauses } from "../../db/schema/enrollment.ts";
import { staff } from "../../db/schema/staff.ts";
import type { Clock } from "../../lib/clock.ts";
import { onLeaveOn, shiftHoursOf } from "./duty.ts";
import { centreOf } from "./lookup.ts";
import { assert, chosenCentre, mayReadReports } from "./policy.ts";
import { centreDay, minutesBetween, monthBounds } from "./time.ts";

type Query = z.output<typeof reportQuery>;
type Pause = { studentId: string; startDate: string; endDate: string; endedAt: Date | null };

/**
 * The three attendance reports of a centre: a day per classroom, a month per child (days
 * present, absent, paused) and a month of staff hours. Each is one bounded set of rows.
 */
export function createReportsService({ db, clock }: { db: Database; clock: Clock }) {
  /** A pause covers a day from its start to its end, unless it was ended (resumed) before that day. */
  const covers = (pause: Pause, day: string, timeZone: string) =>
    pause.startDate <= day && day <= pause.endDate && (!pause.endedAt || centreDay(timeZone, pause.endedAt) > day);

  async function childrenOf(centerId: string) {
    return db
      .select({
        id: students.id,
        first: students.firstName,
        last: students.lastName,
        classroomId: students.classroomId,
        room: classrooms.name,
      })
      .from(students)
      .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
      .where(and(eq(students.centerId, centerId), ne(students.status, "left")))
      .orderBy(asc(classrooms.name), asc(students.firstName), asc(students.lastName));
  }

  async function pausesOf(ids: string[], first: string, last: string): Promise<Pause[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        studentId: studentPauses.studentId,
        startDate: studentPauses.startDate,
        endDate: studentPauses.endDate,
        endedAt: studentPauses.endedAt,
      })
      .from(studentPauses)
      .where(
        and(
          inArray(studentPauses.studentId, ids),
          lte(studentPauses.startDate, last),
          gte(studentPauses.endDate, first),
        ),
      );
  }

  async function daily(centerId: string, timeZone: string, day: string): Promise<ReportAnswer> {
    const kids = await childrenOf(centerId);
    const [stays, absences, pauses] = await Promise.all([
      db
        .selectDistinct({ studentId: attendanceStays.studentId })
        .from(attendanceStays)
        .where(and(eq(attendanceStays.centerId, centerId), eq(attendanceStays.day, day))),
      db
        .select({ studentId: attendanceAbsences.studentId })
        .from(attendanceAbsences)
        .where(and(eq(attendanceAbsences.centerId, centerId), eq(attendanceAbsences.day, day))),
      pausesOf(
        kids.map((kid) => kid.id),
        day,
        day,
      ),
    ]);
    const present = new Set(stays.map((row) => row.studentId));
    const absent = new Set(absences.map((row) => row.studentId));
    const paused = new Set(pauses.filter((pause) => covers(pause, day, timeZone)).map((pause) => pause.studentId));
    const rooms = new Map<string, { children: number; present: number; absent: number; paused: number }>();
    for (const kid of kids) {
      const name = kid.room ?? "No classroom";
      const room = rooms.get(name) ?? { children: 0, present: 0, absent: 0, paused: 0 };
      room.children += 1;
      if (present.has(kid.id)) room.present += 1;
      else if (paused.has(kid.id)) room.paused += 1;
      else if (absent.has(kid.id)) room.absent += 1;
      rooms.set(name, room);
    }
    return {
      title: `Daily attendance ${day}`,
      columns: ["Classroom", "Children", "Present", "Absent", "Paused", "Not recorded"],
      rows: [...rooms].map(([name, room]) => [
        name,
        room.children,
        room.present,
        room.absent,
        room.paused,
        room.children - room.present - room.absent - room.paused,
      ]),
    };
  }

  async function monthly(centerId: string, timeZone: string, month: string): Promise<ReportAnswer> {
    const { first, last, days } = monthBounds(month);
    const kids = await childrenOf(centerId);
    const [stays, absences, pauses] = await Promise.all([
      db
        .selectDistinct({ studentId: attendanceStays.studentId, day: attendanceStays.day })
        .from(attendanceStays)
        .where(and(eq(attendanceStays.centerId, centerId), between(attendanceStays.day, first, last))),
      db
        .select({ studentId: attendanceAbsences.studentId, day: attendanceAbsences.day })
        .from(attendanceAbsences)
        .where(and(eq(attendanceAbsences.centerId, centerId), between(attendanceAbsences.day, first, last))),
      pausesOf(
        kids.map((kid) => kid.id),
        first,
        last,
      ),
    ]);
    const tally = (rows: { studentId: string }[]) => {
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.studentId, (counts.get(row.studentId) ?? 0) + 1);
      return counts;
    };
    const present = tally(stays);
    const absent = tally(absences);
    return {
      title: `Monthly attendance ${month}`,
      columns: ["Child", "Classroom", "Days present", "Days absent", "Days paused"],
      rows: kids.map((kid) => {
        const own = pauses.filter((pause) => pause.studentId === kid.id);
        const pausedDays = days.filter((day) => own.some((pause) => covers(pause, day, timeZone))).length;
        return [
          `${kid.first} ${kid.last}`.trim(),
          kid.room ?? "No classroom",
          present.get(kid.id) ?? 0,
          absent.get(kid.id) ?? 0,
          pausedDays,
        ];
      }),
    };
  }

  /**
   * Closed shifts only: an open shift has no hours yet. Overtime is, day by day, the time worked
   * beyond the centre's shift length; days on leave are the approved leave days of the month.
   */
  async function staffHours(centerId: string, month: string): Promise<ReportAnswer> {
    const { first, last, days } = monthBounds(month);
    const [people, shifts, leave, shiftHours] = await Promise.all([
      db
        .select({ userId: staff.userId, first: staff.firstName, last: staff.lastName })
        .from(staff)
        .where(eq(staff.centerId, centerId))
        .orderBy(asc(staff.firstName), asc(staff.lastName)),
      db
        .select({
          userId: staffShifts.userId,
          day: staffShifts.day,
          in: staffShifts.clockInAt,
          out: staffShifts.clockOutAt,
        })
        .from(staffShifts)
        .where(
          and(
            eq(staffShifts.centerId, centerId),
            between(staffShifts.day, first, last),
            isNotNull(staffShifts.clockOutAt),
          ),
        ),
      onLeaveOn(db, centerId, first, last),
      shiftHoursOf(db, centerId),
    ]);
    const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
    return {
      title: `Staff hours ${month}`,
      columns: ["Staff member", "Days worked", "Hours", "Overtime hours", "Days on leave"],
      rows: people.map((person) => {
        const own = shifts.filter((shift) => shift.userId === person.userId);
        const perDay = new Map<string, number>();
        for (const shift of own)
          perDay.set(shift.day, (perDay.get(shift.day) ?? 0) + minutesBetween(shift.in, shift.out!));
        const minutes = [...perDay.values()].reduce((sum, value) => sum + value, 0);
        const overtime = [...perDay.values()].reduce((sum, value) => sum + Math.max(0, value - shiftHours * 60), 0);
        const away = leave.filter((entry) => entry.userId === person.userId);
        const leaveDays = days.filter((day) => away.some((entry) => entry.startDate <= day && day <= entry.endDate));
        return [
          `${person.first} ${person.last}`.trim(),
          perDay.size,
          hours(minutes),
          hours(overtime),
          leaveDays.length,
        ];
      }),
    };
  }

  return {
    async report(caller: Caller, query: Query): Promise<ReportAnswer> {
      assert(mayReadReports(caller));
      const id = chosenCentre(caller, await caller.scope(), query.center_id);
      const centre = await centreOf(db, id);
      const today = centreDay(centre.timeZone, clock.now());
      if (query.kind === "daily") return daily(id, centre.timeZone, query.date ?? today);
      const month = query.month ?? today.slice(0, 7);
      if (query.kind === "monthly") return monthly(id, centre.timeZone, month);
      return staffHours(id, month);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
