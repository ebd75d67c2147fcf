import { english } from "@sprout/shared/i18n/english";
import { BILLING_MESSAGES } from "@sprout/shared/schemas/billing";
import { todayIn } from "@sprout/shared/schemas/children";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invoices, type PAYMENT_MODES, payments } from "../../db/schema/billing.ts";
import { paymentUtrs } from "../../db/schema/fee-collection.ts";
import { writeAudit } from "../../lib/audit.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { documentNumber, financialYearOf, takeNumbers } from "../fee-collection/series.ts";
import { INVOICE_MESSAGES, wrongState } from "./messages.ts";
import type { InvoiceRow } from "./queries.ts";

export const PAYMENT_MESSAGES = {
  utrUsed: english("server.payments.utrUsed"),
} as const;

export interface PaymentInput {
  amountPaise: number;
  paidOn: string;
  mode: (typeof PAYMENT_MODES)[number];
  reference?: string | null;
  /** The bank's 12-digit UPI reference; one UTR is one payment, whichever way it arrived. */
  utr?: string | null;
}

/**
 * Records money received against an invoice the caller has locked (`for update`) in `tx`: every
 * way a payment arrives (typed in by the office, a confirmed claim, a bank statement match) goes
 * through here, so each gets a receipt number from the centre's series, part payments add up,
 * the invoice is Paid once nothing is outstanding, and the change is audited in the same
 * transaction. `registerUtr: false` when the UTR is already in `payment_utrs` (a claim's).
 */
export async function recordPaymentIn(
  tx: Database,
  row: InvoiceRow,
  input: PaymentInput,
  actor: { userId: string | null; now: Date },
  { registerUtr = true, auditAction = "invoice.payment" } = {},
): Promise<{ paymentId: string; receiptNumber: string; status: InvoiceRow["status"] }> {
  if (row.status === "Paid") throw wrongState(INVOICE_MESSAGES.alreadyPaid);
  if (row.status === "Cancelled") throw wrongState(INVOICE_MESSAGES.cancelled);
  const outstanding = row.totalPaise - row.paidPaise - row.creditedPaise;
  if (input.amountPaise > outstanding) {
    const message = INVOICE_MESSAGES.exceedsBalance(outstanding);
    throw badRequest(message, { amount: message });
  }
  if (input.paidOn > todayIn(row.timeZone, actor.now)) {
    throw badRequest(BILLING_MESSAGES.paymentDateFuture, { paid_on: BILLING_MESSAGES.paymentDateFuture });
  }
  const financialYear = financialYearOf(input.paidOn);
  const { first, code } = await takeNumbers(tx, row.centerId, "receipt", financialYear);
  const receiptNumber = documentNumber(code, "receipt", financialYear, first);
  const [created] = await tx
    .insert(payments)
    .values({
      invoiceId: row.id,
      centerId: row.centerId,
      amountPaise: input.amountPaise,
      paidOn: input.paidOn,
      mode: input.mode,
      reference: input.reference || null,
      utr: input.utr || null,
      receiptNumber,
      recordedBy: actor.userId,
      recordedAt: actor.now,
    })
    .returning({ id: payments.id });
  const paymentId = created!.id;
  if (input.utr && registerUtr) {
    const taken = await tx
      .insert(paymentUtrs)
      .values({ utr: input.utr, paymentId })
      .onConflictDoNothing()
      .returning({ utr: paymentUtrs.utr });
    if (taken.length === 0) throw conflict(PAYMENT_MESSAGES.utrUsed);
  } else if (input.utr) {
    await tx.update(paymentUtrs).set({ paymentId }).where(eq(paymentUtrs.utr, input.utr));
  }
  const paidPaise = row.paidPaise + input.amountPaise;
  const status = paidPaise + row.creditedPaise === row.totalPaise ? "Paid" : row.status;
  await tx
    .update(invoices)
    .set({ paidPaise, status, updatedAt: actor.now, ...(status === "Paid" && { paidAt: actor.now }) })
    .where(eq(invoices.id, row.id));
  await writeAudit(tx, {
    organisationId: row.organisationId,
    actorId: actor.userId,
    action: auditAction,
    entity: "invoice",
    entityId: row.id,
    before: { status: row.status, paid_paise: row.paidPaise },
    after: {
      status,
      paid_paise: paidPaise,
      payment_id: paymentId,
      receipt_number: receiptNumber,
      amount_paise: input.amountPaise,
      paid_on: input.paidOn,
      mode: input.mode,
      reference: input.reference || null,
      utr: input.utr || null,
    },
  });
  return { paymentId, receiptNumber, status };
}
