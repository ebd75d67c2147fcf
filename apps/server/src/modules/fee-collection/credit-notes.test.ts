import { CREDIT_NOTE_MESSAGES } from "@sprout/shared/schemas/fee-collection/credit-notes";
import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, DEMO_PASSWORD, type SignedIn, signIn } from "../../../test/harness.ts";
import { computeInvoiceTax } from "../billing/tax.ts";

const { app, clock, database } = await createTestApp();
const db = database.db;

// A real-format GSTIN of Karnataka (29) with its mod-36 check character.
const GSTIN = "29AAGCS1234F1ZI";
const home = (
  await query<{ center_id: string }>(db, "select center_id from users where email = 'admin@sprout.test'")
)[0]!.center_id;
await db.execute(sql`insert into center_collection_settings (center_id, gstin, legal_name, tax_address)
  values (${home}::uuid, ${GSTIN}, 'Sprout Early Learning Pvt Ltd', '12 Koramangala 5th Block, Bengaluru 560095')
    on conflict (center_id) do update set gstin = excluded.gstin, legal_name = excluded.legal_name, tax_address = excluded.tax_address`);
await db.execute(sql`insert into fee_components (fee_structure_id, position, name, amount_paise, component_type, sac_code, gst_rate)
  select id, 10, 'Day-care hours', 354000, 'recurring', '999351', 18 from fee_structures`);

const finance = await signIn(app, DEMO_EMAILS.financial_manager);
const staff = as(app, finance);
expect((await staff.post("/api/invoices/generate-monthly", { center_id: home })).statusCode).toBe(200);
const [invoice] = await query<{ id: string; invoice_number: string; total_paise: string; student_id: string }>(
  db,
  `select id, invoice_number, total_paise, student_id from invoices
   where center_id = '${home}' and billing_month = '2026-11-01' and status = 'Pending' order by invoice_number limit 1`,
);

const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
async function enrol(session: SignedIn) {
  const setup = (await as(app, session).get("/api/auth/2fa/setup")).json() as { secret: string };
  await as(app, session).post("/api/auth/2fa/verify-setup", {
    token: await codeFor(setup.secret),
    password: DEMO_PASSWORD,
  });
  clock.advance(30_000);
  return setup.secret;
}

