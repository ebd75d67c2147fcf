import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app, database } = await createTestApp();
const db = database.db;
const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const [home] = await query<{ id: string; organisation_id: string; center_name: string }>(
  db,
  "select id, organisation_id, center_name from centers where id = (select center_id from users where email = 'admin@sprout.test')",
);
const [child] = await query<{ id: string; first_name: string; last_name: string; student_id: string }>(
  db,
  `select id, first_name, last_name, student_id from students where center_id = '${home!.id}' order by student_id limit 1`,
);
const party = `${child!.first_name} ${child!.last_name} (${child!.student_id})`;
const GSTIN = "29AAICA3918J1ZE";

/** A tax invoice as the tax part issues it (its API is another branch's): one exempt line, one at 5%. */
async function taxInvoice(number: string, status = "Pending") {
  const [invoice] = await query<{ id: string }>(
    db,
    `insert into invoices (organisation_id, center_id, student_id, invoice_number, kind, issue_date, due_date,
       total_paise, status, tax_document, supplier_gstin, place_of_supply, financial_year, description)
     values ('${home!.organisation_id}', '${home!.id}', '${child!.id}', '${number}', 'request', '2026-11-18',
       '2026-11-30', 1210000, '${status}', 'tax_invoice', '${GSTIN}', '29', '26-27', 'Fees and transport')
     returning id`,
  );
  await query(
    db,
    `insert into invoice_lines (invoice_id, position, description, amount_paise, sac_code, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise)
     values ('${invoice!.id}', 0, 'Tuition, November', 1000000, '999210', 0, 1000000, 0, 0, 0),
            ('${invoice!.id}', 1, 'Transport, November', 210000, '996412', 5, 200000, 5000, 5000, 0)`,
  );
  return invoice!.id;
}

const invoiceId = await taxInvoice("KOR/26-27/000901");
await taxInvoice("KOR/26-27/000902", "Cancelled");
const paid = await finance.post(`/api/invoices/${invoiceId}/payments`, {
  amount: 5000,
  paid_on: "2026-11-19",
  mode: "upi",
  reference: "631245789012",
});
if (paid.statusCode !== 200) throw new Error(paid.body);
const [payment] = await query<{ receipt_number: string }>(
  db,
  `select receipt_number from payments where invoice_id = '${invoiceId}'`,
);
const [note] = await query<{ id: string }>(
  db,
  `insert into credit_notes (organisation_id, center_id, invoice_id, credit_note_number, financial_year, issue_date, reason, total_paise)
   values ('${home!.organisation_id}', '${home!.id}', '${invoiceId}', 'KOR/C26-27/00001', '26-27', '2026-11-19', 'Transport not used', 105000)
   returning id`,
);
await query(
  db,
  `insert into credit_note_lines (credit_note_id, position, description, amount_paise, sac_code, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise)
   values ('${note!.id}', 0, 'Transport, November (half)', 105000, '996412', 5, 100000, 2500, 2500, 0)`,
);

const exportUrl = (format: string, from = "2026-11-01", to = "2026-11-30", center = home!.id) =>
  `/api/accounts/export?center_id=${center}&from=${from}&to=${to}&format=${format}`;

type Row = Record<string, string | number | Date | null>;

/** A sheet's rows by its header row's names. */
function rowsOf(sheet: ExcelJS.Worksheet): Row[] {
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const rows: Row[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = row.values as (string | number | Date | null)[];
    rows.push(Object.fromEntries(header.map((name, index) => [name, values[index + 1] ?? null])));
  });
  return rows;
}

const HEADER = [
  "Voucher Date",
  "Voucher Type",
  "Voucher Number",
  "Party Name",
  "Invoice/Reference",
  "Ledger",
  "SAC",
  "GST Rate",
  "Taxable Value",
  "CGST",
  "SGST",
  "IGST",
  "Line Total",
  "Place of Supply",
  "GSTIN of Supplier",
  "Mode",
  "UTR/Reference",
];

