import type { PaymentClaim } from "@sprout/shared/schemas/fee-collection/pay";
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invoices, payments } from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { paymentClaims } from "../../db/schema/fee-collection.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { toRupees } from "../../lib/money.ts";

/** A claim with what its readers see beside it: the invoice, child, centre, claimant and receipt. */
export function selectClaims(executor: Database) {
  return executor
    .select({
      id: paymentClaims.id,
      invoiceId: paymentClaims.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      childName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      centerName: centers.name,
      utr: paymentClaims.utr,
      amountPaise: paymentClaims.amountPaise,
      paidOn: paymentClaims.paidOn,
      status: paymentClaims.status,
      rejectReason: paymentClaims.rejectReason,
      claimedByName: users.fullName,
      claimedAt: paymentClaims.claimedAt,
      decidedAt: paymentClaims.decidedAt,
      receiptNumber: payments.receiptNumber,
    })
    .from(paymentClaims)
    .innerJoin(invoices, eq(invoices.id, paymentClaims.invoiceId))
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(centers, eq(centers.id, paymentClaims.centerId))
    .leftJoin(users, eq(users.id, paymentClaims.claimedBy))
    .leftJoin(payments, eq(payments.id, paymentClaims.paymentId));
}
export type ClaimRow = Awaited<ReturnType<ReturnType<typeof selectClaims>["execute"]>>[number];

/** Newest first, the same order for the finance list and an invoice's claims. */
export const newestClaimsFirst = [desc(paymentClaims.claimedAt), desc(paymentClaims.id)];

/** A claim as the parent who made it and the finance staff read it (the same fields serve both). */
export function toPaymentClaim(row: ClaimRow): PaymentClaim {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    child_name: row.childName.trim(),
    center_name: row.centerName,
    utr: row.utr,
    amount: toRupees(row.amountPaise),
    paid_on: row.paidOn,
    status: row.status,
    reject_reason: row.rejectReason,
    claimed_by_name: row.claimedByName,
    claimed_at: row.claimedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    receipt_number: row.receiptNumber,
  };
}
