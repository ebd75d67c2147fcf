import { english } from "@sprout/shared/i18n/english";
import type { StatementFormat } from "@sprout/shared/schemas/fee-collection/statements";
import type ExcelJS from "exceljs";
import { badRequest } from "../../lib/errors.ts";
import { loadExcel } from "../../lib/xlsx-stream.ts";
import { columnsOf, MAPPINGS, parseStatementAmount, parseStatementDate } from "./statement-formats.ts";

/** One credit read from a statement. */
export interface ReadCredit {
  creditedOn: string;
  narration: string;
  amountPaise: number;
  reference: string;
}

/** Real exports start with the account holder, address and period: the header is looked for this far down. */
const HEADER_SEARCH_ROWS = 40;

const refuse = (message: string) => badRequest(message, { file: message });

/**
 * Reads the credits of a bank statement (CSV or .xlsx): finds the header row among the first
 * rows, recognises the bank by its columns (or uses `format` when the office chose one), and
 * reads every row below it until the table ends. A file that is not a statement, has columns
 * Sprout does not know, or a date or amount it cannot read is refused whole, so nothing of it
 * is written.
 */
export async function readStatement(
  content: Buffer,
  format?: StatementFormat,
): Promise<{ format: StatementFormat; credits: ReadCredit[] }> {
  const rows = await rowsOf(content);
  const found = findHeader(rows, format);
  const credits: ReadCredit[] = [];
  let started = false;
  for (let index = found.headerRow + 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    const cell = (column: number) => (row[column] ?? "").trim();
    // Blank rows and rules of asterisks or dashes: before the first entry they are decoration
    // (HDFC's), after it they end the table (what follows is the bank's summary).
    if (row.every((value) => /^[\s*\-=_]*$/.test(value))) {
      if (started) break;
      continue;
    }
    started = true;
    const line = String(index + 1);
    const creditText = cell(found.columns.credit);
    const amountPaise = parseStatementAmount(creditText);
    if (amountPaise === null)
      throw refuse(english("server.statements.badAmount", { row: line, value: creditText.slice(0, 40) }));
    if (amountPaise === 0) continue;
    const dateText = cell(found.columns.date);
    const creditedOn = parseStatementDate(dateText);
    if (!creditedOn) throw refuse(english("server.statements.badDate", { row: line, value: dateText.slice(0, 40) }));
    credits.push({
      creditedOn,
      narration: cell(found.columns.narration).replace(/\s+/g, " ").slice(0, 500),
      amountPaise,
      // A blank cheque number reads "-" or "0" in some banks' files: no reference.
      reference: cell(found.columns.reference)
        .replace(/^[-0]+$/, "")
        .slice(0, 100),
    });
  }
  if (credits.length === 0) throw refuse(english("server.statements.noCredits"));
  return { format: found.format, credits };
}

function findHeader(rows: string[][], format?: StatementFormat) {
  const mappings = format ? MAPPINGS.filter((mapping) => mapping.format === format) : MAPPINGS;
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index += 1) {
    for (const mapping of mappings) {
      const columns = columnsOf(mapping, rows[index]!);
      if (columns) return { format: mapping.format, columns, headerRow: index };
    }
  }
  if (format) throw refuse(english("server.statements.wrongFormat", { format: format.toUpperCase() }));
  throw refuse(english("server.statements.unknownColumns"));
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The file's rows as text cells, whether it is a workbook or comma-separated text. */
async function rowsOf(content: Buffer): Promise<string[][]> {
  if (content.subarray(0, 4).equals(OLE)) throw refuse(english("server.statements.oldExcel"));
  if (content.subarray(0, 4).equals(ZIP)) return workbookRows(content);
  // Text it must be: a NUL byte means a binary file (a PDF's streams, an image).
  if (content.includes(0)) throw refuse(english("server.statements.notStatement"));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    // Older bank exports are Windows-1252; every byte is then a character.
    text = new TextDecoder("windows-1252").decode(content);
  }
  if (text.startsWith("%PDF")) throw refuse(english("server.statements.notStatement"));
  return csvRows(text.replace(/^\uFEFF/, ""));
}

async function workbookRows(content: Buffer): Promise<string[][]> {
  const book = new (await loadExcel()).Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw refuse(english("server.statements.notStatement"));
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refuse(english("server.statements.notStatement"));
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows[number - 1] = Array.from(cells, (value) => value ?? "");
  });
  return Array.from(rows, (row) => row ?? []);
}

/** A workbook cell as the text a person sees: dates as YYYY-MM-DD, amounts with two decimals. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("result" in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ("text" in value) return String(value.text);
  return "";
}

/** RFC 4180 text: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
