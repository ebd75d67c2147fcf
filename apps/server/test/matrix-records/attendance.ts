import { eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { attendanceStays, staffLeave } from "../../src/db/schema/attendance.ts";
import { centers } from "../../src/db/schema/organisations.ts";
import { users } from "../../src/db/schema/users.ts";

/**
 * Attendance records of another centre that the permission matrix names in its foreign calls: a
 * finished stay of one of its children and a leave request of one of its teachers, both made
 * before the test clock's morning (2026-11-20T06:30Z). Test data only (apps/server/test).
 */
export async function attendanceMatrixRecords(
  db: Database,
  { other, otherStudent }: { other: string; otherStudent: string },
) {
  const [centre] = await db
    .select({ organisationId: centers.organisationId })
    .from(centers)
    .where(eq(centers.id, other));
  const [teacher] = await db
    .insert(users)
    .values({
      organisationId: centre!.organisationId,
      centerId: other,
      email: "matrix.leave.teacher.other@sprout.test",
      fullName: "Matrix leave teacher",
      role: "teacher",
    })
    .returning({ id: users.id });
  // Checked out the same day: an open stay would stand in the way of the other centre's check-ins.
  const [stay] = await db
    .insert(attendanceStays)
    .values({
      organisationId: centre!.organisationId,
      centerId: other,
      studentId: otherStudent,
      day: "2026-11-19",
      checkInAt: new Date("2026-11-19T03:30:00Z"),
      checkOutAt: new Date("2026-11-19T10:30:00Z"),
    })
    .returning({ id: attendanceStays.id });
  const [leave] = await db
    .insert(staffLeave)
    .values({
      centerId: other,
      userId: teacher!.id,
      startDate: "2030-01-14",
      endDate: "2030-01-15",
      recordedBy: teacher!.id,
      leaveType: "casual",
      status: "requested",
      createdAt: new Date("2026-11-19T05:30:00Z"),
    })
    .returning({ id: staffLeave.id });
  return { otherStay: stay!.id, otherLeave: leave!.id };
}
