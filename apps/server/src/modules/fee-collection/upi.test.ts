import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { payFixtures } from "../../../test/pay-support.ts";
import { UPI_MESSAGES, upiAmount } from "./upi.ts";

const { app, database } = await createTestApp();
const db = database.db;
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
const { ownUnpaid, ownPaid, otherFamilyUnpaid } = await payFixtures(db);
const unpaid = ownUnpaid[0]!;

describe("GET /api/invoices/{id}/upi", () => {
  it("answers the parent a upi://pay link whose every field is the invoice's, and its QR as a PNG", async () => {
    const response = await parent.get(`/api/invoices/${unpaid.id}/upi`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { uri: string; qr_png: string; vpa: string; amount: number };
    const uri = new URL(body.uri);
    expect(uri.protocol).toBe("upi:");
    expect(uri.host + uri.pathname).toBe("pay");
    const fields = Object.fromEntries(uri.searchParams);
    expect(fields).toEqual({
      pa: "sprout.koramangala@okaxis",
      pn: "Sprout Koramangala",
      am: upiAmount(Number(unpaid.outstanding)),
      cu: "INR",
      tn: unpaid.invoice_number,
      tr: unpaid.payment_reference,
    });
    expect(fields.am).toMatch(/^\d+\.\d{2}$/);
    expect(fields.tr).toMatch(/^SPR\d{9}$/);
    // Spaces and slashes are percent-encoded, never left raw or written as "+".
    expect(body.uri).toContain("pn=Sprout%20Koramangala");
    expect(body.uri).not.toMatch(/[ +]/);
    expect(body.qr_png).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(body.qr_png.split(",")[1]!, "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.length).toBeGreaterThan(1_000);
    expect(png.length).toBeLessThan(60_000);
    expect(body.vpa).toBe("sprout.koramangala@okaxis");
    // The PNG is that very link: each module's centre pixel is dark exactly where the link's QR code has a dark module.
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const { modules } = QRCode.create(body.uri, { errorCorrectionLevel: "M" });
    const cell = info.width / (modules.size + 4);
    let differing = 0;
    for (let row = 0; row < modules.size; row++)
      for (let column = 0; column < modules.size; column++) {
        const x = Math.floor((column + 2.5) * cell);
        const y = Math.floor((row + 2.5) * cell);
        if (data[y * info.width + x]! < 128 !== Boolean(modules.get(row, column))) differing++;
      }
    expect(differing).toBe(0);
  });

  it("the amount is what is still outstanding after part payments, to the paisa", async () => {
    const recorded = await finance.post(`/api/invoices/${ownUnpaid[1]?.id ?? unpaid.id}/payments`, {
      amount: 1234.56,
      paid_on: unpaid.issue_date,
      mode: "cash",
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const invoice = recorded.json().invoice as { id: string; total_amount: number; amount_paid: number };
    const uri = new URL((await parent.get(`/api/invoices/${invoice.id}/upi`)).json().uri);
    const [row] = await query<{ outstanding: string }>(
      db,
      `select (total_paise - paid_paise - credited_paise)::text as outstanding from invoices where id = '${invoice.id}'`,
    );
    expect(uri.searchParams.get("am")).toBe(upiAmount(Number(row!.outstanding)));
    expect(upiAmount(123_456)).toBe("1234.56");
    expect(upiAmount(250_000)).toBe("2500.00");
    expect(upiAmount(5)).toBe("0.05");
  });

  it("billing staff get the same link", async () => {
    const response = await finance.get(`/api/invoices/${unpaid.id}/upi`);
    expect(response.statusCode).toBe(200);
    expect(new URL(response.json().uri).searchParams.get("tn")).toBe(unpaid.invoice_number);
  });

  it("a paid invoice, a cancelled one and a centre without a UPI ID answer 409 with the reason", async () => {
    const paid = await parent.get(`/api/invoices/${ownPaid[0]!.id}/upi`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe(UPI_MESSAGES.paid);

    const toCancel = otherFamilyUnpaid[otherFamilyUnpaid.length - 1]!;
    expect((await finance.post(`/api/invoices/${toCancel.id}/cancel`, { reason: "Raised twice" })).statusCode).toBe(
      200,
    );
    const cancelled = await finance.get(`/api/invoices/${toCancel.id}/upi`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe(UPI_MESSAGES.cancelled);

    await query(db, `update center_collection_settings set upi_vpa = null where center_id = '${unpaid.center_id}'`);
    try {
      const none = await parent.get(`/api/invoices/${unpaid.id}/upi`);
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(UPI_MESSAGES.noUpiId);
    } finally {
      await query(
        db,
        `update center_collection_settings set upi_vpa = 'sprout.koramangala@okaxis' where center_id = '${unpaid.center_id}'`,
      );
    }
  });

  it("a parent asking for another family's invoice gets 404, as for an unknown one", async () => {
    const other = await parent.get(`/api/invoices/${otherFamilyUnpaid[0]!.id}/upi`);
    expect(other.statusCode).toBe(404);
    expect((await parent.get("/api/invoices/00000000-0000-4000-8000-000000000000/upi")).statusCode).toBe(404);
  });
});
