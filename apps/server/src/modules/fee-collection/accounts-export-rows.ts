import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import type { PAYMENT_MODES } from "../../db/schema/billing.ts";

/*
 * The accountant's export reads its rows in keyset batches (each kind off its own centre-and-date
 * index), so a year of a large centre never sits in memory: a batch is read, written out, and the
 * next read only once the writer has caught up.
 */

/** Documents per batch (a batch of invoices brings their few lines each). */
export const EXPORT_BATCH = 500;

export type VoucherKind = "sales" | "credit_note" | "receipt";

/** One row of the export: one line of an invoice or credit note, or one payment's receipt. */
export interface ExportRow {
  date: string;
  kind: VoucherKind;
  number: string;
  party: string;
  /** The invoice the row belongs to or settles. */
  reference: string;
  /** A line's description; a receipt's mode. */
  ledger: string;
  sac: string;
  gstRate: number | null;
  taxablePaise: number | null;
  cgstPaise: number | null;
  sgstPaise: number | null;
  igstPaise: number | null;
  totalPaise: number;
  placeOfSupply: string | null;
  supplierGstin: string | null;
  mode: (typeof PAYMENT_MODES)[number] | null;
  utr: string;
}

interface Range {
  centerId: string;
  from: string;
  to: string;
}

interface DocumentRow {
  id: string;
  date: string;
  number: string;
  reference: string;
  place_of_supply: string | null;
  supplier_gstin: string | null;
  party: string;
}

interface LineRow {
  document_id: string;
  description: string;
  amount_paise: string | number;
  sac_code: string;
  gst_rate: number;
  taxable_paise: string | number | null;
  cgst_paise: string | number;
  sgst_paise: string | number;
  igst_paise: string | number;
}

const party = sql`s.first_name || ' ' || s.last_name || ' (' || s.student_id || ')'`;
const num = (value: string | number | null) => (value === null ? null : Number(value));

/** Documents (invoices or credit notes) of one batch, then their lines in one query, in document order. */
async function* documentsWithLines(
  db: Database,
  kind: "sales" | "credit_note",
  range: Range,
): AsyncGenerator<ExportRow[]> {
  let after: { date: string; number: string } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql`and (d.day, d.number) > (${after.date}::date, ${after.number})` : sql``;
    const documents: DocumentRow[] = rowsOf<DocumentRow>(
      await db.execute(
        kind === "sales"
          ? sql`
            select d.* from (
              select i.id, i.issue_date as day, i.issue_date::text as date, i.invoice_number as number, i.invoice_number as reference,
                     i.place_of_supply, i.supplier_gstin, ${party} as party
              from invoices i join students s on s.id = i.student_id
              where i.center_id = ${range.centerId}::uuid and i.issue_date between ${range.from}::date and ${range.to}::date
                and i.status <> 'Cancelled'
            ) d where true ${keyset}
            order by d.day, d.number limit ${EXPORT_BATCH}`
          : sql`
            select d.* from (
              select n.id, n.issue_date as day, n.issue_date::text as date, n.credit_note_number as number, i.invoice_number as reference,
                     i.place_of_supply, i.supplier_gstin, ${party} as party
              from credit_notes n join invoices i on i.id = n.invoice_id join students s on s.id = i.student_id
              where n.center_id = ${range.centerId}::uuid and n.issue_date between ${range.from}::date and ${range.to}::date
            ) d where true ${keyset}
            order by d.day, d.number limit ${EXPORT_BATCH}`,
      ),
    );
    if (documents.length === 0) return;
    const ids = `{${documents.map((document) => document.id).join(",")}}`;
    const lines = rowsOf<LineRow>(
      await db.execute(
        kind === "sales"
          ? sql`select invoice_id as document_id, description, amount_paise, sac_code, gst_rate, taxable_paise,
                       cgst_paise, sgst_paise, igst_paise
                from invoice_lines where invoice_id = any(${ids}::uuid[]) order by invoice_id, position, id`
          : sql`select credit_note_id as document_id, description, amount_paise, sac_code, gst_rate, taxable_paise,
                       cgst_paise, sgst_paise, igst_paise
                from credit_note_lines where credit_note_id = any(${ids}::uuid[]) order by credit_note_id, position, id`,
      ),
    );
    const byDocument = new Map<string, LineRow[]>();
    for (const line of lines) byDocument.set(line.document_id, [...(byDocument.get(line.document_id) ?? []), line]);
    const batch: ExportRow[] = [];
    for (const document of documents)
      for (const line of byDocument.get(document.id) ?? []) {
        const amount = Number(line.amount_paise);
        batch.push({
          date: document.date,
          kind,
          number: document.number,
          party: document.party,
          reference: document.reference,
          ledger: line.description,
          sac: line.sac_code,
          gstRate: line.gst_rate,
          // Lines written before GST carry no taxable value: all of the amount is.
          taxablePaise: num(line.taxable_paise) ?? amount,
          cgstPaise: Number(line.cgst_paise),
          sgstPaise: Number(line.sgst_paise),
          igstPaise: Number(line.igst_paise),
          totalPaise: amount,
          placeOfSupply: document.place_of_supply,
          supplierGstin: document.supplier_gstin,
          mode: null,
          utr: "",
        });
      }
    yield batch;
    if (documents.length < EXPORT_BATCH) return;
    const last: DocumentRow = documents.at(-1)!;
    after = { date: last.date, number: last.number };
  }
}

