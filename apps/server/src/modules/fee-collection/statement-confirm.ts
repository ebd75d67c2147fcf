import { english } from "@sprout/shared/i18n/english";
import {
  type ConfirmMatchesRequest,
  confirmMatchesRequest,
  type IgnoreCreditsRequest,
  ignoreCreditsRequest,
} from "@sprout/shared/schemas/fee-collection/statements";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoices } from "../../db/schema/billing.ts";
import { paymentClaims, statementCredits } from "../../db/schema/fee-collection.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type InvoiceRow, invoiceInScope, selectInvoices } from "../billing/queries.ts";
import { recordPaymentIn } from "../billing/record-payment.ts";
import type { PushQueue } from "../push/area.ts";
import { tellClaimant } from "./claim-notice.ts";
import { findStatement } from "./statement-queries.ts";

const refuse = (id: Parameters<typeof english>[0]) => badRequest(english(id));
/** The credit's UPI reference: a run of exactly 12 digits in its words (the smallest, as the screen shows it). */

/**
 * Recording the matches the office chose: every credit of the call becomes a payment through
 * `recordPaymentIn` (receipt number, UTR registered, invoice Paid once nothing is due, audit) in
 * ONE transaction, so one bad match (a credit already recorded, an amount over what is due, an
 * invoice of another centre) records none of them.
 */
export function createStatementConfirmation({
  db,
  clock,
  push,
}: {
  db: Database;
  clock: Clock;
  push?: Pick<PushQueue, "toUsers">;
}) {
  /** The chosen credits of the statement, locked; each must still be Unmatched. */
  async function lockCredits(tx: Database, statementId: string, ids: string[]) {
    if (new Set(ids).size !== ids.length) throw refuse("server.statements.creditTwice");
    const rows = await tx
      .select()
      .from(statementCredits)
      .where(and(eq(statementCredits.statementId, statementId), inArray(statementCredits.id, ids)))
      .orderBy(asc(statementCredits.id))
      .for("update");
    if (rows.length !== ids.length) throw refuse("server.statements.creditNotInStatement");
    if (rows.some((row) => row.status !== "Unmatched")) throw conflict(english("server.statements.creditDecided"));
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    async confirm(caller: Caller, statementId: string, raw: ConfirmMatchesRequest) {
      const input = confirmMatchesRequest.parse(raw);
      const scope = await caller.scope();
      const now = clock.now();
      return transaction(db, async (tx) => {
        const statement = await findStatement(tx, scope, statementId);
        const credits = await lockCredits(
          tx,
          statement.id,
          input.matches.map((match) => match.credit_id),
        );
        const claimIds = input.matches.flatMap((match) => (match.claim_id ? [match.claim_id] : []));
        const claims = new Map(
          (claimIds.length
            ? await tx
                .select()
                .from(paymentClaims)
                .where(and(inArray(paymentClaims.id, claimIds), eq(paymentClaims.centerId, statement.centerId)))
                .orderBy(asc(paymentClaims.id))
                .for("update")
            : []
          ).map((claim) => [claim.id, claim]),
        );
        // Each match's invoice: the claim's, or the one chosen.
        const plan = input.matches.map((match) => {
          const credit = credits.get(match.credit_id)!;
          if (!match.claim_id) return { credit, claim: null, invoiceId: match.invoice_id! };
          const claim = claims.get(match.claim_id);
          if (claim?.status !== "Waiting") throw conflict(english("server.statements.claimNotWaiting"));
          if (claim.amountPaise !== credit.amountPaise) throw refuse("server.statements.claimAmount");
          return { credit, claim, invoiceId: claim.invoiceId };
        });
        // Invoices locked in one order, so two confirmations never wait on each other in a circle.
        const invoiceIds = [...new Set(plan.map((step) => step.invoiceId))].sort();
        const locked = await selectInvoices(tx)
          .where(and(invoiceInScope(scope), inArray(invoices.id, invoiceIds)))
          .orderBy(asc(invoices.id))
          .for("update", { of: invoices });
        const byId = new Map(locked.map((row) => [row.id, row]));
        // An invoice the caller may not see is not found; one of their other centres is the wrong one.
        if (invoiceIds.some((id) => !byId.has(id))) throw notFound("Invoice");
        if (invoiceIds.some((id) => byId.get(id)!.centerId !== statement.centerId))
          throw refuse("server.statements.otherCentre");
        const receipts: string[] = [];
        for (const step of plan) {
          // Two credits may pay one invoice: each records against what the previous one left.
          const row: InvoiceRow = byId.get(step.invoiceId)!;
          const utr = step.claim?.utr ?? step.credit.utrs[0] ?? null;
          const recorded = await recordPaymentIn(
            tx,
            row,
            {
              amountPaise: step.credit.amountPaise,
              paidOn: step.credit.creditedOn,
              mode: utr ? "upi" : "bank_transfer",
              reference: (step.credit.reference || utr || "").slice(0, 100) || null,
              utr,
            },
            { userId: caller.userId, now },
            { registerUtr: !step.claim, auditAction: "invoice.payment.statement" },
          );
          byId.set(row.id, {
            ...row,
            paidPaise: row.paidPaise + step.credit.amountPaise,
            status: recorded.status,
          });
          receipts.push(recorded.receiptNumber);
          await tx
            .update(statementCredits)
            .set({ status: "Recorded", paymentId: recorded.paymentId })
            .where(eq(statementCredits.id, step.credit.id));
          if (step.claim) {
            await tx
              .update(paymentClaims)
              .set({ status: "Confirmed", paymentId: recorded.paymentId, decidedBy: caller.userId, decidedAt: now })
              .where(eq(paymentClaims.id, step.claim.id));
            await writeAudit(tx, {
              organisationId: row.organisationId,
              actorId: caller.userId,
              action: "payment_claim.confirm",
              entity: "payment_claim",
              entityId: step.claim.id,
              before: { status: "Waiting" },
              after: { status: "Confirmed", payment_id: recorded.paymentId, statement_credit_id: step.credit.id },
            });
            if (push) await tellClaimant.push(tx, push, step.claim, row, "Confirmed");
          }
        }
        await writeAudit(tx, {
          organisationId: statement.organisationId,
          actorId: caller.userId,
          action: "bank_statement.confirm",
          entity: "bank_statement",
          entityId: statement.id,
          after: { recorded: plan.length, receipts },
        });
        return {
          message: english("server.statements.recorded", { count: plan.length }),
          count: plan.length,
          receipts,
        };
      });
    },

    /** Credits that are not fees (a refund, interest, a transfer of the owner's) are set aside. */
    async ignore(caller: Caller, statementId: string, raw: IgnoreCreditsRequest) {
      const input = ignoreCreditsRequest.parse(raw);
      const scope = await caller.scope();
      return transaction(db, async (tx) => {
        const statement = await findStatement(tx, scope, statementId);
        await lockCredits(tx, statement.id, input.credit_ids);
        await tx
          .update(statementCredits)
          .set({ status: "Ignored" })
          .where(inArray(statementCredits.id, input.credit_ids));
        await writeAudit(tx, {
          organisationId: statement.organisationId,
          actorId: caller.userId,
          action: "bank_statement.ignore",
          entity: "bank_statement",
          entityId: statement.id,
          after: { credit_ids: input.credit_ids },
        });
        const count = input.credit_ids.length;
        return { message: english("server.statements.ignored", { count }), count, receipts: [] };
      });
    },
  };
}
