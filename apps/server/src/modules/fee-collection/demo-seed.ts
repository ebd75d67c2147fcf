import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { centerCollectionSettings, paymentClaims, paymentUtrs } from "../../db/schema/fee-collection.ts";
import { centers } from "../../db/schema/organisations.ts";

/**
 * Each demo centre's UPI ID and series code, by its name (every name starts "Sprout", so the
 * default code would be SPR for all three); the first is also GST-registered.
 */
const DEMO_UPI: Record<string, { vpa: string; payee: string; code: string }> = {
  "Sprout Koramangala": { vpa: "sprout.koramangala@okaxis", payee: "Sprout Koramangala", code: "KOR" },
  "Sprout Andheri West": { vpa: "sprout.andheri@okhdfcbank", payee: "Sprout Andheri West", code: "AND" },
  "Sprout Gachibowli": { vpa: "sprout.gachibowli@okicici", payee: "Sprout Gachibowli", code: "GAC" },
};

/**
 * Karnataka (29), a company's PAN, entity 1, "Z", and its check character (S) by the GSTN's
 * mod-36 rule: a number the settings' GSTIN check accepts (not a real registration).
 */
export const DEMO_GSTIN = "29AAKCS4821M1ZS";

/** A waiting claim's UTR in the demo: 12 digits no bank statement of the demo will carry. */
export const DEMO_CLAIM_UTR = "612345678901";

/**
 * The demo's collection details, before its invoices are numbered: every centre takes UPI and
 * has its own series code, the first is GST-registered with its legal name and address.
 */
export async function seedCollectionSettingsDemo(tx: Database, organisationId: string, now: Date) {
  const centreRows = await tx.select().from(centers).where(eq(centers.organisationId, organisationId));
  for (const centre of centreRows) {
    const upi = DEMO_UPI[centre.name];
    if (!upi) continue;
    await tx.insert(centerCollectionSettings).values({
      centerId: centre.id,
      upiVpa: upi.vpa,
      upiPayeeName: upi.payee,
      seriesCode: upi.code,
      ...(centre.name === "Sprout Koramangala" && {
        gstin: DEMO_GSTIN,
        legalName: "Sprout Early Learning Private Limited",
        taxAddress: [centre.address, centre.city, `${centre.state ?? ""} ${centre.postalCode ?? ""}`.trim()].join(", "),
      }),
      updatedAt: now,
    });
  }
}

/**
 * One parent of the first centre has said they paid an unpaid invoice (a Waiting claim), so the
 * finance screen's claims list has something to decide.
 */
export async function seedPaymentClaimDemo(tx: Database, organisationId: string, now: Date) {
  const centreRows = await tx.select().from(centers).where(eq(centers.organisationId, organisationId));
  const first = centreRows.find((centre) => centre.name === "Sprout Koramangala") ?? centreRows[0];
  if (!first) return;
  // An unpaid invoice of another family than the demo parent's (whose own invoices the journeys pay).
  const [unpaid] = rowsOf<{ id: string; outstanding: number; issue_date: string; claimant: string | null }>(
    await tx.execute(sql`
      select i.id, (i.total_paise - i.paid_paise - i.credited_paise)::bigint as outstanding, i.issue_date::text,
             (select g.user_id from student_guardians sg join guardians g on g.id = sg.guardian_id
               where sg.student_id = i.student_id and g.user_id is not null limit 1) as claimant
      from invoices i
      where i.center_id = ${first.id}::uuid and i.status in ('Pending', 'Overdue')
        and not exists (select 1 from student_guardians sg join guardians g on g.id = sg.guardian_id
                        join users u on u.id = g.user_id
                        where sg.student_id = i.student_id and u.email = 'parent@sprout.test')
      order by i.invoice_number desc limit 1`),
  );
  if (!unpaid) return;
  const today = now.toISOString().slice(0, 10);
  await tx.insert(paymentUtrs).values({ utr: DEMO_CLAIM_UTR, createdAt: now });
  const [claim] = await tx
    .insert(paymentClaims)
    .values({
      invoiceId: unpaid.id,
      centerId: first.id,
      utr: DEMO_CLAIM_UTR,
      amountPaise: Number(unpaid.outstanding),
      // Paid today, or on the day it was issued when that is later (ISO dates sort as text).
      paidOn: [today, unpaid.issue_date].sort().at(-1)!,
      claimedBy: unpaid.claimant,
      // Told the office this morning, two hours before the demo's moment.
      claimedAt: new Date(now.getTime() - 2 * 60 * 60 * 1000),
    })
    .returning({ id: paymentClaims.id });
  await tx.update(paymentUtrs).set({ claimId: claim!.id }).where(eq(paymentUtrs.utr, DEMO_CLAIM_UTR));
}