describe("credit notes", () => {
  let noteId = "";
  let financeSecret = "";
  it("issues a credit note with its own series, taxed as the invoice, and takes it off what is owed", async () => {
    const response = await staff.post(`/api/invoices/${invoice!.id}/credit-notes`, {
      reason: "Day-care hours not used in the last week",
      lines: [{ description: "Day-care hours, 4 days", amount: 1180, sac_code: "999351", gst_rate: 18 }],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    noteId = body.credit_note.id;
    expect(body.credit_note.credit_note_number).toMatch(/^[A-Z0-9]{1,3}\/C26-27\/00001$/);
    expect(body.credit_note.credit_note_number.length).toBeLessThanOrEqual(16);
    // ₹1,180 at 18% within Karnataka: taxable ₹1,000, CGST ₹90, SGST ₹90.
    expect(body.credit_note).toMatchObject({
      invoice_number: invoice!.invoice_number,
      tax_document: "tax_invoice",
      supplier_gstin: GSTIN,
      place_of_supply: "29",
      total_amount: 1180,
      taxable_value: 1000,
      cgst: 90,
      sgst: 90,
      igst: 0,
      lines: [{ sac_code: "999351", gst_rate: 18, taxable_value: 1000, cgst: 90, sgst: 90 }],
    });
    const total = Number(invoice!.total_paise) / 100;
    expect(body.invoice).toMatchObject({
      amount_credited: 1180,
      outstanding: Math.round((total - 1180) * 100) / 100,
      balance: Math.round((total - 1180) * 100) / 100,
      status: "Pending",
      credit_notes: [{ id: noteId, total_amount: 1180, reason: "Day-care hours not used in the last week" }],
    });
    expect(body.message).toBe(
      `Credit note ${body.credit_note.credit_note_number} issued against ${invoice!.invoice_number}.`,
    );
    // The invoice's own lines are untouched.
    const lines = await query<{ amount_paise: string }>(
      db,
      `select amount_paise from invoice_lines where invoice_id = '${invoice!.id}'`,
    );
    expect(lines.reduce((sum, line) => sum + Number(line.amount_paise), 0)).toBe(Number(invoice!.total_paise));
    const [audit] = await query<{ after: { credit_note_number: string; credited_paise: number } }>(
      db,
      `select after from audit_log where action = 'invoice.credit_note' and entity_id = '${invoice!.id}'`,
    );
    expect(audit!.after).toMatchObject({
      credit_note_number: body.credit_note.credit_note_number,
      credited_paise: 118_000,
    });
  });

  it("a line without a tax class takes the invoice's first line's; rounding is once per note", async () => {
    const response = await staff.post(`/api/invoices/${invoice!.id}/credit-notes`, {
      reason: "Goodwill",
      lines: [
        { description: "A", amount: 333.33, sac_code: "999351", gst_rate: 18 },
        { description: "B", amount: 333.33, sac_code: "999351", gst_rate: 18 },
        { description: "C", amount: 333.33, sac_code: "999351", gst_rate: 18 },
        { description: "Tuition", amount: 100 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const note = response.json().credit_note;
    expect(note.credit_note_number).toMatch(/\/C26-27\/00002$/);
    const expected = computeInvoiceTax(
      [...[0, 1, 2].map(() => ({ amountPaise: 33_333, rate: 18 })), { amountPaise: 10_000, rate: 0 }],
      "29",
      "29",
    );
    expect(note.lines.map((line: { cgst: number }) => Math.round(line.cgst * 100))).toEqual(
      expected.lines.map((line) => line.cgstPaise),
    );
    expect(note.lines[3]).toMatchObject({ sac_code: "999210", gst_rate: 0, cgst: 0 });
    expect(note.cgst).toBe(76.27);
  });

  it("refuses more than is outstanding (400), a paid (409) or cancelled (409) invoice, and bad input (400), changing nothing", async () => {
    const [before] = await query<{ credited_paise: string; last: number }>(
      db,
      `select credited_paise, (select last_number from document_series where center_id = '${home}' and series = 'credit_note') as last
       from invoices where id = '${invoice!.id}'`,
    );
    const outstanding = (await staff.get(`/api/invoices/${invoice!.id}`)).json().outstanding as number;
    const tooMuch = await staff.post(`/api/invoices/${invoice!.id}/credit-notes`, {
      reason: "Too much",
      // A paisa more than outstanding, as typed (floating point would add a third decimal).
      lines: [{ description: "All of it and more", amount: ((Math.round(outstanding * 100) + 1) / 100).toFixed(2) }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toContain(`₹${outstanding.toFixed(2)}`);
    const empty = await staff.post(`/api/invoices/${invoice!.id}/credit-notes`, { reason: "", lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(CREDIT_NOTE_MESSAGES.reasonRequired);
    const badCode = await staff.post(`/api/invoices/${invoice!.id}/credit-notes`, {
      reason: "x",
      lines: [{ description: "y", amount: 1, sac_code: "12", gst_rate: 7 }],
    });
    expect(badCode.statusCode).toBe(400);
    const [after] = await query<{ credited_paise: string; last: number }>(
      db,
      `select credited_paise, (select last_number from document_series where center_id = '${home}' and series = 'credit_note') as last
       from invoices where id = '${invoice!.id}'`,
    );
    expect(after).toEqual(before);

    // Crediting exactly the rest settles it: Paid, and then no more notes.
    const settle = await staff.post(`/api/invoices/${invoice!.id}/credit-notes`, {
      reason: "Waived",
      lines: [{ description: "Rest of November waived", amount: outstanding }],
    });
    expect(settle.statusCode).toBe(201);
    expect(settle.json().invoice).toMatchObject({ status: "Paid", outstanding: 0 });
    const paid = await staff.post(`/api/invoices/${invoice!.id}/credit-notes`, {
      reason: "Refund",
      lines: [{ description: "Refund", amount: 10 }],
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatch(/fully paid/);

    const [other] = await query<{ id: string }>(
      db,
      `select id from invoices where center_id = '${home}' and billing_month = '2026-11-01' and status = 'Pending' and id <> '${invoice!.id}' limit 1`,
    );
    expect((await staff.post(`/api/invoices/${other!.id}/cancel`, { reason: "Issued twice" })).statusCode).toBe(200);
    const cancelled = await staff.post(`/api/invoices/${other!.id}/credit-notes`, {
      reason: "x",
      lines: [{ description: "y", amount: 1 }],
    });
    expect(cancelled.statusCode).toBe(409);
  });

  it("only owners, super admins and financial managers issue; a director of the centre reads the note", async () => {
    for (const role of ["center_director", "admin", "teacher", "parent"] as const) {
      const caller = as(app, await signIn(app, DEMO_EMAILS[role]));
      const response = await caller.post(`/api/invoices/${invoice!.id}/credit-notes`, {
        reason: "x",
        lines: [{ description: "y", amount: 1 }],
      });
      expect(response.statusCode, role).toBe(403);
    }
    const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    expect((await director.get(`/api/invoices/${invoice!.id}/credit-notes/${noteId}`)).statusCode).toBe(200);
  });

  it("the credit note PDF names the GSTIN, the invoice it corrects, SAC code, rate and taxes", async () => {
    financeSecret = await enrol(finance);
    const secret = financeSecret;
    const response = await app.inject({
      method: "GET",
      url: `/api/invoices/${invoice!.id}/credit-notes/${noteId}/pdf`,
      headers: { ...finance.headers, "x-2fa-totp": await codeFor(secret) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const expected of [
      "CREDIT NOTE",
      `GSTIN: ${GSTIN}`,
      "Sprout Early Learning Pvt Ltd",
      `Against invoice ${invoice!.invoice_number}`,
      "Place of supply: Karnataka (29)",
      "999351",
      "18%",
      "₹1,000.00",
      "₹90.00",
      "CGST",
      "SGST",
      "Total credited",
      "₹1,180.00",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("the invoice PDF is a Tax Invoice with the GSTIN, SAC codes, rates, taxes and the credit notes", async () => {
    clock.advance(30_000);
    const secret = financeSecret;
    const response = await app.inject({
      method: "GET",
      url: `/api/invoices/generate-pdf/${invoice!.id}`,
      headers: { ...finance.headers, "x-2fa-totp": await codeFor(secret!) },
    });
    expect(response.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const expected of [
      "TAX INVOICE",
      `GSTIN: ${GSTIN}`,
      "Place of supply: Karnataka (29)",
      "SAC/HSN",
      "999210",
      "999351",
      "0%",
      "18%",
      "Taxable value",
      "Credited (credit notes)",
      "Credit notes",
    ]) {
      expect(text).toContain(expected);
    }
    // ₹3,540 of day-care hours at 18%: taxable ₹3,000, CGST ₹270, SGST ₹270.
    expect(text).toContain("₹3,000.00");
    expect(text).toContain("₹270.00");
  });

  it("an exempt-only invoice of a registered centre is a Bill of Supply", async () => {
    const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
    const created = await admin.post("/api/invoices/requests", {
      child_id: invoice!.student_id,
      amount: 500,
      dueDate: "2026-12-10",
      description: "Picture books",
      sac_code: "4901",
      gst_rate: 0,
    });
    expect(created.statusCode).toBe(201);
    const approved = await staff.post(`/api/invoices/requests/${created.json().request.id}/approve`, {});
    const detail = await staff.get(`/api/invoices/${approved.json().request.invoice_id}`);
    expect(detail.json()).toMatchObject({
      tax_document: "bill_of_supply",
      cgst: 0,
      lines: [{ sac_code: "4901", gst_rate: 0 }],
    });
  });
});
