import { PassThrough, Readable } from "node:stream";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { english } from "@sprout/shared/i18n/english";
import { PAYMENT_MODE_LABELS } from "@sprout/shared/schemas/billing";
import { type AccountsExportQuery, accountsExportQuery } from "@sprout/shared/schemas/fee-collection/accounts-export";
import { placeOfSupplyName } from "@sprout/shared/schemas/fee-collection/gstin";
import { eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { toRupees } from "../../lib/money.ts";
import { loadExcel, zipCaughtUp } from "../../lib/xlsx-stream.ts";
import { UUID } from "../billing/queries.ts";
import { type ExportRow, exportBatches, type VoucherKind } from "./accounts-export-rows.ts";

/*
 * The layout is Tally's: one row per voucher line with its voucher date, type and number, the
 * party, the ledger and the GST break-up. The words are English whatever the caller's language:
 * Tally's import matches voucher types and column names by their English names.
 */
const COLUMNS: { key: keyof Cells; id: MessageId; width: number; money?: true; date?: true }[] = [
  { key: "date", id: "accountsExport.column.voucherDate", width: 12, date: true },
  { key: "type", id: "accountsExport.column.voucherType", width: 12 },
  { key: "number", id: "accountsExport.column.voucherNumber", width: 20 },
  { key: "party", id: "accountsExport.column.party", width: 30 },
  { key: "reference", id: "accountsExport.column.reference", width: 20 },
  { key: "ledger", id: "accountsExport.column.ledger", width: 30 },
  { key: "sac", id: "accountsExport.column.sac", width: 8 },
  { key: "rate", id: "accountsExport.column.gstRate", width: 8 },
  { key: "taxable", id: "accountsExport.column.taxable", width: 14, money: true },
  { key: "cgst", id: "accountsExport.column.cgst", width: 12, money: true },
  { key: "sgst", id: "accountsExport.column.sgst", width: 12, money: true },
  { key: "igst", id: "accountsExport.column.igst", width: 12, money: true },
  { key: "total", id: "accountsExport.column.total", width: 14, money: true },
  { key: "place", id: "accountsExport.column.placeOfSupply", width: 18 },
  { key: "gstin", id: "accountsExport.column.supplierGstin", width: 18 },
  { key: "mode", id: "accountsExport.column.mode", width: 14 },
  { key: "utr", id: "accountsExport.column.utr", width: 18 },
];

const VOUCHER_TYPES: Record<VoucherKind, MessageId> = {
  sales: "accountsExport.type.sales",
  credit_note: "accountsExport.type.creditNote",
  receipt: "accountsExport.type.receipt",
};

interface Cells {
  date: string;
  type: string;
  number: string;
  party: string;
  reference: string;
  ledger: string;
  sac: string;
  rate: number | null;
  taxable: number | null;
  cgst: number | null;
  sgst: number | null;
  igst: number | null;
  total: number;
  place: string;
  gstin: string;
  mode: string;
  utr: string;
}

function cellsOf(row: ExportRow): Cells {
  return {
    date: row.date,
    type: english(VOUCHER_TYPES[row.kind]),
    number: row.number,
    party: row.party,
    reference: row.reference,
    // A receipt is booked to cash in hand or to the bank account the money reached.
    ledger:
      row.kind === "receipt"
        ? english(row.mode === "cash" ? "accountsExport.ledger.cash" : "accountsExport.ledger.bank")
        : row.ledger,
    sac: row.sac,
    rate: row.gstRate,
    taxable: row.taxablePaise,
    cgst: row.cgstPaise,
    sgst: row.sgstPaise,
    igst: row.igstPaise,
    total: row.totalPaise,
    place: placeOfSupplyName(row.placeOfSupply),
    gstin: row.supplierGstin ?? "",
    mode: row.mode ? PAYMENT_MODE_LABELS[row.mode] : "",
    utr: row.utr,
  };
}

/** Paise as "1234.50", exactly (no floating point). */
const rupeesText = (paise: number | null) => {
  if (paise === null) return "";
  const absolute = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
};
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** A CSV field: quoted when it must be, and text a spreadsheet would run as a formula made inert. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(cells: Cells): string {
  return `${COLUMNS.map(({ key, money, date }) => {
    const value = cells[key];
    if (money) return rupeesText(value as number | null);
    if (date) return ddmmyyyy(value as string);
    return csvField(value === null ? "" : String(value));
  }).join(",")}\r\n`;
}

export function createAccountsExport({ db, clock }: { db: Database; clock: Clock }) {
  async function* csv(range: { centerId: string; from: string; to: string }) {
    // A byte-order mark: Excel opens the file as UTF-8 (children's names in any script).
    yield `\uFEFF${COLUMNS.map(({ id }) => csvField(english(id))).join(",")}\r\n`;
    for await (const batch of exportBatches(db, range)) yield batch.map((row) => csvLine(cellsOf(row))).join("");
  }

  async function xlsx(range: { centerId: string; from: string; to: string }) {
    const stream = new PassThrough();
    const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
      stream,
      useSharedStrings: false,
      useStyles: true,
      zip: { zlib: { level: 1 } },
    });
    workbook.creator = "Sprout";
    workbook.created = clock.now();
    const written = (async () => {
      const sheet = workbook.addWorksheet(english("accountsExport.sheet"), { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = COLUMNS.map(({ key, id, width, money, date }) => ({
        header: english(id),
        key,
        width,
        ...(money && { style: { numFmt: "#,##0.00" } }),
        ...(date && { style: { numFmt: "dd-mm-yyyy" } }),
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const batch of exportBatches(db, range)) {
        for (const row of batch) {
          const cells = cellsOf(row);
          const money = (paise: number | null) => (paise === null ? null : toRupees(paise));
          sheet
            .addRow({
              ...cells,
              date: new Date(`${cells.date}T00:00:00Z`),
              taxable: money(cells.taxable),
              cgst: money(cells.cgst),
              sgst: money(cells.sgst),
              igst: money(cells.igst),
              total: money(cells.total),
            })
            .commit();
        }
        // A slow download holds the reader back instead of rows piling up in memory.
        await zipCaughtUp(sheet);
        if (stream.writableNeedDrain) await new Promise<void>((resolve) => stream.once("drain", resolve));
      }
      sheet.commit();
      await workbook.commit();
    })();
    written.catch((error: unknown) => stream.destroy(error as Error));
    return stream;
  }

  return {
    /** The export as a stream, its content type and file name; the centre must be the caller's. */
    async exportAccounts(caller: Caller, raw: AccountsExportQuery) {
      const query = accountsExportQuery.parse(raw);
      const scope = await caller.scope();
      if (!UUID.test(query.center_id) || !scope.centerIds.includes(query.center_id)) throw notFound("Center");
      const [centre] = await db.select({ name: centers.name }).from(centers).where(eq(centers.id, query.center_id));
      if (!centre) throw notFound("Center");
      const range = { centerId: query.center_id, from: query.from, to: query.to };
      const slug =
        centre.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "") || "centre";
      const fileName = `accounts_${slug}_${query.from}_${query.to}.${query.format}`;
      return query.format === "csv"
        ? { stream: Readable.from(csv(range)), fileName, contentType: "text/csv; charset=utf-8" }
        : {
            stream: await xlsx(range),
            fileName,
            contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          };
    },
  };
}
export type AccountsExportService = ReturnType<typeof createAccountsExport>;
