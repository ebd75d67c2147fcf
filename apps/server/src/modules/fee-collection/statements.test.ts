import { english } from "@sprout/shared/i18n/english";
import type { StatementCredit, StatementUploadResponse } from "@sprout/shared/schemas/fee-collection/statements";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { demoIds } from "../../../test/demo-ids.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { readStatement } from "./statement-read.ts";

const { app, clock, database } = await createTestApp();
const db = database.db;

// The home centre's ids and another centre's, whose owner the demo owner stops being.
const ids = await demoIds(db);
const homeId = ids.homeCentre;

const financeSession = await signIn(app, DEMO_EMAILS.financial_manager);
const finance = as(app, financeSession);
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

interface OpenInvoice {
  id: string;
  payment_reference: string;
  balance: number;
  first_name: string;
  last_name: string;
  student_id: string;
}
/** Open invoices of the home centre, oldest due first. */
const open = await query<OpenInvoice>(
  db,
  `select i.id, i.payment_reference, (i.total_paise - i.paid_paise - i.credited_paise)::int as balance,
          s.first_name, s.last_name, s.id as student_id
   from invoices i join students s on s.id = i.student_id
   where i.center_id = '${homeId}' and i.status in ('Pending', 'Overdue')
   order by i.due_date, i.id`,
);
// A child's name is looked for in the narration: the first with a name of three letters or more.
const byName = open.find((row) => row.first_name.length >= 3)!;
const others = open.filter((row) => row !== byName);
const openInvoice = (row: OpenInvoice | undefined): OpenInvoice => {
  if (!row) throw new Error("the demo data has too few open invoices");
  return row;
};
const [byReference, byClaim, overpaid, spare] = [0, 1, 2, 3].map((index) => openInvoice(others[index])) as [
  OpenInvoice,
  OpenInvoice,
  OpenInvoice,
  OpenInvoice,
];
if (!byName) throw new Error("the demo data has no open invoice of a named child");
const rupees = (paise: number) => (paise / 100).toFixed(2);

// A parent's claim on one invoice, as the "pay" part records it (claim and its UTR).
const CLAIM_UTR = "412345678901";
const [claim] = await query<{ id: string }>(
  db,
  `insert into payment_claims (invoice_id, center_id, utr, amount_paise, paid_on)
   values ('${byClaim.id}', '${homeId}', '${CLAIM_UTR}', ${byClaim.balance}, '2026-11-18') returning id`,
);
await query(db, `insert into payment_utrs (utr, claim_id) values ('${CLAIM_UTR}', '${claim!.id}')`);
const ODD_AMOUNT = 123_457; // ₹1,234.57: no invoice's balance.

/** An HDFC download: the bank's preamble, a rule of asterisks, credits and debits, then its summary. */
const hdfcCsv = [
  "HDFC BANK Ltd.,,,,,,",
  "Account No :50100012345678,,,,,,",
  "Statement From : 01/11/2026 To : 20/11/2026,,,,,,",
  "",
  "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
  "********,********,********,********,********,********,********",
  `16/11/26,"UPI-SHARMA RAVI-ravi@okaxis-${byReference.payment_reference}, school fee",0000611612345678,16/11/26,,"${rupees(byReference.balance)}",1234567.00`,
  "17/11/26,ATW-512345XXXXXX1234-S1ANMU12-MUMBAI,0000000000001234,17/11/26,5000.00,,1229567.00",
  `18/11/26,UPI-PATEL ANITA-anita@oksbi-${CLAIM_UTR}-UPI,${CLAIM_UTR},18/11/26,,${rupees(byClaim.balance)},1300000.00`,
  `19/11/26,NEFT CR-SBIN0001234-MEHTA K-fees ${byName.first_name} nov,N323262123456789,19/11/26,,${rupees(ODD_AMOUNT)},1301234.57`,
  `19/11/26,IMPS-632412345678-GUPTA S-fee,632412345679,19/11/26,,${rupees(spare.balance)},1400000.00`,
  "********,********,********,********,********,********,********",
  "STATEMENT SUMMARY :-,,,,,,",
  "Opening Balance,Dr Count,Cr Count,Debits,Credits,Closing Bal,",
].join("\r\n");

