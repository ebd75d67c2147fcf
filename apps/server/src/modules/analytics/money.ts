import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invoiceOwed, moneyDayTotals } from "../../db/schema/counts.ts";

/**
 * Money figures per centre and month, in paise. Invoiced: invoices by issue date, cancelled ones
 * left out (as the Billing list's totals do). Received: payments by the day they were paid.
 */
export interface MonthMoney {
  centerId: string;
  month: string;
  invoices: number;
  invoicedPaise: number;
  payments: number;
  receivedPaise: number;
}

/**
 * Money invoiced and received in [from, toExclusive), per centre and month, summed from the
 * per-centre daily totals that triggers on invoices and payments keep (migration 0037).
 */
export async function moneyByMonth(
  db: Database,
  centerIds: string[],
  from: string,
  toExclusive: string,
): Promise<MonthMoney[]> {
  if (centerIds.length === 0) return [];
  const month = sql<string>`to_char(${moneyDayTotals.day}::date, 'YYYY-MM')`;
  const rows = await db
    .select({
      centerId: moneyDayTotals.centerId,
      month,
      invoices: sql<number>`sum(${moneyDayTotals.invoices})::int`,
      invoicedPaise: sql<string>`sum(${moneyDayTotals.invoicedPaise})::bigint`,
      payments: sql<number>`sum(${moneyDayTotals.payments})::int`,
      receivedPaise: sql<string>`sum(${moneyDayTotals.receivedPaise})::bigint`,
    })
    .from(moneyDayTotals)
    .where(
      and(
        inArray(moneyDayTotals.centerId, centerIds),
        gte(moneyDayTotals.day, from),
        lt(moneyDayTotals.day, toExclusive),
      ),
    )
    .groupBy(moneyDayTotals.centerId, month)
    .having(sql`sum(${moneyDayTotals.invoices}) <> 0 or sum(${moneyDayTotals.payments}) <> 0`);
  return rows.map((row) => ({
    ...row,
    invoicedPaise: Number(row.invoicedPaise),
    receivedPaise: Number(row.receivedPaise),
  }));
}

/** What Pending and Overdue invoices still owe, per centre, in paise (kept by triggers, migration 0038). */
export async function outstandingByCentre(db: Database, centerIds: string[]) {
  if (centerIds.length === 0) return [];
  const rows = await db
    .select({
      centerId: invoiceOwed.centerId,
      outstanding: sql<string>`coalesce(sum(${invoiceOwed.owedPaise}), 0)::bigint`,
      overdue: sql<string>`coalesce(sum(${invoiceOwed.owedPaise}) filter (where ${invoiceOwed.status} = 'Overdue'), 0)::bigint`,
    })
    .from(invoiceOwed)
    .where(and(inArray(invoiceOwed.centerId, centerIds), inArray(invoiceOwed.status, ["Pending", "Overdue"])))
    .groupBy(invoiceOwed.centerId);
  return rows.map((row) => ({
    centerId: row.centerId,
    outstandingPaise: Number(row.outstanding),
    overduePaise: Number(row.overdue),
  }));
}