interface ReceiptRow {
  id: string;
  date: string;
  receipt_number: string | null;
  invoice_number: string;
  supplier_gstin: string | null;
  place_of_supply: string | null;
  party: string;
  amount_paise: string | number;
  mode: (typeof PAYMENT_MODES)[number];
  utr: string | null;
  reference: string | null;
}

/** Payments received in the range, each its receipt, in (date, id) batches off payments_center_paid_idx. */
async function* receipts(db: Database, range: Range): AsyncGenerator<ExportRow[]> {
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL = after ? sql`and (p.paid_on, p.id) > (${after.date}::date, ${after.id}::uuid)` : sql``;
    const rows: ReceiptRow[] = rowsOf<ReceiptRow>(
      await db.execute(sql`
        select p.id, p.paid_on::text as date, p.receipt_number, i.invoice_number, i.supplier_gstin, i.place_of_supply,
               ${party} as party, p.amount_paise, p.mode, p.utr, p.reference
        from payments p join invoices i on i.id = p.invoice_id join students s on s.id = i.student_id
        where p.center_id = ${range.centerId}::uuid and p.paid_on between ${range.from}::date and ${range.to}::date ${keyset}
        order by p.paid_on, p.id limit ${EXPORT_BATCH}`),
    );
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      date: row.date,
      kind: "receipt" as const,
      number: row.receipt_number ?? "",
      party: row.party,
      reference: row.invoice_number,
      ledger: "",
      sac: "",
      gstRate: null,
      taxablePaise: null,
      cgstPaise: null,
      sgstPaise: null,
      igstPaise: null,
      totalPaise: Number(row.amount_paise),
      placeOfSupply: row.place_of_supply,
      supplierGstin: row.supplier_gstin,
      mode: row.mode,
      utr: row.utr ?? row.reference ?? "",
    }));
    if (rows.length < EXPORT_BATCH) return;
    const last: ReceiptRow = rows.at(-1)!;
    after = { date: last.date, id: last.id };
  }
}

/** Every row of the export, batch by batch: sales, then credit notes, then receipts, each by date. */
export async function* exportBatches(db: Database, range: Range): AsyncGenerator<ExportRow[]> {
  yield* documentsWithLines(db, "sales", range);
  yield* documentsWithLines(db, "credit_note", range);
  yield* receipts(db, range);
}
