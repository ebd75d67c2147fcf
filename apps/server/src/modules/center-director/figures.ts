import { and, avg, count, countDistinct, desc, eq, gte, inArray, lte, ne, sql, sum } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { invoices } from "../../db/schema/billing.ts";
import { budgetLimits, budgetRequests } from "../../db/schema/budget.ts";
import { parentFeedback } from "../../db/schema/communication.ts";
import { studentCounts } from "../../db/schema/counts.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { incidents } from "../../db/schema/incidents.ts";

/**
 * The read-only counts the dashboard takes from other areas' tables, each with the same filter as
 * that area's own list (docs/decisions.md, "Center Director dashboard"), so that a card's figure
 * is what the list behind it shows.
 */

export interface Centre {
  id: string;
  name: string;
  capacity: number;
  timeZone: string;
}

/** YYYY-MM-DD arithmetic on calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The instant a centre's calendar day begins, in SQL (the centre's own midnight). */
const centreMidnight = (day: string, timeZone: string) => sql`(${day}::timestamp at time zone ${timeZone})`;

/**
 * The centre's enrolment by status, from the kept counts: enrolled = active + paused (a paused
 * child keeps their place and comes back on their end date), the same figure as the Children
 * list's Enrolled, the owner's Total Students and centre card, and the Enrolment report.
 * `active` (the children expected in today) is the attendance rate's denominator.
 */
export async function enrolment(db: Database, centerId: string) {
  const rows = await db
    .select({ status: studentCounts.status, n: studentCounts.n })
    .from(studentCounts)
    .where(and(eq(studentCounts.centerId, centerId), inArray(studentCounts.status, ["active", "paused"])));
  const active = rows.find((row) => row.status === "active")?.n ?? 0;
  const paused = rows.find((row) => row.status === "paused")?.n ?? 0;
  return { enrolled: active + paused, active };
}

/** Children checked in at least once on a day (a child who came back counts once). */
export const childrenPresent = async (db: Database, centerId: string, day: string) =>
  (
    await db
      .select({ n: countDistinct(attendanceStays.studentId) })
      .from(attendanceStays)
      .where(and(eq(attendanceStays.centerId, centerId), eq(attendanceStays.day, day)))
  )[0]?.n ?? 0;

/** Invoiced and received this month, of the invoices issued this month and not cancelled. */
export async function monthCollections(db: Database, centerId: string, today: string) {
  const [row] = await db
    .select({
      invoiced: sum(invoices.totalPaise).mapWith(Number),
      paid: sum(invoices.paidPaise).mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.centerId, centerId),
        ne(invoices.status, "Cancelled"),
        gte(invoices.issueDate, monthStart(today)),
        lte(invoices.issueDate, today),
      ),
    );
  return { invoicedPaise: row?.invoiced ?? 0, paidPaise: row?.paid ?? 0 };
}

/** Enquiries received in the last 90 days, and how many of them became admissions. */
export async function enquiryFunnel(db: Database, centerId: string, today: string) {
  const [row] = await db
    .select({ total: count(), converted: count(enquiries.studentId) })
    .from(enquiries)
    .where(and(eq(enquiries.centerId, centerId), gte(enquiries.enquiryDate, addDays(today, -89))));
  return { total: row?.total ?? 0, converted: row?.converted ?? 0 };
}

export async function incidentFigures(db: Database, centre: Centre, today: string) {
  const [row] = await db
    .select({
      thisMonth:
        sql<number>`count(*) filter (where ${incidents.occurredAt} >= ${centreMidnight(monthStart(today), centre.timeZone)})`.mapWith(
          Number,
        ),
      pending: sql<number>`count(*) filter (where ${incidents.status} <> 'resolved')`.mapWith(Number),
      critical:
        sql<number>`count(*) filter (where ${incidents.status} <> 'resolved' and ${incidents.severity} = 'critical')`.mapWith(
          Number,
        ),
    })
    .from(incidents)
    .where(eq(incidents.centerId, centre.id));
  const recent = await db
    .select({
      id: incidents.id,
      incidentType: incidents.incidentType,
      occurredAt: incidents.occurredAt,
      status: incidents.status,
      severity: incidents.severity,
    })
    .from(incidents)
    .where(eq(incidents.centerId, centre.id))
    .orderBy(desc(incidents.occurredAt), desc(incidents.id))
    .limit(5);
  return { thisMonth: row?.thisMonth ?? 0, pending: row?.pending ?? 0, critical: row?.critical ?? 0, recent };
}

/** All of the centre's feedback, what still waits for an answer, and the average rating. */
export async function feedbackFigures(db: Database, centerId: string, since?: Date) {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${parentFeedback.status} = 'pending')`.mapWith(Number),
      average: avg(parentFeedback.rating).mapWith(Number),
    })
    .from(parentFeedback)
    .where(and(eq(parentFeedback.centerId, centerId), since ? gte(parentFeedback.createdAt, since) : undefined));
  return {
    total: row?.total ?? 0,
    pending: row?.pending ?? 0,
    average: row?.average === null || row?.average === undefined || row.total === 0 ? null : row.average,
  };
}

/** The centre's budget requests of a fiscal year, and the director's approval limit for it. */
export async function budgetFigures(db: Database, centerId: string, fiscalYear: number) {
  const [requests] = await db
    .select({
      approved:
        sql<number>`coalesce(sum(${budgetRequests.amountPaise}) filter (where ${budgetRequests.status} = 'approved'), 0)`.mapWith(
          Number,
        ),
      pendingCount: sql<number>`count(*) filter (where ${budgetRequests.status} = 'pending')`.mapWith(Number),
      pendingAmount:
        sql<number>`coalesce(sum(${budgetRequests.amountPaise}) filter (where ${budgetRequests.status} = 'pending'), 0)`.mapWith(
          Number,
        ),
    })
    .from(budgetRequests)
    .where(and(eq(budgetRequests.centerId, centerId), eq(budgetRequests.fiscalYear, fiscalYear)));
  const [limit] = await db
    .select({ limit: budgetLimits.approvalLimitPaise, used: budgetLimits.usedPaise })
    .from(budgetLimits)
    .where(
      and(
        eq(budgetLimits.centerId, centerId),
        eq(budgetLimits.role, "center_director"),
        eq(budgetLimits.fiscalYear, fiscalYear),
        eq(budgetLimits.isActive, true),
        sql`${budgetLimits.category} is null`,
      ),
    )
    .limit(1);
  return {
    approvedPaise: requests?.approved ?? 0,
    pendingCount: requests?.pendingCount ?? 0,
    pendingPaise: requests?.pendingAmount ?? 0,
    limit: limit ?? null,
  };
}
