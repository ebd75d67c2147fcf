import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { freshUtr, payFixtures } from "../../../test/pay-support.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const parent = as(app, parentSession);
const financeSession = await signIn(app, DEMO_EMAILS.financial_manager);
const finance = as(app, financeSession);
const { ownUnpaid, ownPaid, otherFamilyUnpaid } = await payFixtures(db);

const textOf = async (payload: Buffer, pages?: number) => {
  const parser = new PDFParse({ data: new Uint8Array(payload) });
  const { text, total } = await parser.getText();
  await parser.destroy();
  if (pages !== undefined) expect(total).toBe(pages);
  return text;
};

/** The invoice PDF, opened with the one-time code e-mailed for it (the way without an authenticator app). */
async function invoicePdf(session: SignedIn, email: string, id: string) {
  clock.advance(5 * 60_000); // past the e-mailed code's resend wait
  expect((await as(app, session).post(`/api/invoices/${id}/download-code`)).statusCode).toBe(200);
  const code = (await app.mailer.latestTo(email))!.code!;
  const response = await app.inject({
    method: "GET",
    url: `/api/invoices/generate-pdf/${id}`,
    headers: { ...session.headers, "x-2fa-totp": code },
  });
  expect(response.statusCode, response.body).toBe(200);
  return textOf(response.rawPayload);
}

describe("the invoice PDF's UPI block", () => {
  it("an unpaid invoice prints the centre's UPI ID beside its QR; a paid one does not", async () => {
    const unpaid = await invoicePdf(parentSession, DEMO_EMAILS.parent, ownUnpaid[0]!.id);
    expect(unpaid).toContain("UPI ID: sprout.koramangala@okaxis");
    expect(unpaid).toContain("Pay by UPI");
    const paid = await invoicePdf(parentSession, DEMO_EMAILS.parent, ownPaid[0]!.id);
    expect(paid).not.toContain("sprout.koramangala@okaxis");
    expect(paid).not.toContain("Pay by UPI");
  });
});

describe("receipts", () => {
  let paymentId = "";
  let receiptNumber = "";
  const utr = freshUtr();
  it("a confirmed claim's payment has a receipt number in the invoice's payments", async () => {
    const invoice = ownUnpaid[0]!;
    const filed = await parent.post(`/api/invoices/${invoice.id}/payment-claims`, {
      utr,
      amount: 500,
      paid_on: invoice.issue_date,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const confirmed = (await finance.post(`/api/payment-claims/${filed.json().claim.id}/confirm`)).json();
    receiptNumber = confirmed.claim.receipt_number;
    const detail = (await parent.get(`/api/invoices/${invoice.id}`)).json();
    const payment = detail.payments.find(
      (entry: { receipt_number: string | null }) => entry.receipt_number === receiptNumber,
    );
    expect(payment).toBeTruthy();
    paymentId = payment.id;
    // Every payment of the demo has one too (the recorder gives it).
    expect(detail.payments.every((entry: { receipt_number: string | null }) => entry.receipt_number)).toBe(true);
  });

  it("the parent's receipt: number, date, amount, mode, UTR, invoice, child, centre and the balance after", async () => {
    const response = await parent.get(`/api/payments/${paymentId}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain(`receipt_${receiptNumber.replaceAll("/", "-")}.pdf`);
    // One A5 page: the footer must not spill onto a second.
    const text = await textOf(response.rawPayload, 1);
    const [row] = await query<{ issue_date: string; balance: string; child: string; center: string }>(
      db,
      `select to_char(p.paid_on, 'DD/MM/YYYY') as issue_date, i.total_paise - i.paid_paise - i.credited_paise as balance,
              s.first_name || ' ' || s.last_name as child, c.center_name as center
       from payments p join invoices i on i.id = p.invoice_id join students s on s.id = i.student_id
       join centers c on c.id = i.center_id where p.id = '${paymentId}'`,
    );
    for (const expected of [
      "PAYMENT RECEIPT",
      receiptNumber,
      row!.issue_date,
      "₹500.00",
      "UPI",
      utr,
      ownUnpaid[0]!.invoice_number,
      row!.child,
      row!.center,
    ])
      expect(text).toContain(expected);
    const balance = Number(row!.balance) / 100;
    expect(text).toContain(`₹${balance.toLocaleString("en-IN", { minimumFractionDigits: 2 })}`);
  });

  it("billing staff download it too; a parent of another family and an unknown payment get 404", async () => {
    expect((await finance.get(`/api/payments/${paymentId}/receipt`)).statusCode).toBe(200);
    const [foreign] = await query<{ id: string }>(
      db,
      `select p.id from payments p join invoices i on i.id = p.invoice_id where i.id not in
        (${[...ownUnpaid, ...ownPaid].map((invoice) => `'${invoice.id}'`).join(",")}) limit 1`,
    );
    expect((await parent.get(`/api/payments/${foreign!.id}/receipt`)).statusCode).toBe(404);
    expect((await parent.get("/api/payments/00000000-0000-4000-8000-000000000000/receipt")).statusCode).toBe(404);
    const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
    expect((await teacher.get(`/api/payments/${paymentId}/receipt`)).statusCode).toBe(403);
    expect(otherFamilyUnpaid.length).toBeGreaterThan(0);
  });

  it("a parent who chose Hindi reads the receipt in Hindi", async () => {
    expect((await parent.put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    const text = await textOf((await parent.get(`/api/payments/${paymentId}/receipt`)).rawPayload, 1);
    expect(text).toContain("भुगतान रसीद");
    expect(text).toContain(receiptNumber);
    expect(text).not.toContain("PAYMENT RECEIPT");
  });
});
