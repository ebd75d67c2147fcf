import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { afterAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { freshUtr, payFixtures } from "../../../test/pay-support.ts";
import { startPushService } from "../../../test/push-service.ts";
import { paymentClaims } from "../../db/schema/fee-collection.ts";
import { PAYMENT_MESSAGES, recordPaymentIn } from "../billing/record-payment.ts";
import { CLAIM_MESSAGES } from "./claims.ts";
import { findInvoiceRow } from "./invoices.ts";
import { UPI_MESSAGES } from "./upi.ts";

const service = await startPushService();
afterAll(async () => service.close());
const { app, database, clock } = await createTestApp({
  push: { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@sprout.test", allowedHosts: [service.host] },
});
const db = database.db;
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const parent = as(app, parentSession);
const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
await parent.post("/api/push/subscriptions", service.device("parent-phone").subscription);
const { ownUnpaid, otherFamilyUnpaid } = await payFixtures(db);
const invoice = ownUnpaid[0]!;
// Later than anything the demo seeded: "newest first" then puts this file's claims on top.
clock.advance(60_000);
const paidOn = invoice.issue_date;
const claimsOf = async () =>
  Number((await query<{ n: string }>(db, "select count(*)::text as n from payment_claims"))[0]!.n);
const paymentsOf = async (id: string) =>
  Number((await query<{ n: string }>(db, `select count(*)::text as n from payments where invoice_id = '${id}'`))[0]!.n);
const claim = (body: Record<string, unknown>, id = invoice.id) =>
  parent.post(`/api/invoices/${id}/payment-claims`, body);
const delivered = async () => {
  await app.pushSender.flush();
  await app.pushSender.deliverDue();
  return service.to("parent-phone").map((push) => push.payload as { title: string; url: string; kind: string });
};

describe("a parent's payment claim", () => {
  it("refuses a bad UTR, amount or date with 400 and records nothing", async () => {
    const before = await claimsOf();
    const tomorrow = new Date(clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ utr: "12345", amount: 100, paid_on: paidOn }, "utr"],
      [{ utr: "12345678901A", amount: 100, paid_on: paidOn }, "utr"],
      [{ utr: freshUtr(), amount: 0, paid_on: paidOn }, "amount"],
      [{ utr: freshUtr(), amount: 10.123, paid_on: paidOn }, "amount"],
      [{ utr: freshUtr(), amount: Number(invoice.outstanding) / 100 + 1, paid_on: paidOn }, "amount"],
      [{ utr: freshUtr(), amount: 100, paid_on: tomorrow }, "paid_on"],
      [{ utr: freshUtr(), amount: 100, paid_on: "2020-01-01" }, "paid_on"],
      [{ utr: freshUtr(), amount: 100, paid_on: "2026-02-30" }, "paid_on"],
    ];
    for (const [body, field] of cases) {
      const response = await claim(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await claim({ utr: freshUtr(), amount: 100, paid_on: tomorrow })).json().error).toBe(
      CLAIM_MESSAGES.paidOnFuture,
    );
    expect(await claimsOf()).toBe(before);
  });

  let rejectedId = "";
  const firstUtr = freshUtr();
  it("records a Waiting claim the finance list shows; the same UTR again is 409", async () => {
    const response = await claim({ utr: firstUtr, amount: 100, paid_on: paidOn });
    expect(response.statusCode, response.body).toBe(201);
    const filed = response.json().claim;
    expect(filed).toMatchObject({ status: "Waiting", utr: firstUtr, amount: 100, invoice_id: invoice.id });
    rejectedId = filed.id;
    const listed = (await finance.get("/api/payment-claims")).json();
    expect(listed.rows[0]).toMatchObject({ id: filed.id, status: "Waiting" });
    expect(listed.rows.every((row: { status: string }) => row.status === "Waiting")).toBe(true);

    const again = await claim({ utr: firstUtr, amount: 50, paid_on: paidOn });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PAYMENT_MESSAGES.utrUsed);
  });

  it("a UTR that arrived on a payment (a bank statement's) cannot be claimed again: 409", async () => {
    const utr = freshUtr();
    const other = otherFamilyUnpaid[0]!;
    await db.transaction(async (tx) => {
      // The office's view of the other family's invoice, as a bank statement's match would lock it.
      const office = { organisationId: "", centerIds: [other.center_id], childIds: null, classroomIds: null };
      const row = await findInvoiceRow(tx, office, other.id, true);
      await recordPaymentIn(
        tx,
        row,
        { amountPaise: 100, paidOn, mode: "upi", utr },
        { userId: null, now: clock.now() },
      );
    });
    const response = await claim({ utr, amount: 1, paid_on: paidOn });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(PAYMENT_MESSAGES.utrUsed);
  });

  it("a rejection needs a reason, which the parent then reads on the invoice", async () => {
    const empty = await finance.post(`/api/payment-claims/${rejectedId}/reject`, { reason: "  " });
    expect(empty.statusCode).toBe(400);
    const reason = "No credit with this UTR reached our account";
    const rejected = await finance.post(`/api/payment-claims/${rejectedId}/reject`, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().claim).toMatchObject({ status: "Rejected", reject_reason: reason });
    const mine = (await parent.get(`/api/invoices/${invoice.id}/payment-claims`)).json();
    expect(mine.rows.find((row: { id: string }) => row.id === rejectedId)).toMatchObject({
      status: "Rejected",
      reject_reason: reason,
    });
    const mail = await app.mailer.latestTo(DEMO_EMAILS.parent);
    expect(mail?.subject).toContain(invoice.invoice_number);
    expect(mail?.text).toContain(reason);
    expect((await delivered()).at(-1)).toMatchObject({
      kind: "payment_claim_rejected",
      url: `/billing/invoices/${invoice.id}`,
    });
    expect((await finance.post(`/api/payment-claims/${rejectedId}/confirm`)).statusCode).toBe(409);
  });

  it("two confirms of one claim at once record one payment", async () => {
    const filed = (await claim({ utr: freshUtr(), amount: 200, paid_on: paidOn })).json().claim;
    const before = await paymentsOf(invoice.id);
    const answers = await Promise.all([
      finance.post(`/api/payment-claims/${filed.id}/confirm`),
      finance.post(`/api/payment-claims/${filed.id}/confirm`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentsOf(invoice.id)).toBe(before + 1);
    const [stored] = await db.select().from(paymentClaims).where(eq(paymentClaims.id, filed.id));
    expect(stored).toMatchObject({ status: "Confirmed" });
    expect(stored!.paymentId).toBeTruthy();
  });

  it("claim → confirm: the invoice is Paid, the parent is told and downloads the receipt", async () => {
    const detail = (await parent.get(`/api/invoices/${invoice.id}`)).json();
    expect(detail.status).not.toBe("Paid");
    const utr = freshUtr();
    const filed = (await claim({ utr, amount: detail.balance, paid_on: paidOn })).json().claim;
    const confirmed = await finance.post(`/api/payment-claims/${filed.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const receiptNumber = confirmed.json().claim.receipt_number as string;
    expect(receiptNumber).toMatch(/^[A-Z0-9]{1,3}\/R\d{2}-\d{2}\/\d{5}$/);

    const after = (await parent.get(`/api/invoices/${invoice.id}`)).json();
    expect(after.status).toBe("Paid");
    expect(after.balance).toBe(0);
    const payment = after.payments.find((entry: { receipt_number: string }) => entry.receipt_number === receiptNumber);
    expect(payment).toMatchObject({ mode: "upi", amount: detail.balance });

    expect((await delivered()).at(-1)).toMatchObject({ kind: "payment_claim_confirmed" });
    const mail = await app.mailer.latestTo(DEMO_EMAILS.parent);
    expect(mail?.text).toContain(receiptNumber);

    const pdf = await parent.get(`/api/payments/${payment.id}/receipt`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    expect(text).toContain(receiptNumber);
    expect(text).toContain(utr);
    expect(text).toContain(invoice.invoice_number);

    const paid = await claim({ utr: freshUtr(), amount: 1, paid_on: paidOn });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe(UPI_MESSAGES.paid);
  });

  it("a parent cannot list the centre's claims nor read another family's invoice's claims", async () => {
    expect((await parent.get("/api/payment-claims")).statusCode).toBe(403);
    expect((await parent.get(`/api/invoices/${otherFamilyUnpaid[0]!.id}/payment-claims`)).statusCode).toBe(404);
    expect(
      (
        await parent.post(`/api/invoices/${otherFamilyUnpaid[0]!.id}/payment-claims`, {
          utr: freshUtr(),
          amount: 1,
          paid_on: paidOn,
        })
      ).statusCode,
    ).toBe(404);
    expect((await parent.post(`/api/payment-claims/${rejectedId}/confirm`)).statusCode).toBe(403);
  });
});
