import type { CentersReport } from "@sprout/shared/schemas/reports";
import { and, asc, count, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { attendanceDayCounts, studentCounts } from "../../db/schema/counts.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { centers } from "../../db/schema/organisations.ts";
import { toRupees } from "../../lib/money.ts";
import { moneyByMonth } from "../analytics/money.ts";
import { percent } from "../analytics/presenter.ts";
import { addDays, presentDaysOf, type ReportRange } from "./range.ts";

/**
 * Center Comparison over the range: enrolment now, child-days of attendance, enquiries and
 * admissions, and (for roles that see money) invoiced and received. One grouped query per figure.
 */
export async function centersReport(db: Database, range: ReportRange, withMoney: boolean): Promise<CentersReport> {
  const { from, to, centerIds } = range;
  if (centerIds.length === 0) return { from, to, centers: [] };
  const [list, enrolled, present, leads, money] = await Promise.all([
    db
      .select({ id: centers.id, name: centers.name, capacity: centers.capacity })
      .from(centers)
      .where(inArray(centers.id, centerIds))
      .orderBy(asc(centers.name)),
    db
      .select({ centerId: studentCounts.centerId, n: sql<number>`sum(${studentCounts.n})::int` })
      .from(studentCounts)
      .where(and(inArray(studentCounts.centerId, centerIds), inArray(studentCounts.status, ["active", "paused"])))
      .groupBy(studentCounts.centerId),
    // Child-days: children present per centre and day, kept by a trigger on the stays (migration 0037).
    db
      .select({ centerId: attendanceDayCounts.centerId, n: sql<number>`sum(${attendanceDayCounts.present})::int` })
      .from(attendanceDayCounts)
      .where(presentDaysOf(range))
      .groupBy(attendanceDayCounts.centerId),
    db
      .select({
        centerId: enquiries.centerId,
        n: count(),
        converted: sql<number>`(count(*) filter (where ${enquiries.studentId} is not null))::int`,
      })
      .from(enquiries)
      .where(
        and(inArray(enquiries.centerId, centerIds), gte(enquiries.enquiryDate, from), lte(enquiries.enquiryDate, to)),
      )
      .groupBy(enquiries.centerId),
    withMoney ? moneyByMonth(db, centerIds, from, addDays(to, 1)) : Promise.resolve([]),
  ]);
  return {
    from,
    to,
    centers: list.map((centre) => {
      const children = enrolled.find((row) => row.centerId === centre.id)?.n ?? 0;
      const lead = leads.find((row) => row.centerId === centre.id);
      const row = {
        id: centre.id,
        name: centre.name,
        capacity: centre.capacity,
        enrolled: children,
        occupancy: percent(children, centre.capacity),
        present_days: present.find((entry) => entry.centerId === centre.id)?.n ?? 0,
        enquiries: lead?.n ?? 0,
        converted: lead?.converted ?? 0,
      };
      if (!withMoney) return row;
      const own = money.filter((entry) => entry.centerId === centre.id);
      return {
        ...row,
        invoiced: toRupees(own.reduce((sum, entry) => sum + entry.invoicedPaise, 0)),
        received: toRupees(own.reduce((sum, entry) => sum + entry.receivedPaise, 0)),
      };
    }),
  };
}
