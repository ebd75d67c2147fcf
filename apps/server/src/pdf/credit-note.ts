import type { Language } from "@sprout/shared/i18n/languages";
import type { CreditNote } from "@sprout/shared/schemas/fee-collection/credit-notes";
import { intlFor } from "../i18n/intl.ts";
import { openPdf } from "./document.ts";
import { write } from "./fonts.ts";
import type { Letterhead, Seller } from "./invoice.ts";
import { drawLines, placeOfSupplyText, taxTotals } from "./tax-lines.ts";

/**
 * A credit note as an A4 PDF: the centre (and, when registered, its legal name, GSTIN and
 * address), the note's number and date, the invoice it corrects, the reason, its lines with their
 * tax, and the total credited, in the reader's language.
 */
export function renderCreditNotePdf(
  note: CreditNote,
  centre: Letterhead,
  seller: Seller,
  language: Language,
): Promise<Buffer> {
  const intl = intlFor(language);
  const say = intl.formatMessage;
  const money = (rupees: number) =>
    `₹${intl.formatNumber(rupees, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const day = (iso: string) =>
    intl.formatDate(`${iso}T00:00:00Z`, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  const { doc, done } = openPdf({
    margin: 50,
    info: {
      Title: say({ id: "invoice.creditNoteDocumentTitle" }, { number: note.credit_note_number }),
      Author: centre.name,
      Subject: say({ id: "invoice.documentSubject" }, { child: note.child_name }),
    },
  });
  const left = 50;
  const width = doc.page.width - 100;
  const green = "#2e7d5b";
  const grey = "#555555";
  const regular = (size: number) => ({ weight: "regular" as const, size });
  const bold = (size: number) => ({ weight: "bold" as const, size });

  doc.rect(0, 0, doc.page.width, 8).fill(green);
  write(doc.fillColor(green), centre.name, bold(20), left, 36);
  const place = [centre.address, centre.city, [centre.state, centre.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  write(doc.fillColor(grey), place, regular(9), left, doc.y + 2, { width: width * 0.6 });
  if (note.supplier_gstin) {
    if (seller.legalName)
      write(doc.fillColor("#000"), seller.legalName, bold(9), left, doc.y + 4, { width: width * 0.6 });
    write(doc.fillColor("#000"), say({ id: "invoice.gstin" }, { gstin: note.supplier_gstin }), bold(9), left, doc.y, {
      width: width * 0.6,
    });
    if (seller.taxAddress)
      write(doc.fillColor(grey), seller.taxAddress, regular(9), left, doc.y, { width: width * 0.6 });
  }
  const letterheadEnd = doc.y;
  write(doc.fillColor("#000"), say({ id: "invoice.creditNoteTitle" }), bold(20), left, 36, { width, align: "right" });
  write(doc, note.credit_note_number, regular(10), left, 62, { width, align: "right" });
  write(doc, day(note.issue_date), regular(10), left, 76, { width, align: "right" });

  let y = Math.max(letterheadEnd, 110) + 16;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor("#cccccc")
    .stroke();
  y += 14;
  write(doc.fillColor(grey), say({ id: "invoice.billTo" }), regular(9), left, y);
  write(doc.fillColor("#000"), note.child_name, bold(12), left, y + 12);
  write(
    doc,
    say({ id: "invoice.againstInvoice" }, { number: note.invoice_number, date: day(note.invoice_issue_date) }),
    regular(10),
    left,
    doc.y + 2,
    { width },
  );
  if (note.place_of_supply)
    write(doc, placeOfSupplyText(say, note.place_of_supply), regular(10), left, doc.y, { width });
  write(doc, say({ id: "invoice.creditReason" }, { reason: note.reason }), regular(10), left, doc.y, { width });
  y = doc.y + 18;

  const taxed = note.tax_document !== "invoice";
  y = drawLines(doc, say, money, note.lines, taxed, { left, width, y });
  const totals: [string, string, boolean][] = [
    ...(taxed ? taxTotals(say, money, note) : []),
    [say({ id: "invoice.totalCredited" }), money(note.total_amount), true],
  ];
  y += 6;
  for (const [label, value, strong] of totals) {
    const style = strong ? bold(11) : regular(10);
    write(doc.fillColor("#000"), label, style, left + width * 0.5, y, { width: width * 0.25 });
    write(doc, value, style, left + width * 0.75, y, { width: width * 0.25 - 8, align: "right" });
    y += 18;
  }
  write(
    doc.fillColor(grey),
    say({ id: "invoice.creditNoteFooter" }, { centre: centre.name }),
    regular(8),
    left,
    doc.page.height - 70,
    { width, align: "center" },
  );
  doc.end();
  return done;
}
