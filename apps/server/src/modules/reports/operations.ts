import type { AttendanceReport, EnquiriesReport, EnrolmentReport } from "@sprout/shared/schemas/reports";
import { and, count, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { attendanceAbsences } from "../../db/schema/attendance.ts";
import { students } from "../../db/schema/children.ts";
import { attendanceDayCounts } from "../../db/schema/counts.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { centers } from "../../db/schema/organisations.ts";
import { percent } from "../analytics/presenter.ts";
import { daysOf, presentDaysOf, type ReportRange } from "./range.ts";

const ids = (centerIds: string[]) =>
  sql`array[${sql.join(
    centerIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * Enrolment & Occupancy: per month, the children enrolled (active or paused) on its last day
 * (the range's end for the last month), those who joined and those who left in it, as a share of
 * the centres' capacity. A child who left counts as enrolled until their exit date (their
 * enrolment date when none was recorded).
 */
export async function enrolmentReport(db: Database, range: ReportRange): Promise<EnrolmentReport> {
  const { from, to, centerIds } = range;
  if (centerIds.length === 0) return { from, to, capacity: 0, months: [] };
  const [capacityRow] = await db
    .select({ capacity: sql<number>`coalesce(sum(${centers.capacity}), 0)::int` })
    .from(centers)
    .where(inArray(centers.id, centerIds));
  const capacity = capacityRow?.capacity ?? 0;
  const rows = await db.execute(sql`
    with months as (
      select greatest(gs::date, ${from}::date) as first,
             least((gs + interval '1 month' - interval '1 day')::date, ${to}::date) as last
      from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') as gs
    ),
    -- Joins and leavings per day first (one pass over the centres' children, a row per day),
    -- then summed up to each month's last day: no row per child and month.
    changes as (
      select d, sum(joined)::int as joined, sum(gone)::int as gone, sum(left_dated)::int as left_dated
      from (
        select s.enrollment_date as d, 1 as joined, 0 as gone, 0 as left_dated
        from ${students} s
        where s.center_id = any(${ids(centerIds)}) and s.enrollment_date <= ${to}::date
        union all
        select coalesce(s.exit_date, s.enrollment_date), 0, 1, (s.exit_date is not null)::int
        from ${students} s
        where s.center_id = any(${ids(centerIds)}) and s.status = 'left'
          and coalesce(s.exit_date, s.enrollment_date) <= ${to}::date
      ) as change
      group by d
    )
    select to_char(m.first, 'YYYY-MM') as month,
      coalesce(sum(c.joined - c.gone), 0)::int as enrolled,
      coalesce(sum(c.joined) filter (where c.d >= m.first), 0)::int as joined,
      coalesce(sum(c.left_dated) filter (where c.d >= m.first), 0)::int as left
    from months m
    left join changes c on c.d <= m.last
    group by m.first
    order by m.first`);
  return {
    from,
    to,
    capacity,
    months: rowsOf<{ month: string; enrolled: number; joined: number; left: number }>(rows).map((row) => ({
      month: row.month,
      enrolled: Number(row.enrolled),
      joined: Number(row.joined),
      left: Number(row.left),
      occupancy: percent(Number(row.enrolled), capacity),
    })),
  };
}

/** Attendance: per day, the children who came (at least one stay) and those marked absent. */
export async function attendanceReport(db: Database, range: ReportRange): Promise<AttendanceReport> {
  const { from, to, centerIds } = range;
  const empty = { from, to, days: [], total_present: 0, total_absent: 0 };
  if (centerIds.length === 0) return empty;
  const [present, absent] = await Promise.all([
    // Children present per centre and day are kept by a trigger on the stays (migration 0037).
    db
      .select({ day: attendanceDayCounts.day, n: sql<number>`sum(${attendanceDayCounts.present})::int` })
      .from(attendanceDayCounts)
      .where(presentDaysOf(range))
      .groupBy(attendanceDayCounts.day),
    db
      .select({ day: attendanceAbsences.day, n: count() })
      .from(attendanceAbsences)
      .where(
        and(
          inArray(attendanceAbsences.centerId, centerIds),
          gte(attendanceAbsences.day, from),
          lte(attendanceAbsences.day, to),
        ),
      )
      .groupBy(attendanceAbsences.day),
  ]);
  const presentOn = new Map(present.map((row) => [row.day, row.n]));
  const absentOn = new Map(absent.map((row) => [row.day, row.n]));
  const days = daysOf(from, to).map((date) => ({
    date,
    present: presentOn.get(date) ?? 0,
    absent: absentOn.get(date) ?? 0,
  }));
  return {
    from,
    to,
    days,
    total_present: days.reduce((sum, row) => sum + row.present, 0),
    total_absent: days.reduce((sum, row) => sum + row.absent, 0),
  };
}

/**
 * Enquiry Funnel: the enquiries made in the range, how many visited, were followed up, became
 * admissions (converted) or were lost, and conversion by source.
 */
export async function enquiriesReport(db: Database, range: ReportRange): Promise<EnquiriesReport> {
  const { from, to, centerIds } = range;
  const funnel = { received: 0, visited: 0, followed_up: 0, converted: 0, lost: 0, open: 0 };
  if (centerIds.length === 0) return { from, to, funnel, sources: [] };
  const rows = await db
    .select({
      source: enquiries.source,
      received: count(),
      visited: sql<number>`(count(*) filter (where ${enquiries.visited}))::int`,
      followedUp: sql<number>`(count(*) filter (where ${enquiries.followUpFlag} or ${enquiries.status} = 'Follow-up'))::int`,
      converted: sql<number>`(count(*) filter (where ${enquiries.studentId} is not null))::int`,
      lost: sql<number>`(count(*) filter (where ${enquiries.status} = 'Lost'))::int`,
      open: sql<number>`(count(*) filter (where ${enquiries.status} in ('Open', 'Follow-up')))::int`,
    })
    .from(enquiries)
    .where(
      and(inArray(enquiries.centerId, centerIds), gte(enquiries.enquiryDate, from), lte(enquiries.enquiryDate, to)),
    )
    .groupBy(enquiries.source)
    .orderBy(sql`count(*) desc`, enquiries.source);
  for (const row of rows) {
    funnel.received += row.received;
    funnel.visited += row.visited;
    funnel.followed_up += row.followedUp;
    funnel.converted += row.converted;
    funnel.lost += row.lost;
    funnel.open += row.open;
  }
  return {
    from,
    to,
    funnel,
    sources: rows.map((row) => ({
      source: row.source,
      enquiries: row.received,
      converted: row.converted,
      conversion: percent(row.converted, row.received),
    })),
  };
}