function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = "----sprout-statement";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (session: SignedIn, content: Buffer | string, name = "statement.csv", centerId = homeId) => {
  const body = multipart({ center_id: centerId }, { name, content: Buffer.from(content) });
  return app.inject({
    method: "POST",
    url: "/api/payments/statements",
    headers: { ...session.headers, ...body.headers },
    payload: body.payload,
  });
};

const counts = async () =>
  (
    await query<{ statements: number; credits: number; payments: number }>(
      db,
      `select (select count(*) from bank_statements)::int as statements, (select count(*) from statement_credits)::int as credits,
              (select count(*) from payments)::int as payments`,
    )
  )[0]!;

describe("reading each bank's statement", () => {
  it("HDFC: skips the preamble, the rules, the debits and the summary", async () => {
    const read = await readStatement(Buffer.from(hdfcCsv));
    expect(read.format).toBe("hdfc");
    expect(read.credits).toHaveLength(4);
    expect(read.credits[0]).toEqual({
      creditedOn: "2026-11-16",
      narration: `UPI-SHARMA RAVI-ravi@okaxis-${byReference.payment_reference}, school fee`,
      amountPaise: byReference.balance,
      reference: "0000611612345678",
    });
    expect(read.credits[2]!.amountPaise).toBe(ODD_AMOUNT);
  });

  it("SBI (.xlsx): day-month-name dates and amounts with commas", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Statement");
    sheet.addRows([
      ["Account Name", ":", "KORAMANGALA PRESCHOOL"],
      ["Account Number", ":", "00000031234567890"],
      [],
      ["Txn Date", "Value Date", "Description", "Ref No./Cheque No.", "Branch Code", "Debit", "Credit", "Balance"],
      [
        "18 Nov 2026",
        "18 Nov 2026",
        "BY TRANSFER-UPI/CR/631812345678/MEERA/SBIN/fee",
        "TRANSFER FROM 4897",
        "",
        "",
        "2,500.00",
        "1,02,500.00",
      ],
      [
        "19 Nov 2026",
        "19 Nov 2026",
        "TO TRANSFER-NEFT electricity",
        "TRANSFER TO 4897",
        "",
        "1,200.00",
        "",
        "1,01,300.00",
      ],
      ["20-Nov-26", "20-Nov-26", "CASH DEPOSIT SELF", "", "", "", 3000.5, "1,04,300.50"],
    ]);
    const read = await readStatement(Buffer.from(await book.xlsx.writeBuffer()));
    expect(read.format).toBe("sbi");
    expect(read.credits.map((credit) => [credit.creditedOn, credit.amountPaise, credit.reference])).toEqual([
      ["2026-11-18", 250_000, "TRANSFER FROM 4897"],
      ["2026-11-20", 300_050, ""],
    ]);
  });

  it("ICICI: its own column names, the cheque number '-' is no reference", async () => {
    const csv = [
      "DETAILED STATEMENT",
      "Transactions List - KORAMANGALA PRESCHOOL (INR) - 000401234567",
      "S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )",
      '1,17/11/2026,17/11/2026,-,UPI/631712345678/fee Aarav/priya@okicici/ICICI Bank,0.00,"4,500.00","54,500.00"',
      '2,18/11/2026,18/11/2026,-,BIL/ONL/000123/ELECTRICITY,1500.00,0.00,"53,000.00"',
    ].join("\n");
    const read = await readStatement(Buffer.from(csv));
    expect(read.format).toBe("icici");
    expect(read.credits).toEqual([
      {
        creditedOn: "2026-11-17",
        narration: "UPI/631712345678/fee Aarav/priya@okicici/ICICI Bank",
        amountPaise: 450_000,
        reference: "",
      },
    ]);
  });

  it("generic: Date (DD/MM/YYYY or YYYY-MM-DD), Narration, Credit Amount, Reference", async () => {
    const csv = "Date,Narration,Credit Amount,Reference\n20/11/2026,Fee Nov,2500,R1\n2026-11-19,Fee Oct,1250.5,R2\n";
    const read = await readStatement(Buffer.from(csv));
    expect(read.format).toBe("generic");
    expect(read.credits.map((credit) => [credit.creditedOn, credit.amountPaise])).toEqual([
      ["2026-11-20", 250_000],
      ["2026-11-19", 125_050],
    ]);
    // The office may name the format; a file without its columns is then refused.
    await expect(readStatement(Buffer.from(csv), "hdfc")).rejects.toThrow(
      english("server.statements.wrongFormat", { format: "HDFC" }),
    );
  });
});

