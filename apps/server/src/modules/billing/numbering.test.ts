import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createSecondInstance, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { rowsOf } from "../../db/rows.ts";
import { taxCtes } from "./generation-tax.ts";
import { computeInvoiceTax } from "./tax.ts";

const serverUrl = process.env.DATABASE_URL;
const context = await createTestApp();
const { app, database } = context;
const db = database.db;

/** A GSTIN with its real check character (mod-36 weights 1, 2 over the first 14). */
function withCheckCharacter(first14: string): string {
  const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let sum = 0;
  for (const [index, char] of [...first14].entries()) {
    const product = chars.indexOf(char) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return first14 + chars[(36 - (sum % 36)) % 36];
}

const centres = await query<{ id: string }>(db, "select id from centers order by center_name");
const home = (
  await query<{ center_id: string }>(db, "select center_id from users where email = 'admin@sprout.test'")
)[0]!.center_id;
const GSTIN = withCheckCharacter("29AAGCS1234F1Z");

/** Registers the home centre for GST and makes day-care hours (18%) and transport (5%) recurring items. */
async function registerHomeCentre() {
  await db.execute(sql`insert into center_collection_settings (center_id, gstin, legal_name, tax_address)
    values (${home}::uuid, ${GSTIN}, 'Sprout Early Learning Pvt Ltd', '12 Koramangala 5th Block, Bengaluru 560095')
    on conflict (center_id) do update set gstin = excluded.gstin, legal_name = excluded.legal_name, tax_address = excluded.tax_address`);
  await db.execute(sql`insert into fee_components (fee_structure_id, position, name, amount_paise, component_type, sac_code, gst_rate)
    select id, 10, 'Day-care hours', 333333, 'recurring', '999351', 18 from fee_structures
    union all
    select id, 11, 'Transport', 150050, 'recurring', '996411', 5 from fee_structures`);
  // A family living in Maharashtra: IGST instead of CGST + SGST.
  await db.execute(sql`update students set payer_state_code = '27'
    where id = (select id from students where center_id = ${home}::uuid and status = 'active' order by id limit 1)`);
}

describe("the SQL form of the tax agrees with tax.ts", () => {
  it("on 300 random invoices of up to 6 lines, within and across states, line by line", async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const invoices = Array.from({ length: 300 }, (_, doc) => ({
      doc,
      intra: random() < 0.5,
      lines: Array.from({ length: 1 + Math.floor(random() * 6) }, (_, position) => ({
        position,
        amountPaise: (random() < 0.1 ? -1 : 1) * (1 + Math.floor(random() * 3_000_000)),
        rate: [0, 5, 12, 18][Math.floor(random() * 4)]!,
      })),
    }));
    // Every invoice also gets the rounding cases: three lines of ₹333.33 at 18%, 5% on ₹1.
    invoices.push({
      doc: 300,
      intra: true,
      lines: [0, 1, 2].map((position) => ({ position, amountPaise: 33_333, rate: 18 })),
    });
    invoices.push({ doc: 301, intra: false, lines: [{ position: 0, amountPaise: 100, rate: 5 }] });
    const values = invoices.flatMap((invoice) =>
      invoice.lines.map(
        (line) =>
          sql`(${invoice.doc}::int, ${line.position}::int, ${line.amountPaise}::bigint, ${line.rate}::int, true, ${invoice.intra}::boolean)`,
      ),
    );
    const rows = rowsOf<{ doc: number; position: number; taxable: string; cgst: string; sgst: string; igst: string }>(
      await db.execute(sql`
        with source (doc, position, amount, rate, registered, intra) as (values ${sql.join(values, sql`, `)}),
        ${taxCtes(sql`source`)}
        select doc, position, taxable, cgst, sgst, igst from taxed order by doc, position`),
    );
    for (const invoice of invoices) {
      const expected = computeInvoiceTax(invoice.lines, "29", invoice.intra ? "29" : "27");
      const got = rows.filter((row) => Number(row.doc) === invoice.doc);
      expect(
        got.map((row) => [Number(row.taxable), Number(row.cgst), Number(row.sgst), Number(row.igst)]),
        `invoice ${invoice.doc}`,
      ).toEqual(expected.lines.map((line) => [line.taxablePaise, line.cgstPaise, line.sgstPaise, line.igstPaise]));
    }
  });
});

