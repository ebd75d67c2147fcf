import { existsSync } from "node:fs";
import type { InvoiceDetail } from "@sprout/shared/schemas/billing";
import { PAYMENT_MODE_LABELS } from "@sprout/shared/schemas/billing";
import PDFDocument from "pdfkit";

/** Debian's fonts-dejavu-core has the rupee sign; the standard PDF fonts do not. */
const DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

export interface Letterhead {
  name: string;
  address: string;
  city: string;
  state: string | null;
  postalCode: string | null;
  phone: string | null;
  email: string | null;
}

function fonts(): { regular: string; bold: string; rupee: string } {
  if (existsSync(DEJAVU) && existsSync(DEJAVU_BOLD)) return { regular: DEJAVU, bold: DEJAVU_BOLD, rupee: "₹" };
  return { regular: "Helvetica", bold: "Helvetica-Bold", rupee: "Rs. " };
}

const GROUPING = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DATE = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });
const formatDate = (iso: string) => DATE.format(new Date(`${iso}T00:00:00Z`));

/**
 * Renders an invoice as an A4 PDF: the centre's letterhead, the invoice number and status, the
 * child and classroom, dates, lines, totals in rupees and the payments received.
 */
export function renderInvoicePdf(invoice: InvoiceDetail, centre: Letterhead): Promise<Buffer> {
  const font = fonts();
  const money = (rupees: number) => `${font.rupee}${GROUPING.format(rupees)}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: `Invoice ${invoice.invoice_number}`,
      Author: centre.name,
      Subject: `Invoice for ${invoice.child_first_name} ${invoice.child_last_name}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const green = "#2e7d5b";
  const grey = "#555555";

  // Letterhead
  doc.rect(0, 0, doc.page.width, 8).fill(green);
  doc.fillColor(green).font(font.bold).fontSize(20).text(centre.name, left, 36);
  doc.fillColor(grey).font(font.regular).fontSize(9);
  const place = [centre.address, centre.city, [centre.state, centre.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  doc.text(place, left, doc.y + 2, { width: width * 0.6 });
  const contact = [centre.phone, centre.email].filter(Boolean).join("  ·  ");
  if (contact) doc.text(contact, { width: width * 0.6 });
  doc.fillColor("#000").font(font.bold).fontSize(22).text("INVOICE", left, 36, { width, align: "right" });
  doc.font(font.regular).fontSize(10).text(invoice.invoice_number, left, 64, { width, align: "right" });
  const statusColour = { Paid: green, Pending: "#b26a00", Overdue: "#c62828", Cancelled: grey }[invoice.status];
  doc.font(font.bold).fillColor(statusColour).text(invoice.status.toUpperCase(), left, 80, { width, align: "right" });

  let y = Math.max(doc.y, 110) + 16;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor("#cccccc").stroke();
  y += 14;

  // Bill to and dates
  doc.fillColor(grey).font(font.regular).fontSize(9).text("BILL TO", left, y);
  doc
    .fillColor("#000")
    .font(font.bold)
    .fontSize(12)
    .text(`${invoice.child_first_name} ${invoice.child_last_name}`.trim(), left, y + 12);
  doc.font(font.regular).fontSize(10);
  doc.text(`Student ID: ${invoice.student_id}`, left, doc.y + 2);
  doc.text(`Classroom: ${invoice.classroom_name ?? "Unassigned"}`);
  const billTo = doc.y;

  const facts: [string, string][] = [
    ["Issue date", formatDate(invoice.issue_date)],
    ["Due date", formatDate(invoice.due_date)],
  ];
  if (invoice.billing_month)
    facts.push(["Billing month", MONTH.format(new Date(`${invoice.billing_month}T00:00:00Z`))]);
  let factY = y;
  for (const [label, value] of facts) {
    doc
      .fillColor(grey)
      .font(font.regular)
      .fontSize(9)
      .text(label, left + width * 0.55, factY, { width: width * 0.2 });
    doc
      .fillColor("#000")
      .font(font.bold)
      .fontSize(10)
      .text(value, left + width * 0.75, factY, { width: width * 0.25, align: "right" });
    factY += 16;
  }
  y = Math.max(billTo, factY) + 20;

  // Lines
  doc.rect(left, y, width, 22).fill("#eef5f1");
  doc.fillColor("#000").font(font.bold).fontSize(10);
  doc.text("Description", left + 8, y + 6, { width: width * 0.7 });
  doc.text("Amount", left, y + 6, { width: width - 8, align: "right" });
  y += 28;
  doc.font(font.regular);
  for (const line of invoice.lines) {
    const height = doc.heightOfString(line.description, { width: width * 0.7 });
    doc.text(line.description, left + 8, y, { width: width * 0.7 });
    doc.text(money(line.amount), left, y, { width: width - 8, align: "right" });
    y += Math.max(height, 12) + 8;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .strokeColor("#eeeeee")
      .stroke();
  }

  // Totals, as the server summed them in paise
  const totals: [string, string, boolean][] = [
    ["Total", money(invoice.total_amount), true],
    ["Amount paid", money(invoice.amount_paid), false],
    ["Balance due", money(invoice.balance), true],
  ];
  y += 6;
  for (const [label, value, strong] of totals) {
    doc
      .font(strong ? font.bold : font.regular)
      .fontSize(strong ? 11 : 10)
      .fillColor("#000");
    doc.text(label, left + width * 0.5, y, { width: width * 0.25 });
    doc.text(value, left + width * 0.75, y, { width: width * 0.25 - 8, align: "right" });
    y += 18;
  }

  // Payments
  y += 14;
  doc.font(font.bold).fontSize(11).text("Payments", left, y);
  y += 18;
  doc.font(font.regular).fontSize(10);
  if (invoice.payments.length === 0) {
    doc.fillColor(grey).text("No payments recorded.", left, y);
    y += 16;
  }
  for (const entry of invoice.payments) {
    doc.fillColor("#000").text(formatDate(entry.paid_on), left, y, { width: 90 });
    doc.text(`${PAYMENT_MODE_LABELS[entry.mode]}${entry.reference ? ` · ${entry.reference}` : ""}`, left + 95, y, {
      width: width * 0.5,
    });
    doc.text(money(entry.amount), left, y, { width: width - 8, align: "right" });
    y += 16;
  }
  if (invoice.status === "Cancelled" && invoice.cancel_reason) {
    y += 10;
    doc.fillColor("#c62828").text(`Cancelled: ${invoice.cancel_reason}`, left, y, { width });
  }

  doc
    .fillColor(grey)
    .fontSize(8)
    .text(`${centre.name} · This is a computer-generated invoice.`, left, doc.page.height - 70, {
      width,
      align: "center",
    });
  doc.end();
  return done;
}
