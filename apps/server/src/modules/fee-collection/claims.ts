import { english } from "@sprout/shared/i18n/english";
import { todayIn } from "@sprout/shared/schemas/children";
import {
  type PaymentClaim,
  type PaymentClaimRequest,
  type PaymentClaimsPage,
  type PaymentClaimsQuery,
  paymentClaimRequest,
  paymentClaimsQuery,
} from "@sprout/shared/schemas/fee-collection/pay";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoices } from "../../db/schema/billing.ts";
import { paymentClaims, paymentUtrs } from "../../db/schema/fee-collection.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { toPaise } from "../../lib/money.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { UUID } from "../billing/queries.ts";
import { PAYMENT_MESSAGES, recordPaymentIn } from "../billing/record-payment.ts";
import type { PushQueue } from "../push/area.ts";
import { tellClaimant } from "./claim-notice.ts";
import { findInvoiceRow } from "./invoices.ts";
import { type ClaimRow, newestClaimsFirst, selectClaims, toPaymentClaim } from "./presenter.ts";
import { UPI_MESSAGES, upiAmount } from "./upi.ts";

export const CLAIM_MESSAGES = {
  amountOverOutstanding: (outstanding: number) =>
    english("server.payments.claimOverOutstanding", { amount: upiAmount(outstanding) }),
  paidOnFuture: english("server.payments.claimPaidOnFuture"),
  paidOnBeforeIssue: english("server.payments.claimPaidOnBeforeIssue"),
  decided: english("server.payments.claimDecided"),
  filed: english("server.payments.claimFiled"),
  confirmed: english("server.payments.claimConfirmed"),
  rejected: english("server.payments.claimRejected"),
} as const;

const claimNotFound = () => notFound("Payment claim");

/**
 * Payment claims: a parent says they paid an invoice by UPI (with the UTR their app shows), the
 * finance staff confirm it against the bank (the payment is recorded) or reject it with a reason
 * the parent reads. A UTR is one transfer: `payment_utrs`' primary key refuses it a second time,
 * whether it first came on a claim or a payment.
 */