describe("invoice numbers per centre and financial year", () => {
  it("monthly generation of a GST-registered centre: tax invoices numbered 1..N, taxed line by line as tax.ts says", async () => {
    await registerHomeCentre();
    const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    // The demo's own invoices (October's, a request) took the first numbers of the year.
    const [before] = await query<{ last_number: number }>(
      db,
      `select last_number from document_series where center_id = '${home}' and series = 'invoice' and financial_year = '26-27'`,
    );
    const response = await finance.post("/api/invoices/generate-monthly", { center_id: home });
    expect(response.statusCode).toBe(200);
    const rows = await query<{
      id: string;
      invoice_number: string;
      financial_year: string;
      tax_document: string;
      supplier_gstin: string;
      place_of_supply: string;
      total_paise: string;
    }>(
      db,
      `select id, invoice_number, financial_year, tax_document, supplier_gstin, place_of_supply, total_paise
       from invoices where center_id = '${home}' and kind = 'monthly' and billing_month = '2026-11-01'
       order by invoice_number`,
    );
    expect(rows.length).toBe(response.json().created);
    const [code] = rows[0]!.invoice_number.split("/");
    rows.forEach((row, index) => {
      expect(row.invoice_number).toBe(
        `${code}/26-27/${String((before?.last_number ?? 0) + index + 1).padStart(6, "0")}`,
      );
      expect(row.invoice_number.length).toBeLessThanOrEqual(16);
      expect(row).toMatchObject({ financial_year: "26-27", tax_document: "tax_invoice", supplier_gstin: GSTIN });
    });
    expect(rows.filter((row) => row.place_of_supply === "27")).toHaveLength(1);
    expect(rows.filter((row) => row.place_of_supply === "29")).toHaveLength(rows.length - 1);
    const series = await query<{ last_number: number }>(
      db,
      `select last_number from document_series where center_id = '${home}' and series = 'invoice' and financial_year = '26-27'`,
    );
    expect(series[0]!.last_number).toBe((before?.last_number ?? 0) + rows.length);

    const lines = await query<{
      invoice_id: string;
      amount_paise: string;
      gst_rate: number;
      sac_code: string;
      taxable_paise: string;
      cgst_paise: string;
      sgst_paise: string;
      igst_paise: string;
    }>(
      db,
      `select l.* from invoice_lines l join invoices i on i.id = l.invoice_id
       where i.center_id = '${home}' and i.billing_month = '2026-11-01' order by l.position`,
    );
    for (const row of rows) {
      const mine = lines.filter((line) => line.invoice_id === row.id);
      expect(mine.map((line) => line.sac_code)).toEqual(expect.arrayContaining(["999210", "999351", "996411"]));
      const expected = computeInvoiceTax(
        mine.map((line) => ({ amountPaise: Number(line.amount_paise), rate: line.gst_rate })),
        "29",
        row.place_of_supply,
      );
      expect(
        mine.map((line) => [
          Number(line.taxable_paise),
          Number(line.cgst_paise),
          Number(line.sgst_paise),
          Number(line.igst_paise),
        ]),
      ).toEqual(expected.lines.map((line) => [line.taxablePaise, line.cgstPaise, line.sgstPaise, line.igstPaise]));
      expect(expected.totalPaise).toBe(Number(row.total_paise));
    }
  });

  it("an approved request takes the next number of the same series; another centre's run starts at 1", async () => {
    const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
    const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    const [child] = await query<{ id: string }>(
      db,
      `select id from students where center_id = '${home}' and status = 'active' order by id limit 1`,
    );
    const created = await admin.post("/api/invoices/requests", {
      child_id: child!.id,
      amount: 1180,
      dueDate: "2026-12-10",
      description: "School bus, December",
      sac_code: "996411",
      gst_rate: 5,
    });
    expect(created.statusCode).toBe(201);
    const approved = await finance.post(`/api/invoices/requests/${created.json().request.id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    const [last] = await query<{ last_number: number }>(
      db,
      `select last_number from document_series where center_id = '${home}' and series = 'invoice'`,
    );
    const number = approved.json().request.invoice_number as string;
    expect(number.endsWith(`/26-27/${String(last!.last_number).padStart(6, "0")}`)).toBe(true);
    // The family lives in Maharashtra: ₹1,180 at 5% is IGST of ₹56.19 on a taxable ₹1,123.81.
    const detail = await finance.get(`/api/invoices/${approved.json().request.invoice_id}`);
    expect(detail.json()).toMatchObject({
      tax_document: "tax_invoice",
      place_of_supply: "27",
      taxable_value: 1123.81,
      igst: 56.19,
      cgst: 0,
      lines: [{ sac_code: "996411", gst_rate: 5, taxable_value: 1123.81, igst: 56.19 }],
    });

    const other = centres.find((centre) => centre.id !== home)!.id;
    expect((await finance.post("/api/invoices/generate-monthly", { center_id: other })).statusCode).toBe(200);
    const numbers = await query<{ invoice_number: string; tax_document: string }>(
      db,
      `select invoice_number, tax_document from invoices where center_id = '${other}' and billing_month = '2026-11-01' order by invoice_number`,
    );
    expect(numbers[0]!.invoice_number).toMatch(/\/26-27\/000001$/);
    // Not GST-registered: plain invoices.
    expect(new Set(numbers.map((row) => row.tax_document))).toEqual(new Set(["invoice"]));
  });
});

describe.skipIf(!serverUrl)("two instances generate at once on PostgreSQL (runs only with DATABASE_URL)", () => {
  it("every child is billed once and each centre's numbers run 1..N with no gap and no duplicate", async () => {
    // 1,500 more children over the three centres: six batches of 250 for each instance to race over.
    await db.execute(sql`
      insert into students (center_id, class_id, first_name, last_name, status, enrollment_date, program_name, monthly_fee_paise)
      select c.id, r.id, 'Race' || n, 'Child', 'active', date '2026-04-01', 'Pre-school - KINDY', 1350000
      from generate_series(1, 1500) n
      join lateral (select id from centers order by id offset (n % 3) limit 1) c on true
      join lateral (select id from classrooms where center_id = c.id order by id limit 1) r on true`);
    const second = await createSecondInstance(context);
    const one = as(app, await signIn(app, DEMO_EMAILS.super_admin));
    const two = as(second, await signIn(second, DEMO_EMAILS.super_admin));
    const [a, b] = await Promise.all([
      one.post("/api/invoices/generate-monthly", {}),
      two.post("/api/invoices/generate-monthly", {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const eligible = await query<{ count: number }>(
      db,
      "select count(*)::int as count from students where status <> 'left' and enrollment_date <= '2026-11-30'",
    );
    const invoices = await query<{ center_id: string; invoice_number: string; student_id: string }>(
      db,
      "select center_id, invoice_number, student_id from invoices where kind = 'monthly' and billing_month = '2026-11-01'",
    );
    expect(new Set(invoices.map((row) => row.student_id)).size).toBe(invoices.length);
    expect(invoices.length).toBeGreaterThanOrEqual(1500);
    expect(invoices.length).toBeLessThanOrEqual(eligible[0]!.count);
    // Every invoice of each centre's series this year (monthly, on request, the demo's own):
    // exactly 1..last_number, whichever instance issued it.
    const numbered = await query<{ center_id: string; invoice_number: string }>(
      db,
      "select center_id, invoice_number from invoices where financial_year = '26-27'",
    );
    for (const centre of centres) {
      const numbers = numbered
        .filter((row) => row.center_id === centre.id)
        .map((row) => Number(row.invoice_number.split("/")[2]))
        .sort((x, y) => x - y);
      const [series] = await query<{ last_number: number }>(
        db,
        `select last_number from document_series where center_id = '${centre.id}' and series = 'invoice' and financial_year = '26-27'`,
      );
      expect(numbers.length).toBe(series!.last_number);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    }
  }, 120_000);
});
