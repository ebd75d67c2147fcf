import { and, eq, sql } from "drizzle-orm";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoices, payments } from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { notFound } from "../../lib/errors.ts";
import type { Receipt } from "../../pdf/receipt.ts";
import { invoiceInScope, UUID } from "../billing/queries.ts";

const receiptNotFound = () => notFound("Receipt");

export function createReceiptsService({ db }: { db: Database }) {
  return {
    /**
     * A payment's receipt, when the caller may read its invoice (a parent: their own child's;
     * staff: their centres'); any other payment, or one recorded before receipts had numbers,
     * answers 404.
     */
    async receipt(scope: Scope, paymentId: string): Promise<Receipt> {
      if (!UUID.test(paymentId)) throw receiptNotFound();
      const earlier = sql`(select coalesce(sum(p2.amount_paise), 0)::bigint from payments p2
        where p2.invoice_id = ${payments.invoiceId}
          and (p2.recorded_at, p2.id) <= (${payments.recordedAt}, ${payments.id}))`;
      const [row] = await db
        .select({
          receiptNumber: payments.receiptNumber,
          paidOn: payments.paidOn,
          recordedAt: payments.recordedAt,
          amountPaise: payments.amountPaise,
          mode: payments.mode,
          utr: payments.utr,
          reference: payments.reference,
          invoiceNumber: invoices.invoiceNumber,
          childName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
          studentId: students.studentId,
          balanceAfterPaise: sql<number>`(${invoices.totalPaise} - ${invoices.creditedPaise} - ${earlier})::bigint`,
          centre: centers,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(students, eq(students.id, invoices.studentId))
        .innerJoin(centers, eq(centers.id, invoices.centerId))
        .where(and(eq(payments.id, paymentId), invoiceInScope(scope)));
      if (!row?.receiptNumber) throw receiptNotFound();
      return {
        ...row,
        receiptNumber: row.receiptNumber,
        childName: row.childName.trim(),
        balanceAfterPaise: Math.max(0, Number(row.balanceAfterPaise)),
      };
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
