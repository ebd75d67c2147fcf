import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";
import { attendanceStays } from "../src/db/schema/attendance.ts";
import { students } from "../src/db/schema/children.ts";
import { centreDay } from "../src/modules/attendance/time.ts";
import { TEST_START } from "./templates.ts";

/** The test clock's day in Bengaluru, which the demo data has under way (see db/demo-today.ts). */
export const DEMO_TODAY = centreDay("Asia/Kolkata", TEST_START);

export interface DemoKid {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * A room as the demo left it at the test clock (12:00 in Bengaluru): the enrolled children who
 * arrived this morning and are in now, and those who have not come today, each by first name.
 * Tests that check children in, or need a child who is not here, pick from `notArrived`.
 */
export async function demoRoomToday(db: Database, classroomId: string) {
  const kids = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.classroomId, classroomId), eq(students.status, "active")))
    .orderBy(asc(students.firstName), asc(students.id));
  const stays = kids.length
    ? await db
        .select({ studentId: attendanceStays.studentId, out: attendanceStays.checkOutAt })
        .from(attendanceStays)
        .where(
          and(
            eq(attendanceStays.day, DEMO_TODAY),
            inArray(
              attendanceStays.studentId,
              kids.map((kid) => kid.id),
            ),
          ),
        )
    : [];
  const inNow = new Set(stays.filter((stay) => stay.out === null).map((stay) => stay.studentId));
  const came = new Set(stays.map((stay) => stay.studentId));
  return {
    present: kids.filter((kid) => inNow.has(kid.id)),
    notArrived: kids.filter((kid) => !came.has(kid.id)),
  };
}

/** The active children of a centre who have not come today (for check-ins from a clean slate). */
export async function demoNotArrived(db: Database, centerId: string) {
  const kids = await db
    .select({ id: students.id, classroomId: students.classroomId })
    .from(students)
    .where(and(eq(students.centerId, centerId), eq(students.status, "active"), isNotNull(students.classroomId)));
  const came = new Set(
    (
      await db
        .select({ studentId: attendanceStays.studentId })
        .from(attendanceStays)
        .where(and(eq(attendanceStays.centerId, centerId), eq(attendanceStays.day, DEMO_TODAY)))
    ).map((stay) => stay.studentId),
  );
  return kids.filter((kid) => !came.has(kid.id));
}
