import { ATTENDANCE_MESSAGES, type Headcount } from "@sprout/shared/schemas/attendance";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceStays, headcountMarks, staffShifts } from "../../db/schema/attendance.ts";
import { classrooms, classroomTeachers, students } from "../../db/schema/children.ts";
import { emergencyAlerts } from "../../db/schema/emergency.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict } from "../../lib/errors.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { centreOf, childInScope } from "./lookup.ts";
import { assert, chosenCentre, mayTakeAttendance } from "./policy.ts";
import { centreDay } from "./time.ts";

/**
 * Who is in the building now, per room: children checked in and staff clocked in. While an
 * emergency alert is active, staff tick each child as accounted for and everyone watches it rise.
 */
export function createHeadcountService({
  db,
  clock,
  realtime,
}: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
}) {
  async function activeAlert(centerId: string) {
    const [alert] = await db
      .select()
      .from(emergencyAlerts)
      .where(and(eq(emergencyAlerts.centerId, centerId), isNull(emergencyAlerts.resolvedAt)))
      .orderBy(desc(emergencyAlerts.triggeredAt))
      .limit(1);
    return alert;
  }

  return {
    async headcount(caller: Caller, centerId: string | undefined): Promise<Headcount> {
      assert(mayTakeAttendance(caller));
      const id = chosenCentre(caller, await caller.scope(), centerId);
      const alert = await activeAlert(id);
      // Only today's open stays and shifts: a check-out or clock-out forgotten on an earlier day
      // is not someone in the building now.
      const today = centreDay((await centreOf(db, id)).timeZone, clock.now());
      const [rooms, present, shifts, marks] = await Promise.all([
        db
          .select({ id: classrooms.id, name: classrooms.name })
          .from(classrooms)
          .where(eq(classrooms.centerId, id))
          .orderBy(asc(classrooms.name)),
        db
          .select({
            studentId: attendanceStays.studentId,
            classroomId: attendanceStays.classroomId,
            first: students.firstName,
            last: students.lastName,
            at: attendanceStays.checkInAt,
          })
          .from(attendanceStays)
          .innerJoin(students, eq(students.id, attendanceStays.studentId))
          .where(
            and(eq(attendanceStays.centerId, id), eq(attendanceStays.day, today), isNull(attendanceStays.checkOutAt)),
          )
          .orderBy(asc(students.firstName), asc(students.lastName)),
        db
          .select({ userId: staffShifts.userId, name: users.fullName })
          .from(staffShifts)
          .innerJoin(users, eq(users.id, staffShifts.userId))
          .where(and(eq(staffShifts.centerId, id), eq(staffShifts.day, today), isNull(staffShifts.clockOutAt)))
          .orderBy(asc(users.fullName)),
        alert
          ? db
              .select({ studentId: headcountMarks.studentId })
              .from(headcountMarks)
              .where(eq(headcountMarks.alertId, alert.id))
          : [],
      ]);
      const assigned = shifts.length
        ? await db
            .select({ userId: classroomTeachers.teacherId, classroomId: classroomTeachers.classroomId })
            .from(classroomTeachers)
            .where(
              inArray(
                classroomTeachers.teacherId,
                shifts.map((shift) => shift.userId),
              ),
            )
        : [];
      const ticked = new Set(marks.map((mark) => mark.studentId));
      const roomOf = (classroomId: string | null) => ({
        children: present
          .filter((child) => child.classroomId === classroomId)
          .map((child) => ({
            student_id: child.studentId,
            name: `${child.first} ${child.last}`.trim(),
            check_in_at: child.at.toISOString(),
            accounted: ticked.has(child.studentId),
          })),
        staff: shifts
          .filter((shift) => assigned.some((row) => row.userId === shift.userId && row.classroomId === classroomId))
          .map((shift) => ({ user_id: shift.userId, name: shift.name })),
      });
      const list: Headcount["rooms"] = rooms.map((room) => ({
        classroom_id: room.id,
        classroom_name: room.name,
        ...roomOf(room.id),
      }));
      const unplaced = roomOf(null);
      if (unplaced.children.length > 0) list.push({ classroom_id: null, classroom_name: "No classroom", ...unplaced });
      return {
        center_id: id,
        alert: alert
          ? {
              id: alert.id,
              alert_type: alert.alertType,
              message: alert.message,
              triggered_at: alert.triggeredAt.toISOString(),
            }
          : null,
        children_in: present.length,
        accounted: present.filter((child) => ticked.has(child.studentId)).length,
        rooms: list,
        other_staff: shifts
          .filter((shift) => !assigned.some((row) => row.userId === shift.userId))
          .map((shift) => ({ user_id: shift.userId, name: shift.name })),
      };
    },

    /** Ticks (or unticks) a child as accounted for during the centre's active alert. */
    async mark(caller: Caller, studentId: string, accounted: boolean) {
      assert(mayTakeAttendance(caller));
      const child = await childInScope(db, caller, studentId);
      const alert = await activeAlert(child.centerId);
      if (!alert) throw conflict(ATTENDANCE_MESSAGES.noAlert);
      const [open] = await db
        .select({ id: attendanceStays.id })
        .from(attendanceStays)
        .where(and(eq(attendanceStays.studentId, child.id), isNull(attendanceStays.checkOutAt)));
      if (!open) throw conflict(ATTENDANCE_MESSAGES.notCheckedInNow);
      if (accounted) {
        await db
          .insert(headcountMarks)
          .values({ alertId: alert.id, studentId: child.id, markedBy: caller.userId, markedAt: clock.now() })
          .onConflictDoNothing();
      } else {
        await db
          .delete(headcountMarks)
          .where(and(eq(headcountMarks.alertId, alert.id), eq(headcountMarks.studentId, child.id)));
      }
      realtime.toCentreStaff(child.centerId, "attendance-update", {
        center_id: child.centerId,
        classroom_id: child.classroomId,
      });
      return { student_id: child.id, accounted };
    },
  };
}
export type HeadcountService = ReturnType<typeof createHeadcountService>;
