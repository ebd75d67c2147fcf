import type { StatementFormat } from "@sprout/shared/schemas/fee-collection/statements";

/**
 * How each bank names the columns of its statement download, as the header row reads once
 * lower-cased and with its spaces collapsed. A format is recognised when every one of its
 * columns is in a row; the first such row (after the bank's preamble of account details) is
 * the header. Only the credit column counts: debits are the centre's own spending.
 */
export interface ColumnMapping {
  format: StatementFormat;
  date: string;
  narration: string;
  credit: string;
  reference: string;
  /** Columns that tell this layout apart and must be present too (not read). */
  also: readonly string[];
}

export const MAPPINGS: readonly ColumnMapping[] = [
  // HDFC Bank net banking download (.xls saved as .xlsx, or the delimited CSV).
  {
    format: "hdfc",
    date: "date",
    narration: "narration",
    credit: "deposit amt.",
    reference: "chq./ref.no.",
    also: ["withdrawal amt.", "closing balance"],
  },
  // State Bank of India's account statement download.
  {
    format: "sbi",
    date: "txn date",
    narration: "description",
    credit: "credit",
    reference: "ref no./cheque no.",
    also: ["debit", "balance"],
  },
  // ICICI Bank's detailed statement.
  {
    format: "icici",
    date: "transaction date",
    narration: "transaction remarks",
    credit: "deposit amount (inr )",
    reference: "cheque number",
    also: ["withdrawal amount (inr )"],
  },
  // Any bank, once the office names the columns so.
  {
    format: "generic",
    date: "date",
    narration: "narration",
    credit: "credit amount",
    reference: "reference",
    also: [],
  },
];

export const normaliseHeader = (cell: string) => cell.replace(/\s+/g, " ").trim().toLowerCase();

/** The columns of `mapping` in a header row, or null when one is missing. */
export function columnsOf(mapping: ColumnMapping, header: readonly string[]) {
  const names = header.map(normaliseHeader);
  // ICICI writes "(INR )" with or without the space: compare without spaces.
  const find = (name: string) => {
    const exact = names.indexOf(name);
    return exact >= 0 ? exact : names.findIndex((cell) => cell.replace(/ /g, "") === name.replace(/ /g, ""));
  };
  const columns = {
    date: find(mapping.date),
    narration: find(mapping.narration),
    credit: find(mapping.credit),
    reference: find(mapping.reference),
  };
  if (Object.values(columns).some((index) => index < 0)) return null;
  if (mapping.also.some((name) => find(name) < 0)) return null;
  return columns;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * A statement's date as YYYY-MM-DD: DD/MM/YYYY, DD/MM/YY (HDFC), DD-MM-YYYY, YYYY-MM-DD,
 * "01 Apr 2026" and "01-Apr-26" (SBI). Indian statements put the day first, never the month.
 */
export function parseStatementDate(text: string): string | null {
  const value = text.trim();
  const parts = dateParts(value);
  if (!parts) return null;
  const { day, month } = parts;
  const year = parts.year < 100 ? parts.year + 2000 : parts.year;
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function dateParts(value: string): { day: number; month: number; year: number } | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(value);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (numeric) return { day: Number(numeric[1]), month: Number(numeric[2]), year: Number(numeric[3]) };
  const named = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s-](\d{2}|\d{4})$/.exec(value);
  if (named)
    return { day: Number(named[1]), month: MONTHS.indexOf(named[2]!.toLowerCase()) + 1, year: Number(named[3]) };
  return null;
}

/**
 * A credit amount in paise: "2,500.00", "₹ 2500", "2500.5 Cr". Blank, "-" and zero are no
 * credit (the row is a debit). Null when the text is not an amount.
 */
export function parseStatementAmount(text: string): number | null {
  const value = text
    .replace(/[₹,\s]/g, "")
    .replace(/^(?:INR|Rs\.?)/i, "")
    .replace(/\(?Cr\)?$/i, "");
  if (value === "" || value === "-") return 0;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(paise) ? paise : null;
}