let uploaded: StatementUploadResponse;
const creditOf = (narrationPart: string) =>
  uploaded.credits.find((credit) => credit.narration.includes(narrationPart)) as StatementCredit;

describe("uploading and matching", () => {
  it("matches a claim by UTR and amount, an invoice by its tr reference, and suggests for the rest", async () => {
    const response = await upload(financeSession, hdfcCsv, "Acct_Statement_Nov.csv");
    expect(response.statusCode).toBe(201);
    uploaded = response.json();
    expect(uploaded.statement).toMatchObject({ format: "hdfc", credits: 4, file_name: "Acct_Statement_Nov.csv" });
    expect(uploaded.already_known).toBe(0);
    expect(uploaded.totals).toMatchObject({ claim: 1, invoice: 1, recorded: 0, ignored: 0 });
    expect(creditOf(CLAIM_UTR)).toMatchObject({
      proposal: "claim",
      claim_id: claim!.id,
      invoice_id: byClaim.id,
      utr: CLAIM_UTR,
    });
    expect(creditOf(byReference.payment_reference)).toMatchObject({ proposal: "invoice", invoice_id: byReference.id });
    // Proposals come first on the page.
    expect(
      uploaded.credits
        .slice(0, 2)
        .map((credit) => credit.proposal)
        .sort(),
    ).toEqual(["claim", "invoice"]);

    const named = creditOf("MEHTA K");
    expect(named.proposal).toBe("none");
    expect(named.suggestions).toContainEqual(
      expect.objectContaining({
        reason: "child",
        invoice_id: byName.id,
        child_name: `${byName.first_name} ${byName.last_name}`,
      }),
    );
    const sameAmount = creditOf("GUPTA S");
    const byAmount = sameAmount.suggestions.filter((suggestion) => suggestion.reason === "amount");
    expect(byAmount.length).toBeGreaterThan(0);
    expect(byAmount.length).toBeLessThanOrEqual(3);
    for (const suggestion of byAmount) expect(suggestion.balance).toBe(spare.balance / 100);
  });

  it("uploading the same statement again records nothing twice and says how many were known", async () => {
    const before = await counts();
    clock.advance(60_000);
    const again = await upload(financeSession, hdfcCsv, "Acct_Statement_Nov (1).csv");
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ already_known: 4, statement: { credits: 0 }, credits: [] });
    const after = await counts();
    expect(after.credits).toBe(before.credits);
    const list = await finance.get(`/api/payments/statements?center_id=${homeId}`);
    expect(list.json().statements.map((row: { file_name: string }) => row.file_name)).toEqual([
      "Acct_Statement_Nov (1).csv",
      "Acct_Statement_Nov.csv",
    ]);
  });

  it("refuses bad files with a clear 400 and writes nothing", async () => {
    const before = await counts();
    const pdf = await upload(financeSession, "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n", "statement.pdf");
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error).toBe(english("server.statements.notStatement"));
    const big = await upload(financeSession, Buffer.alloc(10 * 1024 * 1024, "a"), "big.csv");
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toBe(english("server.statements.tooLarge"));
    const unknown = await upload(financeSession, "When,What,How much\n20/11/2026,Fee,2500\n");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(english("server.statements.unknownColumns"));
    const badDate = await upload(financeSession, "Date,Narration,Credit Amount,Reference\n31/02/2026,Fee,2500,X1\n");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe(english("server.statements.badDate", { row: "2", value: "31/02/2026" }));
    const badAmount = await upload(financeSession, "Date,Narration,Credit Amount,Reference\n20/11/2026,Fee,25OO,X1\n");
    expect(badAmount.json().error).toBe(english("server.statements.badAmount", { row: "2", value: "25OO" }));
    expect(await counts()).toEqual(before);
  });
});

