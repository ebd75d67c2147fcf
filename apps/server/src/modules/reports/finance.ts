import { AGEING_BUCKETS, type DuesReport, type RevenueReport } from "@sprout/shared/schemas/reports";
import { and, asc, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invoices } from "../../db/schema/billing.ts";
import { centers } from "../../db/schema/organisations.ts";
import { toRupees } from "../../lib/money.ts";
import { moneyByMonth } from "../analytics/money.ts";
import { percent } from "../analytics/presenter.ts";
import { addDays, monthsOf, type ReportRange } from "./range.ts";

/** Revenue & Collections: per month, invoices issued (not cancelled) and payments received. */
export async function revenueReport(db: Database, range: ReportRange): Promise<RevenueReport> {
  const { from, to, centerIds } = range;
  const money = await moneyByMonth(db, centerIds, from, addDays(to, 1));
  const months = monthsOf(from, to).map((month) => {
    const rows = money.filter((row) => row.month === month);
    const invoicedPaise = rows.reduce((sum, row) => sum + row.invoicedPaise, 0);
    const receivedPaise = rows.reduce((sum, row) => sum + row.receivedPaise, 0);
    return {
      month,
      invoices: rows.reduce((sum, row) => sum + row.invoices, 0),
      invoiced: toRupees(invoicedPaise),
      payments: rows.reduce((sum, row) => sum + row.payments, 0),
      received: toRupees(receivedPaise),
      collection_rate: invoicedPaise > 0 ? percent(receivedPaise, invoicedPaise) : null,
      invoicedPaise,
      receivedPaise,
    };
  });
  return {
    from,
    to,
    months: months.map(({ invoicedPaise: _i, receivedPaise: _r, ...row }) => row),
    total_invoiced: toRupees(months.reduce((sum, row) => sum + row.invoicedPaise, 0)),
    total_received: toRupees(months.reduce((sum, row) => sum + row.receivedPaise, 0)),
  };
}

/**
 * Dues Ageing, today: what each Pending or Overdue invoice still owes, by the days since its due
 * date (invoices not yet due count in 0–30), per centre. The range does not apply: dues are now.
 */
export async function duesReport(db: Database, range: ReportRange): Promise<DuesReport> {
  const { today, centerIds } = range;
  const empty = AGEING_BUCKETS.map((bucket) => ({ bucket, invoices: 0, amount: 0 }));
  if (centerIds.length === 0) return { as_of: today, buckets: empty, centers: [], total_invoices: 0, total_amount: 0 };
  // The bucket is grouped by its position: a parameter repeated in GROUP BY is not the same expression.
  const age = sql`(${today}::date - ${invoices.dueDate})`;
  const bucket = sql<string>`case when ${age} <= 30 then '0-30' when ${age} <= 60 then '31-60' when ${age} <= 90 then '61-90' else '90+' end`;
  const rows = await db
    .select({
      centerId: invoices.centerId,
      bucket,
      n: sql<number>`count(*)::int`,
      owed: sql<string>`sum(${invoices.totalPaise} - ${invoices.paidPaise})::bigint`,
    })
    .from(invoices)
    .where(and(inArray(invoices.centerId, centerIds), inArray(invoices.status, ["Pending", "Overdue"])))
    .groupBy(invoices.centerId, sql`2`);
  const names = await db
    .select({ id: centers.id, name: centers.name })
    .from(centers)
    .where(inArray(centers.id, centerIds))
    .orderBy(asc(centers.name));
  const owedPaise = (filter: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(filter).reduce((sum, row) => sum + Number(row.owed), 0);
  return {
    as_of: today,
    buckets: AGEING_BUCKETS.map((name) => ({
      bucket: name,
      invoices: rows.filter((row) => row.bucket === name).reduce((sum, row) => sum + row.n, 0),
      amount: toRupees(owedPaise((row) => row.bucket === name)),
    })),
    centers: names
      .filter((centre) => rows.some((row) => row.centerId === centre.id))
      .map((centre) => ({
        id: centre.id,
        name: centre.name,
        amounts: AGEING_BUCKETS.map((name) =>
          toRupees(owedPaise((row) => row.centerId === centre.id && row.bucket === name)),
        ),
        total: toRupees(owedPaise((row) => row.centerId === centre.id)),
      })),
    total_invoices: rows.reduce((sum, row) => sum + row.n, 0),
    total_amount: toRupees(owedPaise(() => true)),
  };
}
