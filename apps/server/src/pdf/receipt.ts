import type { Language } from "@sprout/shared/i18n/languages";
import type { payments } from "../db/schema/billing.ts";
import type { centers } from "../db/schema/organisations.ts";
import { intlFor } from "../i18n/intl.ts";
import { toRupees } from "../lib/money.ts";
import { openPdf } from "./document.ts";
import { write } from "./fonts.ts";
import type { Letterhead } from "./invoice.ts";

/**
 * A payment receipt as an A5 PDF in the reader's language: the centre, the receipt number and
 * date, the amount in figures, how it was paid (mode, UTR or reference), the invoice and child it
 * was paid for, and the balance left on the invoice after it.
 */
export function renderReceiptPdf(receipt: Receipt, centre: Letterhead, language: Language): Promise<Buffer> {
  const intl = intlFor(language);
  const say = intl.formatMessage;
  const money = (paise: number) =>
    `₹${intl.formatNumber(toRupees(paise), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const day = (iso: string) =>
    intl.formatDate(`${iso}T00:00:00Z`, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  const { doc, done } = openPdf({
    size: "A5",
    margin: 40,
    info: {
      Title: say({ id: "receipts.documentTitle" }, { number: receipt.receiptNumber }),
      Author: centre.name,
    },
  });
  const left = 40;
  const width = doc.page.width - 80;
  const green = "#2e7d5b";
  const grey = "#555555";
  doc.rect(0, 0, doc.page.width, 6).fill(green);
  write(doc.fillColor(green), centre.name, { weight: "bold", size: 16 }, left, 28, { width });
  const place = [centre.address, centre.city, [centre.state, centre.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  write(doc.fillColor(grey), place, { weight: "regular", size: 8 }, left, doc.y + 2, { width });
  let y = doc.y + 16;
  write(doc.fillColor("#000"), say({ id: "receipts.title" }), { weight: "bold", size: 18 }, left, y, { width });
  y = doc.y + 10;

  const reference = receipt.utr ?? receipt.reference;
  const facts: [string, string][] = [
    [say({ id: "receipts.number" }), receipt.receiptNumber],
    [say({ id: "receipts.date" }), day(receipt.paidOn)],
    [say({ id: "receipts.amount" }), money(receipt.amountPaise)],
    [say({ id: "receipts.mode" }), say({ id: "payment.mode" }, { mode: receipt.mode })],
    ...(reference
      ? [[say({ id: receipt.utr ? "receipts.utr" : "receipts.reference" }), reference] as [string, string]]
      : []),
    [say({ id: "receipts.invoice" }), receipt.invoiceNumber],
    [say({ id: "receipts.child" }), `${receipt.childName} (${receipt.studentId})`],
    [say({ id: "receipts.balanceAfter" }), money(receipt.balanceAfterPaise)],
  ];
  for (const [label, value] of facts) {
    write(doc.fillColor(grey), label, { weight: "regular", size: 10 }, left, y, { width: width * 0.42 });
    const top = y;
    write(doc.fillColor("#000"), value, { weight: "bold", size: 11 }, left + width * 0.42, top, {
      width: width * 0.58,
    });
    y = Math.max(doc.y, top + 14) + 8;
  }
  write(
    doc.fillColor(grey),
    say({ id: "receipts.footer" }, { centre: centre.name }),
    { weight: "regular", size: 8 },
    left,
    doc.page.height - 80,
    { width, align: "center" },
  );
  doc.end();
  return done;
}

/** What a receipt prints: the payment, its invoice, child and centre, and what was left to pay after it. */
export interface Receipt {
  receiptNumber: string;
  paidOn: string;
  recordedAt: Date;
  amountPaise: number;
  mode: (typeof payments.$inferSelect)["mode"];
  utr: string | null;
  reference: string | null;
  invoiceNumber: string;
  childName: string;
  studentId: string;
  /** Rupees still to pay once this payment (and those before it) had been received. */
  balanceAfterPaise: number;
  centre: typeof centers.$inferSelect;
}