describe("the accountant's export", () => {
  it("CSV: one row per invoice line with its GST, the credit note's line and the payment's receipt", async () => {
    const response = await finance.get(exportUrl("csv"));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="accounts_sprout-[a-z-]+_2026-11-01_2026-11-30\.csv"$/,
    );
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const workbook = new ExcelJS.Workbook();
    const sheet = await workbook.csv.read(Readable.from([response.body.slice(1)]), {
      parserOptions: { delimiter: "," },
      map: (value: string) => value,
    });
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADER);
    const rows = rowsOf(sheet);
    const lines = rows.filter((row) => row["Voucher Number"] === "KOR/26-27/000901");
    expect(lines).toEqual([
      expect.objectContaining({
        "Voucher Date": "18-11-2026",
        "Voucher Type": "Sales",
        "Party Name": party,
        "Invoice/Reference": "KOR/26-27/000901",
        Ledger: "Tuition, November",
        SAC: "999210",
        "GST Rate": "0",
        "Taxable Value": "10000.00",
        CGST: "0.00",
        SGST: "0.00",
        IGST: "0.00",
        "Line Total": "10000.00",
        "Place of Supply": "29-Karnataka",
        "GSTIN of Supplier": GSTIN,
      }),
      expect.objectContaining({
        Ledger: "Transport, November",
        SAC: "996412",
        "GST Rate": "5",
        "Taxable Value": "2000.00",
        CGST: "50.00",
        SGST: "50.00",
        "Line Total": "2100.00",
      }),
    ]);
    expect(rows.filter((row) => row["Voucher Number"] === "KOR/C26-27/00001")).toEqual([
      expect.objectContaining({
        "Voucher Type": "Credit Note",
        "Invoice/Reference": "KOR/26-27/000901",
        Ledger: "Transport, November (half)",
        "Taxable Value": "1000.00",
        CGST: "25.00",
        "Line Total": "1050.00",
      }),
    ]);
    expect(payment!.receipt_number).toMatch(/\/R26-27\/\d{5}$/);
    expect(rows.filter((row) => row["Voucher Number"] === payment!.receipt_number)).toEqual([
      expect.objectContaining({
        "Voucher Date": "19-11-2026",
        "Voucher Type": "Receipt",
        "Invoice/Reference": "KOR/26-27/000901",
        Ledger: "Bank",
        "Line Total": "5000.00",
        Mode: "UPI",
        "UTR/Reference": "631245789012",
      }),
    ]);
    // A cancelled invoice is not in the books.
    expect(rows.some((row) => row["Voucher Number"] === "KOR/26-27/000902")).toBe(false);
    // Sales first, then credit notes, then receipts, each by date.
    const types = rows.map((row) => row["Voucher Type"]);
    expect(types.indexOf("Credit Note")).toBeGreaterThan(types.lastIndexOf("Sales"));
    expect(types.indexOf("Receipt")).toBeGreaterThan(types.lastIndexOf("Credit Note"));
  });

  it("xlsx: the same rows with real dates and amounts", async () => {
    const response = await finance.get(exportUrl("xlsx"));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADER);
    const rows = rowsOf(sheet);
    const transport = rows.find((row) => row.Ledger === "Transport, November");
    expect(transport).toMatchObject({
      "Voucher Date": new Date("2026-11-18T00:00:00Z"),
      "Voucher Type": "Sales",
      "Voucher Number": "KOR/26-27/000901",
      "GST Rate": 5,
      "Taxable Value": 2000,
      CGST: 50,
      SGST: 50,
      IGST: 0,
      "Line Total": 2100,
    });
    expect(rows.find((row) => row["Voucher Number"] === payment!.receipt_number)).toMatchObject({
      "Voucher Type": "Receipt",
      "Line Total": 5000,
      "UTR/Reference": "631245789012",
    });
    expect(rows.find((row) => row["Voucher Type"] === "Credit Note")).toMatchObject({ "Line Total": 1050 });
  });

  it("reads batch after batch: 1,200 invoices of one day come out whole, in number order", async () => {
    await query(
      db,
      `insert into invoices (organisation_id, center_id, student_id, invoice_number, kind, issue_date, due_date, total_paise)
       select '${home!.organisation_id}', '${home!.id}', '${child!.id}', 'BAT/26-27/' || lpad(n::text, 6, '0'), 'request',
              '2026-10-15', '2026-10-30', 100000
       from generate_series(1, 1200) n`,
    );
    await query(
      db,
      `insert into invoice_lines (invoice_id, position, description, amount_paise)
       select id, 0, 'Books', 100000 from invoices where invoice_number like 'BAT/%'`,
    );
    const response = await finance.get(exportUrl("csv", "2026-10-15", "2026-10-15"));
    const numbers = response.body
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[2]);
    expect(numbers).toHaveLength(1200);
    expect(numbers[0]).toBe("BAT/26-27/000001");
    expect(numbers.at(-1)).toBe("BAT/26-27/001200");
    expect(new Set(numbers).size).toBe(1200);
  });

  it("keeps to the range, at most a year, and the caller's centres", async () => {
    const december = await finance.get(exportUrl("csv", "2026-12-01", "2026-12-31"));
    expect(december.body).not.toContain("KOR/26-27/000901");
    const year = await finance.get(exportUrl("csv", "2026-04-01", "2027-03-31"));
    expect(year.statusCode).toBe(200);
    const tooLong = await finance.get(exportUrl("csv", "2026-04-01", "2027-04-01"));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe("Export at most one year at a time (for example 1 April to 31 March)");
    expect((await finance.get(exportUrl("csv", "2026-11-30", "2026-11-01"))).statusCode).toBe(400);
    expect((await finance.get(exportUrl("pdf"))).statusCode).toBe(400);
    expect(
      (await finance.get(exportUrl("csv", "2026-11-01", "2026-11-30", "00000000-0000-4000-8000-000000000000")))
        .statusCode,
    ).toBe(404);
    // Centre staff without the books' role may not export.
    expect((await director.get(exportUrl("csv"))).statusCode).toBe(403);
  });
});
