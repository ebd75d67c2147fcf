import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { rupeesAmount } from "../billing.ts";
import { isIsoDate, listPagination, pageParams, safeString } from "../primitives.ts";

/* The parent pays an invoice by UPI, says so (a payment claim), the office confirms; receipts. */

export const PAY_MESSAGES = {
  utrRequired: english("paymentClaims.utrRequired"),
  utrFormat: english("paymentClaims.utrFormat"),
  paidOnRequired: english("paymentClaims.paidOnRequired"),
  paidOnInvalid: english("paymentClaims.paidOnInvalid"),
  rejectReasonRequired: english("paymentClaims.rejectReasonRequired"),
  reasonTooLong: english("paymentClaims.reasonTooLong"),
} as const;

/** A UPI transaction's bank reference (UTR / RRN): 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;

/** `GET /api/invoices/{id}/upi`: the `upi://pay` link and its QR code as a PNG data URL. */
export const upiPayment = z.object({
  uri: safeString(),
  qr_png: z.string(),
  /** The centre's UPI ID, printed beside the QR for those who type it in. */
  vpa: safeString(),
  payee_name: safeString(),
  /** Rupees outstanding: the `am` of the link. */
  amount: z.number(),
});
export type UpiPayment = z.infer<typeof upiPayment>;

/** What the parent sends when they have paid: the UTR from their UPI app, the amount and the day. */
export const paymentClaimRequest = z.object({
  utr: safeString({ error: PAY_MESSAGES.utrRequired })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().min(1, PAY_MESSAGES.utrRequired).regex(UTR_PATTERN, PAY_MESSAGES.utrFormat)),
  amount: rupeesAmount(),
  paid_on: safeString({ error: PAY_MESSAGES.paidOnRequired })
    .trim()
    .min(1, PAY_MESSAGES.paidOnRequired)
    .refine(isIsoDate, { message: PAY_MESSAGES.paidOnInvalid }),
});
export type PaymentClaimRequest = z.input<typeof paymentClaimRequest>;

export const PAYMENT_CLAIM_STATUSES = ["Waiting", "Confirmed", "Rejected"] as const;
export type PaymentClaimStatus = (typeof PAYMENT_CLAIM_STATUSES)[number];

export const PAYMENT_CLAIM_STATUS_CHIPS: Record<PaymentClaimStatus, "warning" | "success" | "error"> = {
  Waiting: "warning",
  Confirmed: "success",
  Rejected: "error",
};

export const paymentClaim = z.object({
  id: safeString(),
  invoice_id: safeString(),
  invoice_number: safeString(),
  child_name: safeString(),
  center_name: safeString(),
  utr: safeString(),
  amount: z.number(),
  paid_on: safeString(),
  status: z.enum(PAYMENT_CLAIM_STATUSES),
  reject_reason: safeString().nullable(),
  claimed_by_name: safeString().nullable(),
  claimed_at: safeString(),
  decided_at: safeString().nullable(),
  receipt_number: safeString().nullable(),
});
export type PaymentClaim = z.infer<typeof paymentClaim>;

export const paymentClaimsQuery = z.object({
  ...pageParams,
  status: z.enum(PAYMENT_CLAIM_STATUSES).default("Waiting"),
  center_id: z.preprocess((value) => (value === "" ? undefined : value), z.uuid().optional()),
});
export type PaymentClaimsQuery = z.input<typeof paymentClaimsQuery>;

/** One invoice's claims, newest first (a parent's own; staff of the invoice's centre). */
export const invoiceClaimsQuery = z.object(pageParams);

export const paymentClaimsPage = z.object({ rows: z.array(paymentClaim), pagination: listPagination });
export type PaymentClaimsPage = z.infer<typeof paymentClaimsPage>;

export const paymentClaimIdParams = z.object({ id: z.uuid({ error: english("paymentClaims.notFound") }) });
export const paymentIdParams = z.object({ id: z.uuid({ error: english("receipts.notFound") }) });

export const rejectPaymentClaimRequest = z.object({
  reason: safeString({ error: PAY_MESSAGES.rejectReasonRequired })
    .trim()
    .min(1, PAY_MESSAGES.rejectReasonRequired)
    .max(500, PAY_MESSAGES.reasonTooLong),
});

export const paymentClaimAnswer = z.object({ message: safeString(), claim: paymentClaim });

/** `receipt_2026-...pdf`: the receipt's file name from its number (slashes are not allowed in names). */
export const receiptFileName = (receiptNumber: string) => `receipt_${receiptNumber.replaceAll("/", "-")}.pdf`;
