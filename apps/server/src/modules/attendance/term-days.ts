import { and, between, countDistinct, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";

/** A child's attendance over a span of days, counted as the monthly report counts it. */
export interface SpanAttendance {
  /** Days the child was checked in (one or more stays). */
  daysPresent: number;
  /** Days the centre was open: days on which any child of the centre was checked in. */
  daysOpen: number;
  /** Days marked absent. */
  daysAbsent: number;
}

/**
 * Attendance of some children of one centre from `first` to `last` (inclusive), for the term's
 * progress card (issue 36): present days are distinct days with a stay, as in the monthly report;
 * the centre keeps no calendar of holidays, so the days it was open are the days it checked
 * anyone in. Three grouped counts, whatever the number of children.
 */
export async function attendanceOverSpan(
  db: Database,
  centerId: string,
  childIds: string[],
  first: string,
  last: string,
): Promise<Map<string, SpanAttendance> & { daysOpen: number }> {
  const answer = new Map<string, SpanAttendance>() as Map<string, SpanAttendance> & { daysOpen: number };
  answer.daysOpen = 0;
  if (first > last) {
    for (const id of childIds) answer.set(id, { daysPresent: 0, daysOpen: 0, daysAbsent: 0 });
    return answer;
  }
  const inSpan = (day: typeof attendanceStays.day) => between(day, first, last);
  const [open, present, absent] = await Promise.all([
    db
      .select({ days: countDistinct(attendanceStays.day) })
      .from(attendanceStays)
      .where(and(eq(attendanceStays.centerId, centerId), inSpan(attendanceStays.day))),
    childIds.length
      ? db
          .select({ studentId: attendanceStays.studentId, days: countDistinct(attendanceStays.day) })
          .from(attendanceStays)
          .where(
            and(
              eq(attendanceStays.centerId, centerId),
              inArray(attendanceStays.studentId, childIds),
              inSpan(attendanceStays.day),
            ),
          )
          .groupBy(attendanceStays.studentId)
      : [],
    childIds.length
      ? db
          .select({ studentId: attendanceAbsences.studentId, days: countDistinct(attendanceAbsences.day) })
          .from(attendanceAbsences)
          .where(
            and(
              eq(attendanceAbsences.centerId, centerId),
              inArray(attendanceAbsences.studentId, childIds),
              between(attendanceAbsences.day, first, last),
            ),
          )
          .groupBy(attendanceAbsences.studentId)
      : [],
  ]);
  const daysOpen = Number(open[0]?.days ?? 0);
  answer.daysOpen = daysOpen;
  const presentOf = new Map(present.map((row) => [row.studentId, Number(row.days)]));
  const absentOf = new Map(absent.map((row) => [row.studentId, Number(row.days)]));
  for (const id of childIds) {
    answer.set(id, { daysPresent: presentOf.get(id) ?? 0, daysOpen, daysAbsent: absentOf.get(id) ?? 0 });
  }
  return answer;
}
