import { and, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invoices, payments } from "../../db/schema/billing.ts";

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

const month = (column: typeof invoices.issueDate | typeof payments.paidOn) =>
  sql<string>`to_char(${column}, 'YYYY-MM')`;

/** Money invoiced and received in [from, toExclusive), per centre and month. */
export async function moneyByMonth(
  db: Database,
  centerIds: string[],
  from: string,
  toExclusive: string,
): Promise<MonthMoney[]> {
  if (centerIds.length === 0) return [];
  const [billed, paid] = await Promise.all([
    db
      .select({
        centerId: invoices.centerId,
        month: month(invoices.issueDate),
        n: sql<number>`count(*)::int`,
        paise: sql<string>`coalesce(sum(${invoices.totalPaise}), 0)::bigint`,
      })
      .from(invoices)
      .where(
        and(
          inArray(invoices.centerId, centerIds),
          gte(invoices.issueDate, from),
          lt(invoices.issueDate, toExclusive),
          ne(invoices.status, "Cancelled"),
        ),
      )
      .groupBy(invoices.centerId, month(invoices.issueDate)),
    db
      .select({
        centerId: invoices.centerId,
        month: month(payments.paidOn),
        n: sql<number>`count(*)::int`,
        paise: sql<string>`coalesce(sum(${payments.amountPaise}), 0)::bigint`,
      })
      .from(payments)
      .innerJoin(invoices, sql`${invoices.id} = ${payments.invoiceId}`)
      .where(and(inArray(invoices.centerId, centerIds), gte(payments.paidOn, from), lt(payments.paidOn, toExclusive)))
      .groupBy(invoices.centerId, month(payments.paidOn)),
  ]);
  const rows = new Map<string, MonthMoney>();
  const row = (centerId: string, m: string) => {
    const key = `${centerId}|${m}`;
    let found = rows.get(key);
    if (!found) {
      found = { centerId, month: m, invoices: 0, invoicedPaise: 0, payments: 0, receivedPaise: 0 };
      rows.set(key, found);
    }
    return found;
  };
  for (const b of billed) {
    const target = row(b.centerId, b.month);
    target.invoices = b.n;
    target.invoicedPaise = Number(b.paise);
  }
  for (const p of paid) {
    const target = row(p.centerId, p.month);
    target.payments = p.n;
    target.receivedPaise = Number(p.paise);
  }
  return [...rows.values()];
}

/** What Pending and Overdue invoices still owe, per centre, in paise. */
export async function outstandingByCentre(db: Database, centerIds: string[]) {
  if (centerIds.length === 0) return [];
  const rows = await db
    .select({
      centerId: invoices.centerId,
      outstanding: sql<string>`coalesce(sum(${invoices.totalPaise} - ${invoices.paidPaise}), 0)::bigint`,
      overdue: sql<string>`coalesce(sum(${invoices.totalPaise} - ${invoices.paidPaise}) filter (where ${invoices.status} = 'Overdue'), 0)::bigint`,
    })
    .from(invoices)
    .where(and(inArray(invoices.centerId, centerIds), inArray(invoices.status, ["Pending", "Overdue"])))
    .groupBy(invoices.centerId);
  return rows.map((row) => ({
    centerId: row.centerId,
    outstandingPaise: Number(row.outstanding),
    overduePaise: Number(row.overdue),
  }));
}
