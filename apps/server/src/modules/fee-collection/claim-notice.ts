import { english } from "@sprout/shared/i18n/english";
import type { PaymentClaim } from "@sprout/shared/schemas/fee-collection/pay";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { paymentClaims } from "../../db/schema/fee-collection.ts";
import { users } from "../../db/schema/users.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import type { InvoiceRow } from "../billing/queries.ts";
import type { PushQueue } from "../push/area.ts";

type Decision = "Confirmed" | "Rejected";

/**
 * The parent who filed a claim hears the office's decision: a push (their "billing" choice),
 * queued in the deciding transaction so it leaves only if the decision commits, and an e-mail in
 * their language, queued in the outbox after the commit. Neither names the child or the amount:
 * the invoice number and, on a rejection, the office's reason (read in full on the invoice page).
 */
export const tellClaimant = {
  async push(
    tx: Database,
    push: Pick<PushQueue, "toUsers">,
    claim: typeof paymentClaims.$inferSelect,
    invoice: InvoiceRow,
    decision: Decision,
  ) {
    if (!claim.claimedBy) return;
    await push.toUsers(tx, [claim.claimedBy], "billing", {
      title: english("pushText.paymentClaim", { name: invoice.childFirstName, decision }),
      body: english("pushText.seeIt"),
      url: `/billing/invoices/${invoice.id}`,
      kind: `payment_claim_${decision.toLowerCase()}`,
      tag: `payment-claim:${claim.id}`,
    });
  },

  async mail(db: Database, mailer: Pick<Mailer, "send">, claim: PaymentClaim, claimId: string) {
    const [claimant] = await db
      .select({ email: users.email, name: users.fullName, language: users.language })
      .from(users)
      .innerJoin(paymentClaims, eq(users.id, paymentClaims.claimedBy))
      .where(eq(paymentClaims.id, claimId));
    if (!claimant) return;
    const { say } = mailWords(claimant.language);
    const values = {
      name: claimant.name,
      invoice: claim.invoice_number,
      decision: claim.status,
      reason: claim.reject_reason ?? "",
      receipt: claim.receipt_number ?? "",
    };
    await mailer.send({
      to: claimant.email,
      subject: say("mail.paymentClaim.subject", values),
      text: say("mail.paymentClaim.body", values),
    });
  },
};
