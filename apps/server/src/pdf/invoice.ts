import type { Language } from "@sprout/shared/i18n/languages";
import type { InvoiceDetail } from "@sprout/shared/schemas/billing";
import { intlFor } from "../i18n/intl.ts";
import { openPdf } from "./document.ts";
import { write } from "./fonts.ts";
import { drawInvoiceUpi } from "./invoice-upi.ts";
import { drawLines, placeOfSupplyText, taxTotals } from "./tax-lines.ts";

export interface Letterhead {
  name: string;
  address: string;
  city: string;
  state: string | null;
  postalCode: string | null;
  phone: string | null;
  email: string | null;
}

/** The supplier as the tax document names it: the centre's legal name and registered address. */
export interface Seller {
  legalName: string | null;
  taxAddress: string | null;
}

const TITLES = {
  invoice: "invoice.title",
  tax_invoice: "invoice.titleTaxInvoice",
  bill_of_supply: "invoice.titleBillOfSupply",
} as const;

/**
 * Renders an invoice as an A4 PDF: the centre's letterhead, the invoice number and status, the
 * child and classroom, dates, lines, totals in rupees and the payments received, in the reader's
 * language (the lines' own descriptions are the centre's, as written).
 */
export function renderInvoicePdf(
  invoice: InvoiceDetail,
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
  const child = `${invoice.child_first_name} ${invoice.child_last_name}`.trim();
  const { doc, done } = openPdf({
    margin: 50,
    info: {
      Title: say({ id: "invoice.documentTitle" }, { number: invoice.invoice_number }),
      Author: centre.name,
      Subject: say({ id: "invoice.documentSubject" }, { child }),
    },
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const green = "#2e7d5b";
  const grey = "#555555";

  // Letterhead
  const regular = (size: number) => ({ weight: "regular" as const, size });
  const bold = (size: number) => ({ weight: "bold" as const, size });
  doc.rect(0, 0, doc.page.width, 8).fill(green);
  write(doc.fillColor(green), centre.name, bold(20), left, 36);
  const place = [centre.address, centre.city, [centre.state, centre.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  write(doc.fillColor(grey), place, regular(9), left, doc.y + 2, { width: width * 0.6 });
  const contact = [centre.phone, centre.email].filter(Boolean).join("  ·  ");
  if (contact) write(doc, contact, regular(9), undefined, undefined, { width: width * 0.6 });
  // A tax invoice names the registered supplier: legal name, GSTIN and address.
  const taxed = invoice.tax_document !== "invoice";
  if (invoice.supplier_gstin) {
    if (seller.legalName)
      write(doc.fillColor("#000"), seller.legalName, bold(9), left, doc.y + 4, { width: width * 0.6 });
    write(
      doc.fillColor("#000"),
      say({ id: "invoice.gstin" }, { gstin: invoice.supplier_gstin }),
      bold(9),
      left,
      doc.y,
      {
        width: width * 0.6,
      },
    );
    if (seller.taxAddress)
      write(doc.fillColor(grey), seller.taxAddress, regular(9), left, doc.y, { width: width * 0.6 });
  }
  const letterheadEnd = doc.y;
  write(doc.fillColor("#000"), say({ id: TITLES[invoice.tax_document] }), bold(20), left, 36, {
    width,
    align: "right",
  });
  write(doc, invoice.invoice_number, regular(10), left, 64, { width, align: "right" });
  const statusColour = { Paid: green, Pending: "#b26a00", Overdue: "#c62828", Cancelled: grey }[invoice.status];
  write(doc.fillColor(statusColour), say({ id: "invoice.status" }, { status: invoice.status }), bold(10), left, 80, {
    width,
    align: "right",
  });

  let y = Math.max(doc.y, letterheadEnd, 110) + 16;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor("#cccccc").stroke();
  y += 14;

  // Bill to and dates
  write(doc.fillColor(grey), say({ id: "invoice.billTo" }), regular(9), left, y);
  write(doc.fillColor("#000"), child, bold(12), left, y + 12);
  write(doc, say({ id: "invoice.studentId" }, { id: invoice.student_id }), regular(10), left, doc.y + 2, {
    width: width * 0.5,
  });
  write(
    doc,
    say({ id: "invoice.classroom" }, { classroom: invoice.classroom_name ?? say({ id: "invoice.unassigned" }) }),
    regular(10),
    left,
    doc.y,
    { width: width * 0.5 },
  );
  if (invoice.place_of_supply) {
    write(doc, placeOfSupplyText(say, invoice.place_of_supply), regular(10), left, doc.y, { width: width * 0.5 });
  }
  const billTo = doc.y;

  const facts: [string, string][] = [
    [say({ id: "invoice.issueDate" }), day(invoice.issue_date)],
    [say({ id: "invoice.dueDate" }), day(invoice.due_date)],
  ];
  if (invoice.billing_month)
    facts.push([
      say({ id: "invoice.billingMonth" }),
      intl.formatDate(`${invoice.billing_month}T00:00:00Z`, { month: "long", year: "numeric", timeZone: "UTC" }),
    ]);
  let factY = y;
  for (const [label, value] of facts) {
    write(doc.fillColor(grey), label, regular(9), left + width * 0.55, factY, { width: width * 0.2 });
    write(doc.fillColor("#000"), value, bold(10), left + width * 0.75, factY, { width: width * 0.25, align: "right" });
    factY += 16;
  }
  y = Math.max(billTo, factY) + 20;

  // Lines, and in a tax document their SAC codes, rates, taxable values and taxes
  y = drawLines(doc, say, money, invoice.lines, taxed, { left, width, y });

  // Totals, as the server summed them in paise
  const totals: [string, string, boolean][] = [
    ...(taxed ? taxTotals(say, money, invoice) : []),
    [say({ id: "invoice.total" }), money(invoice.total_amount), true],
    ...(invoice.amount_credited > 0
      ? [[say({ id: "invoice.amountCredited" }), money(invoice.amount_credited), false] as [string, string, boolean]]
      : []),
    [say({ id: "invoice.amountPaid" }), money(invoice.amount_paid), false],
    [say({ id: "invoice.balanceDue" }), money(invoice.outstanding), true],
  ];
  y += 6;
  for (const [label, value, strong] of totals) {
    const style = strong ? bold(11) : regular(10);
    write(doc.fillColor("#000"), label, style, left + width * 0.5, y, { width: width * 0.25 });
    write(doc, value, style, left + width * 0.75, y, { width: width * 0.25 - 8, align: "right" });
    y += 18;
  }
  if (taxed) {
    write(doc.fillColor(grey), say({ id: "invoice.taxIncluded" }), regular(8), left, y, { width });
    y += 12;
  }

  // Credit notes that corrected this invoice
  if (invoice.credit_notes.length > 0) {
    y += 10;
    write(doc.fillColor("#000"), say({ id: "invoice.creditNotes" }), bold(11), left, y);
    y += 18;
    for (const note of invoice.credit_notes) {
      const text = say(
        { id: "invoice.creditNoteLine" },
        { number: note.credit_note_number, date: day(note.issue_date), reason: note.reason },
      );
      write(doc.fillColor("#000"), text, regular(10), left, y, { width: width * 0.75 });
      const bottom = doc.y;
      write(doc, money(note.total_amount), regular(10), left, y, { width: width - 8, align: "right" });
      y = Math.max(bottom, y + 12) + 4;
    }
  }

  // Payments
  y += 14;
  write(doc, say({ id: "invoice.payments" }), bold(11), left, y);
  y += 18;
  if (invoice.payments.length === 0) {
    write(doc.fillColor(grey), say({ id: "invoice.noPayments" }), regular(10), left, y);
    y += 16;
  }
  for (const entry of invoice.payments) {
    write(doc.fillColor("#000"), day(entry.paid_on), regular(10), left, y, { width: 90 });
    const mode = `${say({ id: "payment.mode" }, { mode: entry.mode })}${entry.reference ? ` · ${entry.reference}` : ""}`;
    write(doc, mode, regular(10), left + 95, y, { width: width * 0.5 });
    write(doc, money(entry.amount), regular(10), left, y, { width: width - 8, align: "right" });
    y += 16;
  }
  y = drawInvoiceUpi(doc, centre, say, { left, width, y });
  if (invoice.status === "Cancelled" && invoice.cancel_reason) {
    y += 10;
    write(
      doc.fillColor("#c62828"),
      say({ id: "invoice.cancelled" }, { reason: invoice.cancel_reason }),
      regular(10),
      left,
      y,
      { width },
    );
  }

  write(
    doc.fillColor(grey),
    say({ id: "invoice.footer" }, { centre: centre.name }),
    regular(8),
    left,
    doc.page.height - 70,
    {
      width,
      align: "center",
    },
  );
  doc.end();
  return done;
}
