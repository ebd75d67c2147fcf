import type { ComparedCentre } from "@sprout/shared/schemas/analytics";
import { OPEN_ENQUIRY_STATUSES } from "@sprout/shared/schemas/enquiries";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { classrooms } from "../../db/schema/children.ts";
import { studentCounts } from "../../db/schema/counts.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { centers } from "../../db/schema/organisations.ts";
import { staff } from "../../db/schema/staff.ts";
import type { Clock } from "../../lib/clock.ts";
import { toRupees } from "../../lib/money.ts";
import { onCentresDay, ratiosByCentre } from "../attendance/ratios.ts";
import { centreDay } from "../attendance/time.ts";
import { firstDay, monthOf, nextMonthStart } from "./calendar.ts";
import { moneyByMonth, outstandingByCentre } from "./money.ts";
import { centresOf } from "./policy.ts";
import { percent, presentCentre } from "./presenter.ts";

const byCentre = <T extends { centerId: string }>(rows: T[]) => new Map(rows.map((row) => [row.centerId, row]));

/** Each centre side by side: one grouped query per figure, whatever the number of centres. */
export function createComparisonService({ db, clock }: { db: Database; clock: Clock }) {
  async function compare(centerIds: string[]): Promise<Required<ComparedCentre>[]> {
    if (centerIds.length === 0) return [];
    const now = clock.now();
    const centres = await db
      .select({
        id: centers.id,
        name: centers.name,
        isActive: centers.isActive,
        capacity: centers.capacity,
        timeZone: centers.timeZone,
      })
      .from(centers)
      .where(inArray(centers.id, centerIds))
      .orderBy(asc(centers.name));
    const todayOf = new Map(centres.map((centre) => [centre.id, centreDay(centre.timeZone, now)]));
    const thisMonth = monthOf(centreDay(centres[0]?.timeZone ?? "Asia/Kolkata", now));
    const [students, staffRows, rooms, open, inNow, money, owed, outOfRatio] = await Promise.all([
      db
        .select({ centerId: studentCounts.centerId, n: sql<number>`sum(${studentCounts.n})::int` })
        .from(studentCounts)
        .where(and(inArray(studentCounts.centerId, centerIds), inArray(studentCounts.status, ["active", "paused"])))
        .groupBy(studentCounts.centerId),
      db
        .select({ centerId: staff.centerId, n: count() })
        .from(staff)
        .where(and(inArray(staff.centerId, centerIds), eq(staff.activeStatus, true)))
        .groupBy(staff.centerId),
      db
        .select({ centerId: classrooms.centerId, n: count() })
        .from(classrooms)
        .where(inArray(classrooms.centerId, centerIds))
        .groupBy(classrooms.centerId),
      db
        .select({ centerId: enquiries.centerId, n: count() })
        .from(enquiries)
        .where(and(inArray(enquiries.centerId, centerIds), inArray(enquiries.status, [...OPEN_ENQUIRY_STATUSES])))
        .groupBy(enquiries.centerId),
      db
        .select({ centerId: attendanceStays.centerId, n: count() })
        .from(attendanceStays)
        // A stay left open on an earlier day is not a child in now.
        .where(
          and(onCentresDay(todayOf, attendanceStays.centerId, attendanceStays.day), isNull(attendanceStays.checkOutAt)),
        )
        .groupBy(attendanceStays.centerId),
      moneyByMonth(db, centerIds, firstDay(thisMonth), nextMonthStart(thisMonth)),
      outstandingByCentre(db, centerIds),
      ratiosByCentre(db, todayOf).then((rooms) =>
        [...rooms].map(([centerId, ratios]) => ({ centerId, n: ratios.filter((room) => !room.in_ratio).length })),
      ),
    ]);
    const maps = {
      students: byCentre(students),
      staff: byCentre(staffRows),
      rooms: byCentre(rooms),
      open: byCentre(open),
      inNow: byCentre(inNow),
      money: byCentre(money),
      owed: byCentre(owed),
      outOfRatio: byCentre(outOfRatio),
    };
    return centres.map((centre) => {
      const enrolled = maps.students.get(centre.id)?.n ?? 0;
      return {
        id: centre.id,
        name: centre.name,
        is_active: centre.isActive,
        capacity: centre.capacity,
        student_count: enrolled,
        staff_count: maps.staff.get(centre.id)?.n ?? 0,
        classroom_count: maps.rooms.get(centre.id)?.n ?? 0,
        occupancy: percent(enrolled, centre.capacity),
        open_enquiries: maps.open.get(centre.id)?.n ?? 0,
        children_in_now: maps.inNow.get(centre.id)?.n ?? 0,
        rooms_out_of_ratio: maps.outOfRatio.get(centre.id)?.n ?? 0,
        received_this_month: toRupees(maps.money.get(centre.id)?.receivedPaise ?? 0),
        outstanding: toRupees(maps.owed.get(centre.id)?.outstandingPaise ?? 0),
      };
    });
  }

  return {
    compare,
    async centerComparison(caller: Caller, centerId?: string) {
      const centres = await compare(centresOf(await caller.scope(), centerId));
      return { centers: centres.map((centre) => presentCentre(caller, centre)) };
    },
  };
}
export type ComparisonService = ReturnType<typeof createComparisonService>;