export function createClaimsService({
  db,
  clock,
  push,
  mailer,
}: {
  db: Database;
  clock: Clock;
  push: Pick<PushQueue, "toUsers">;
  mailer: Pick<Mailer, "send">;
}) {
  async function one(executor: Database, id: string): Promise<PaymentClaim> {
    const [row] = await selectClaims(executor).where(eq(paymentClaims.id, id));
    return toPaymentClaim(row!);
  }

  async function page(where: SQL | undefined, query: { page: number; limit: number }): Promise<PaymentClaimsPage> {
    const [rows, [count]] = await Promise.all([
      selectClaims(db)
        .where(where)
        .orderBy(...newestClaimsFirst)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: sql<number>`count(*)::int` }).from(paymentClaims).where(where),
    ]);
    const total = count?.total ?? 0;
    return {
      rows: rows.map((row: ClaimRow) => toPaymentClaim(row)),
      pagination: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      },
    };
  }

  /** A Waiting claim of the caller's centres, locked for the decision; 404 out of scope, 409 decided. */
  async function lockWaiting(tx: Database, scope: Scope, id: string) {
    if (!UUID.test(id)) throw claimNotFound();
    const [claim] = await tx
      .select()
      .from(paymentClaims)
      .where(and(eq(paymentClaims.id, id), inArray(paymentClaims.centerId, scope.centerIds)))
      .for("update");
    if (!claim) throw claimNotFound();
    if (claim.status !== "Waiting") throw conflict(CLAIM_MESSAGES.decided);
    return claim;
  }

  return {
    /** The parent's claim: checked against the invoice they may see, the UTR taken in the same transaction. */
    async file(caller: Caller, invoiceId: string, raw: PaymentClaimRequest): Promise<PaymentClaim> {
      const input = paymentClaimRequest.parse(raw);
      const scope = await caller.scope();
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const row = await findInvoiceRow(tx, scope, invoiceId, true);
        if (row.status === "Paid") throw conflict(UPI_MESSAGES.paid);
        if (row.status === "Cancelled") throw conflict(UPI_MESSAGES.cancelled);
        const amountPaise = toPaise(input.amount);
        const outstanding = row.totalPaise - row.paidPaise - row.creditedPaise;
        if (amountPaise > outstanding) {
          const message = CLAIM_MESSAGES.amountOverOutstanding(outstanding);
          throw badRequest(message, { amount: message });
        }
        if (input.paid_on > todayIn(row.timeZone, now))
          throw badRequest(CLAIM_MESSAGES.paidOnFuture, { paid_on: CLAIM_MESSAGES.paidOnFuture });
        if (input.paid_on < row.issueDate)
          throw badRequest(CLAIM_MESSAGES.paidOnBeforeIssue, { paid_on: CLAIM_MESSAGES.paidOnBeforeIssue });
        // The UTR first: its primary key decides "already used", also against a claim filed at this moment.
        const taken = await tx
          .insert(paymentUtrs)
          .values({ utr: input.utr, createdAt: now })
          .onConflictDoNothing()
          .returning({ utr: paymentUtrs.utr });
        if (taken.length === 0) throw conflict(PAYMENT_MESSAGES.utrUsed);
        const [claim] = await tx
          .insert(paymentClaims)
          .values({
            invoiceId: row.id,
            centerId: row.centerId,
            utr: input.utr,
            amountPaise,
            paidOn: input.paid_on,
            claimedBy: caller.userId,
            claimedAt: now,
          })
          .returning({ id: paymentClaims.id });
        await tx.update(paymentUtrs).set({ claimId: claim!.id }).where(eq(paymentUtrs.utr, input.utr));
        await writeAudit(tx, {
          organisationId: row.organisationId,
          actorId: caller.userId,
          action: "payment_claim.file",
          entity: "payment_claim",
          entityId: claim!.id,
          after: {
            invoice_id: row.id,
            invoice_number: row.invoiceNumber,
            utr: input.utr,
            amount_paise: amountPaise,
            paid_on: input.paid_on,
          },
        });
        return claim!.id;
      });
      return one(db, id);
    },

    /** The finance list: a page of one status (Waiting by default), newest first, of the caller's centres. */
    async list(scope: Scope, raw: PaymentClaimsQuery): Promise<PaymentClaimsPage> {
      const query = paymentClaimsQuery.parse(raw);
      if (query.center_id && !scope.centerIds.includes(query.center_id)) throw notFound("Center");
      const centres = query.center_id ? [query.center_id] : scope.centerIds;
      return page(and(inArray(paymentClaims.centerId, centres), eq(paymentClaims.status, query.status)), query);
    },

    /** One invoice's claims, for the invoice page (a parent's own child's invoice; 404 otherwise). */
    async ofInvoice(scope: Scope, invoiceId: string, query: { page: number; limit: number }) {
      const row = await findInvoiceRow(db, scope, invoiceId);
      return page(eq(paymentClaims.invoiceId, row.id), query);
    },

    /**
     * Confirms a Waiting claim: its payment is recorded (receipt number, invoice partly paid or
     * Paid, audit) in the transaction that locks the claim, then the invoice; a second confirm
     * waits for the lock and finds it decided (409). The parent is told once it commits.
     */
    async confirm(caller: Caller, id: string): Promise<PaymentClaim> {
      const scope = await caller.scope();
      const now = clock.now();
      await transaction(db, async (tx) => {
        const claim = await lockWaiting(tx, scope, id);
        const invoice = await findInvoiceRow(tx, scope, claim.invoiceId, true);
        const { paymentId } = await recordPaymentIn(
          tx,
          invoice,
          { mode: "upi", utr: claim.utr, amountPaise: claim.amountPaise, paidOn: claim.paidOn },
          { userId: caller.userId, now },
          { registerUtr: false, auditAction: "payment_claim.confirm" },
        );
        await tx
          .update(paymentClaims)
          .set({ status: "Confirmed", paymentId, decidedBy: caller.userId, decidedAt: now })
          .where(eq(paymentClaims.id, claim.id));
        await tellClaimant.push(tx, push, claim, invoice, "Confirmed");
      });
      const decided = await one(db, id);
      await tellClaimant.mail(db, mailer, decided, id);
      return decided;
    },

    /** Rejects a Waiting claim with the reason the parent will read; nothing is recorded. */
    async reject(caller: Caller, id: string, reason: string): Promise<PaymentClaim> {
      const scope = await caller.scope();
      const now = clock.now();
      await transaction(db, async (tx) => {
        const claim = await lockWaiting(tx, scope, id);
        const [invoice] = await tx
          .select({ organisationId: invoices.organisationId })
          .from(invoices)
          .where(eq(invoices.id, claim.invoiceId));
        await tx
          .update(paymentClaims)
          .set({ status: "Rejected", rejectReason: reason, decidedBy: caller.userId, decidedAt: now })
          .where(eq(paymentClaims.id, claim.id));
        await writeAudit(tx, {
          organisationId: invoice!.organisationId,
          actorId: caller.userId,
          action: "payment_claim.reject",
          entity: "payment_claim",
          entityId: claim.id,
          before: { status: "Waiting" },
          after: { status: "Rejected", reason },
        });
        const row = await findInvoiceRow(tx, scope, claim.invoiceId);
        await tellClaimant.push(tx, push, claim, row, "Rejected");
      });
      const decided = await one(db, id);
      await tellClaimant.mail(db, mailer, decided, id);
      return decided;
    },
  };
}
export type ClaimsService = ReturnType<typeof createClaimsService>;
