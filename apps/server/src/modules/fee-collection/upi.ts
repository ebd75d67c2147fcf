import { english } from "@sprout/shared/i18n/english";
import type { UpiPayment } from "@sprout/shared/schemas/fee-collection/pay";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoices } from "../../db/schema/billing.ts";
import { centerCollectionSettings } from "../../db/schema/fee-collection.ts";
import { toRupees } from "../../lib/money.ts";
import type { UpiLink } from "../../pdf/invoice-upi.ts";
import { wrongState } from "../billing/messages.ts";
import type { InvoiceRow } from "../billing/queries.ts";
import { findInvoiceRow } from "./invoices.ts";

export const UPI_MESSAGES = {
  paid: english("server.payments.upiInvoicePaid"),
  cancelled: english("server.payments.upiInvoiceCancelled"),
  noUpiId: english("server.payments.upiNotSetUp"),
} as const;

/** Paise as the `am` of a UPI link: rupees with exactly two decimals ("2500.00"), no float maths. */
export const upiAmount = (paise: number) => `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;

/**
 * A query value percent-encoded (RFC 3986), keeping "@" as is: it is legal in a query, and UPI
 * apps read `pa=name@bank` most reliably written plainly.
 */
const encode = (value: string) => encodeURIComponent(value).replaceAll("%40", "@");

/**
 * The `upi://pay` link of an unpaid invoice (NPCI's deep-link parameters): the centre's UPI ID
 * and payee name, the outstanding amount, INR, the invoice number as the note and the invoice's
 * own payment reference as `tr`, which the bank statement then carries back. Throws 409 (with
 * the reason) for a paid or cancelled invoice and a centre without a UPI ID.
 */
export async function upiLinkOf(db: Database, row: InvoiceRow): Promise<UpiLink> {
  if (row.status === "Paid") throw wrongState(UPI_MESSAGES.paid);
  if (row.status === "Cancelled") throw wrongState(UPI_MESSAGES.cancelled);
  const [found] = await db
    .select({
      vpa: centerCollectionSettings.upiVpa,
      payeeName: centerCollectionSettings.upiPayeeName,
      legalName: centerCollectionSettings.legalName,
      reference: invoices.paymentReference,
    })
    .from(invoices)
    .leftJoin(centerCollectionSettings, eq(centerCollectionSettings.centerId, invoices.centerId))
    .where(eq(invoices.id, row.id));
  if (!found?.vpa) throw wrongState(UPI_MESSAGES.noUpiId);
  const payeeName = found.payeeName || found.legalName || row.centerName;
  const amountPaise = row.totalPaise - row.paidPaise - row.creditedPaise;
  const query = [
    ["pa", found.vpa],
    ["pn", payeeName],
    ["am", upiAmount(amountPaise)],
    ["cu", "INR"],
    ["tn", row.invoiceNumber],
    ["tr", found.reference],
  ]
    .map(([key, value]) => `${key}=${encode(value!)}`)
    .join("&");
  return { uri: `upi://pay?${query}`, vpa: found.vpa, payeeName, amountPaise };
}

/** For the invoice PDF: the link while the invoice can be paid by UPI, else nothing to print. */
export async function payableUpiLink(db: Database, row: InvoiceRow): Promise<UpiLink | null> {
  return upiLinkOf(db, row).catch(() => null);
}

export function createUpiService({ db }: { db: Database }) {
  return {
    /** The invoice's UPI link and QR code; 404 out of scope, 409 when it cannot be paid by UPI. */
    async upiFor(scope: Scope, invoiceId: string): Promise<UpiPayment> {
      const link = await upiLinkOf(db, await findInvoiceRow(db, scope, invoiceId));
      // Medium error correction and a quiet zone: scanned from another phone's screen or a print.
      const qr = await QRCode.toDataURL(link.uri, { errorCorrectionLevel: "M", margin: 2, width: 320 });
      return {
        uri: link.uri,
        qr_png: qr,
        vpa: link.vpa,
        payee_name: link.payeeName,
        amount: toRupees(link.amountPaise),
      };
    },
  };
}