describe("confirming matches", () => {
  it("one bad match records nothing; then all chosen are recorded with receipts in one go", async () => {
    const before = await counts();
    const claimCredit = creditOf(CLAIM_UTR);
    const referenceCredit = creditOf(byReference.payment_reference);
    const oddCredit = creditOf("MEHTA K");
    // ₹1,234.57 against an invoice owing less is over its balance.
    await query(db, `update invoices set paid_paise = total_paise - credited_paise - 100 where id = '${overpaid.id}'`);
    const refused = await finance.post(`/api/payments/statements/${uploaded.statement.id}/confirm`, {
      matches: [
        { credit_id: claimCredit.id, claim_id: claim!.id },
        { credit_id: referenceCredit.id, invoice_id: byReference.id },
        { credit_id: oddCredit.id, invoice_id: overpaid.id },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    const [stillWaiting] = await query<{ status: string }>(
      db,
      `select status from payment_claims where id = '${claim!.id}'`,
    );
    expect(stillWaiting!.status).toBe("Waiting");

    // Another centre's invoice is refused too.
    const elsewhere = await finance.post(`/api/payments/statements/${uploaded.statement.id}/confirm`, {
      matches: [{ credit_id: oddCredit.id, invoice_id: ids.otherInvoice }],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe(english("server.statements.otherCentre"));

    const confirmed = await finance.post(`/api/payments/statements/${uploaded.statement.id}/confirm`, {
      matches: [
        { credit_id: claimCredit.id, claim_id: claim!.id },
        { credit_id: referenceCredit.id, invoice_id: byReference.id },
      ],
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ count: 2 });
    for (const receipt of confirmed.json().receipts) expect(receipt).toMatch(/^[A-Z0-9]{1,3}\/R\d\d-\d\d\/\d+$/);
    expect((await counts()).payments).toBe(before.payments + 2);

    const paid = await query<{ id: string; status: string; mode: string; utr: string | null; receipt_number: string }>(
      db,
      `select i.id, i.status, p.mode, p.utr, p.receipt_number from payments p join invoices i on i.id = p.invoice_id
       where p.invoice_id in ('${byClaim.id}', '${byReference.id}')`,
    );
    expect(paid.find((row) => row.id === byClaim.id)).toMatchObject({ status: "Paid", mode: "upi", utr: CLAIM_UTR });
    expect(paid.find((row) => row.id === byReference.id)).toMatchObject({ status: "Paid", mode: "bank_transfer" });
    const [confirmedClaim] = await query<{ status: string; payment_id: string | null }>(
      db,
      `select status, payment_id from payment_claims where id = '${claim!.id}'`,
    );
    expect(confirmedClaim!.status).toBe("Confirmed");
    expect(confirmedClaim!.payment_id).toBeTruthy();

    const page = (await finance.get(`/api/payments/statements/${uploaded.statement.id}`)).json();
    expect(page.totals).toMatchObject({ claim: 0, invoice: 0, recorded: 2 });
    const recorded = page.credits.filter((credit: StatementCredit) => credit.status === "Recorded");
    expect(recorded.map((credit: StatementCredit) => credit.receipt_number).sort()).toEqual(
      confirmed.json().receipts.sort(),
    );

    // A credit already recorded is not recorded again.
    const twice = await finance.post(`/api/payments/statements/${uploaded.statement.id}/confirm`, {
      matches: [{ credit_id: referenceCredit.id, invoice_id: byReference.id }],
    });
    expect(twice.statusCode).toBe(409);
  });

  it("a credit that is not a fee is ignored", async () => {
    const odd = creditOf("MEHTA K");
    const ignored = await finance.post(`/api/payments/statements/${uploaded.statement.id}/ignore`, {
      credit_ids: [odd.id],
    });
    expect(ignored.statusCode).toBe(200);
    const page = (await finance.get(`/api/payments/statements/${uploaded.statement.id}`)).json();
    expect(page.totals.ignored).toBe(1);
    expect(page.statement.ignored).toBe(1);
  });
});

describe("who may reconcile", () => {
  it("another centre's statement is not found; a director may not reconcile", async () => {
    const [statement] = await query<{ id: string }>(
      db,
      `insert into bank_statements (center_id, file_name, format) values ('${ids.otherCentre}', 'other.csv', 'generic') returning id`,
    );
    expect((await owner.get(`/api/payments/statements/${statement!.id}`)).statusCode).toBe(404);
    expect(
      (await owner.post(`/api/payments/statements/${statement!.id}/ignore`, { credit_ids: [statement!.id] }))
        .statusCode,
    ).toBe(404);
    expect((await finance.get(`/api/payments/statements/${statement!.id}`)).statusCode).toBe(200);
    expect((await director.get("/api/payments/statements")).statusCode).toBe(403);
  });
});
