import type { ReportAnswer } from "@sprout/shared/schemas/attendance";
import { loadExcel } from "../../lib/xlsx-stream.ts";

/** A cell that a spreadsheet would run as a formula is written as text (CSV injection). */
const safeCell = (value: string | number) =>
  typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

const csvField = (value: string | number) => {
  const text = String(safeCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV with a byte-order mark, so Excel reads names in Indian scripts correctly. */
export function reportCsv(report: ReportAnswer): Buffer {
  const lines = [report.columns, ...report.rows].map((row) => row.map(csvField).join(","));
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

export async function reportXlsx(report: ReportAnswer): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  book.creator = "Sprout";
  const sheet = book.addWorksheet(report.title.slice(0, 31));
  sheet.addRow(report.columns).font = { bold: true };
  for (const row of report.rows) sheet.addRow(row.map(safeCell));
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(
      12,
      report.columns[index]!.length + 2,
      ...report.rows.map((row) => String(row[index]).length + 2),
    );
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return Buffer.from(await book.xlsx.writeBuffer());
}
