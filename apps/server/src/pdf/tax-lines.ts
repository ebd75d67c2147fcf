import { GST_STATES } from "@sprout/shared/schemas/fee-collection/gstin";
import { write } from "./fonts.ts";

/** A line as both an invoice and a credit note carry it: amount with tax, and its tax in rupees. */
export interface PdfTaxLine {
  description: string;
  amount: number;
  sac_code: string;
  gst_rate: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
}

type Doc = PDFKit.PDFDocument;
type Say = (descriptor: { id: string }, values?: Record<string, string | number>) => string;

/** "Karnataka (29)" in the reader's language. */
export const placeOfSupplyText = (say: Say, code: string) =>
  say({ id: "invoice.placeOfSupply" }, { state: GST_STATES[code] ?? code, code });

/**
 * The lines table of a tax invoice, bill of supply or credit note: description, SAC/HSN, taxable
 * value, rate, CGST and SGST (or IGST to another state) and the amount, drawn from `y`; answers
 * where it ends. A plain invoice (centre not registered) shows description and amount only.
 */
export function drawLines(
  doc: Doc,
  say: Say,
  money: (rupees: number) => string,
  lines: readonly PdfTaxLine[],
  taxed: boolean,
  box: { left: number; width: number; y: number },
): number {
  const { left, width } = box;
  let y = box.y;
  const regular = { weight: "regular" as const, size: 9 };
  const bold = { weight: "bold" as const, size: 9 };
  const interState = lines.some((line) => line.igst !== 0);
  // Column: header, x offset (fraction of width), width fraction, align, value
  type Column = [string, number, number, "left" | "right", (line: PdfTaxLine) => string];
  const perState: Column[] = interState
    ? [[say({ id: "invoice.igst" }), 0.62, 0.22, "right", (line) => money(line.igst)]]
    : [
        [say({ id: "invoice.cgst" }), 0.62, 0.11, "right", (line) => money(line.cgst)],
        [say({ id: "invoice.sgst" }), 0.73, 0.11, "right", (line) => money(line.sgst)],
      ];
  const columns: Column[] = taxed
    ? [
        [say({ id: "invoice.description" }), 0, 0.3, "left", (line) => line.description],
        [say({ id: "invoice.sac" }), 0.3, 0.1, "left", (line) => line.sac_code],
        [say({ id: "invoice.taxableValue" }), 0.4, 0.15, "right", (line) => money(line.taxable_value)],
        [
          say({ id: "invoice.rate" }),
          0.55,
          0.07,
          "right",
          (line) => say({ id: "invoice.ratePercent" }, { rate: line.gst_rate }),
        ],
        ...perState,
        [say({ id: "invoice.amount" }), 0.84, 0.16, "right", (line) => money(line.amount)],
      ]
    : [
        [say({ id: "invoice.description" }), 0, 0.7, "left", (line) => line.description],
        [say({ id: "invoice.amount" }), 0.7, 0.3, "right", (line) => money(line.amount)],
      ];
  const cell = (index: number) => {
    const [, x, w] = columns[index]!;
    return { x: left + 6 + x * (width - 12), w: w * (width - 12) - 4 };
  };
  doc.rect(left, y, width, 22).fill("#eef5f1");
  doc.fillColor("#000");
  columns.forEach(([header, , , align], index) => {
    const { x, w } = cell(index);
    write(doc, header, bold, x, y + 7, { width: w, align });
  });
  y += 28;
  for (const line of lines) {
    let bottom = y;
    columns.forEach(([, , , align, value], index) => {
      const { x, w } = cell(index);
      write(doc, value(line), regular, x, y, { width: w, align });
      bottom = Math.max(bottom, doc.y);
    });
    y = Math.max(bottom, y + 12) + 6;
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .strokeColor("#eeeeee")
      .stroke();
  }
  return y;
}

/** The tax totals of a taxed document: taxable value, then CGST and SGST or IGST. */
export function taxTotals(
  say: Say,
  money: (rupees: number) => string,
  totals: { taxable_value: number; cgst: number; sgst: number; igst: number },
): [string, string, boolean][] {
  const rows: [string, string, boolean][] = [[say({ id: "invoice.taxableValue" }), money(totals.taxable_value), false]];
  if (totals.igst !== 0) rows.push([say({ id: "invoice.igst" }), money(totals.igst), false]);
  else {
    rows.push([say({ id: "invoice.cgst" }), money(totals.cgst), false]);
    rows.push([say({ id: "invoice.sgst" }), money(totals.sgst), false]);
  }
  return rows;
}
