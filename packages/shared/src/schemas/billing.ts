import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { TAX_DOCUMENTS, taxClassFields, taxLine } from "./fee-collection/tax.ts";
import { isIsoDate, LIST_MAX_PAGE, listPagination, pageParams, safeString } from "./primitives.ts";

/** Each label's English, from its catalogue message (a screen says the message by its id). */
const englishLabels = <K extends string>(ids: Record<K, MessageId>) =>
  Object.fromEntries(Object.entries<MessageId>(ids).map(([key, id]) => [key, english(id)])) as Record<K, string>;

/* ---------- Messages (the spec's where it names them) ---------- */

export const BILLING_MESSAGES = {
  studentRequired: english("billing.studentRequired"),
  amountRequired: english("billing.amountRequired"),
  amountPositive: english("billing.amountPositive"),
  amountDecimals: english("billing.amountDecimals"),
  amountTooLarge: english("billing.amountTooLarge"),
  dueDateRequired: english("billing.dueDateRequired"),
  dueDatePast: english("billing.dueDatePast"),
  invalidDate: english("billing.invalidDate"),
  descriptionTooLong: english("billing.descriptionTooLong"),
  rejectReasonRequired: english("billing.rejectReasonRequired"),
  cancelReasonRequired: english("billing.cancelReasonRequired"),
  reasonTooLong: english("billing.reasonTooLong"),
  paymentDateRequired: english("billing.paymentDateRequired"),
  paymentDateFuture: english("billing.paymentDateFuture"),
  paymentModeRequired: english("billing.paymentModeRequired"),
  referenceTooLong: english("billing.referenceTooLong"),
  // The spec's error catalogue (billing screen and invoice list).
  fetchRequestsFailed: english("billing.fetchRequestsFailed"),
  actionFailed: english("billing.actionFailed"),
  submitFailed: english("billing.submitFailed"),
  loadStudentsFailed: english("billing.loadStudentsFailed"),
  generateFailed: english("billing.generateFailed"),
  fetchInvoicesFailed: english("billing.fetchInvoicesFailed"),
  noInvoices: english("billing.noInvoices"),
  twoFactorCodeInvalid: english("billing.twoFactorCodeInvalid"),
  twoFactorFailed: english("billing.twoFactorFailed"),
} as const;

/** The largest single amount a form accepts: ten lakh rupees. */
export const MAX_AMOUNT_RUPEES = 1_000_000;
export const INVOICE_PAGE_SIZES = [5, 10, 25, 50] as const;
export const INVOICE_DEFAULT_PAGE_SIZE = 10;
export const MONTHLY_INVOICE_DUE_DAYS = 30;

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Rupees as typed or sent: a number (or numeric text) above zero with at most two decimals. */
export const rupeesAmount = (required: string = BILLING_MESSAGES.amountRequired) =>
  z.preprocess(
    (value) => {
      const plain = emptyToUndefined(typeof value === "string" ? value.trim() : value);
      return typeof plain === "string" && /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : plain;
    },
    z
      .number({ error: required })
      .refine((value) => Number.isFinite(value), { message: required })
      .refine((value) => value > 0, { message: BILLING_MESSAGES.amountPositive })
      .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), { message: BILLING_MESSAGES.amountDecimals })
      .refine((value) => value <= MAX_AMOUNT_RUPEES, { message: BILLING_MESSAGES.amountTooLarge }),
  );

const calendarDate = (required: string) =>
  safeString({ error: required }).trim().min(1, required).refine(isIsoDate, { message: BILLING_MESSAGES.invalidDate });

const reason = (required: string) =>
  safeString({ error: required }).trim().min(1, required).max(500, BILLING_MESSAGES.reasonTooLong);

/* ---------- Invoices ---------- */

export const INVOICE_STATUSES = ["Pending", "Paid", "Overdue", "Cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Chip colours the spec gives: Paid success, Pending warning, Overdue error, Cancelled neutral outlined. */
export const INVOICE_STATUS_CHIPS: Record<
  InvoiceStatus,
  { color: "success" | "warning" | "error" | "default"; variant: "filled" | "outlined" }
> = {
  Paid: { color: "success", variant: "filled" },
  Pending: { color: "warning", variant: "filled" },
  Overdue: { color: "error", variant: "filled" },
  Cancelled: { color: "default", variant: "outlined" },
};

export const invoice = z.object({
  id: safeString(),
  invoice_number: safeString(),
  child_id: safeString(),
  child_first_name: safeString(),
  child_last_name: safeString(),
  classroom_name: safeString().nullable(),
  student_id: safeString(),
  center_name: safeString(),
  kind: z.enum(["monthly", "request"]),
  billing_month: safeString().nullable(),
  description: safeString().nullable(),
  issue_date: safeString(),
  due_date: safeString(),
  total_amount: z.number(),
  amount_paid: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_STATUSES),
  cancel_reason: safeString().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoicesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (INVOICE_PAGE_SIZES as readonly number[]).includes(value), {
      message: english("billing.pageSize"),
    })
    .default(INVOICE_DEFAULT_PAGE_SIZE),
  status: z.preprocess(emptyToUndefined, z.enum(INVOICE_STATUSES).optional()),
  child_name: safeString().trim().max(100).optional(),
  center_id: z.preprocess(emptyToUndefined, z.uuid().optional()),
  /** One child's invoices (a parent's child card opens these). */
  child_id: z.preprocess(emptyToUndefined, z.uuid({ error: english("billing.childNotFound") }).optional()),
});
export type InvoicesQuery = z.input<typeof invoicesQuery>;

export const invoicesResponse = z.object({
  invoices: z.array(invoice),
  pagination: z.object({
    current_page: z.number().int(),
    total_pages: z.number().int(),
    total_items: z.number().int(),
    /** A name search stops counting 100 matches past the page: the list shows "100+". */
    total_is_lower_bound: z.boolean(),
    items_per_page: z.number().int(),
  }),
});
export type InvoicesPage = z.infer<typeof invoicesResponse>;

/** A line: its amount (tax included) and, per line, its tax class and tax in rupees. */
export const invoiceLine = z.object({ description: safeString(), amount: z.number() }).extend(taxLine.shape);

export const PAYMENT_MODES = ["cash", "upi", "card", "bank_transfer", "cheque"] as const;
export const PAYMENT_MODE_LABEL_IDS = {
  cash: "billing.modeCash",
  upi: "billing.modeUpi",
  card: "billing.modeCard",
  bank_transfer: "billing.modeBankTransfer",
  cheque: "billing.modeCheque",
} as const satisfies Record<(typeof PAYMENT_MODES)[number], MessageId>;
export const PAYMENT_MODE_LABELS: Record<(typeof PAYMENT_MODES)[number], string> =
  englishLabels(PAYMENT_MODE_LABEL_IDS);

export const payment = z.object({
  id: safeString(),
  amount: z.number(),
  paid_on: safeString(),
  mode: z.enum(PAYMENT_MODES),
  reference: safeString().nullable(),
  /** KOR/R26-27/00012; null on payments recorded before receipts were numbered. */
  receipt_number: safeString().nullable(),
  recorded_by_name: safeString().nullable(),
  recorded_at: safeString(),
});

/** A credit note as the invoice it corrects lists it. */
export const creditNoteSummary = z.object({
  id: safeString(),
  credit_note_number: safeString(),
  issue_date: safeString(),
  reason: safeString(),
  total_amount: z.number(),
});

export const invoiceDetail = invoice.extend({
  lines: z.array(invoiceLine),
  payments: z.array(payment),
  /** "invoice" (centre not GST-registered), "tax_invoice", or "bill_of_supply" (every line exempt). */
  tax_document: z.enum(TAX_DOCUMENTS),
  supplier_gstin: safeString().nullable(),
  /** The payer's GST state code; null on a plain invoice. */
  place_of_supply: safeString().nullable(),
  taxable_value: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  amount_credited: z.number(),
  /** total - paid - credited: what the family still owes. */
  outstanding: z.number(),
  credit_notes: z.array(creditNoteSummary),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const invoiceIdParams = z.object({ id: z.uuid({ error: english("billing.invoiceNotFound") }) });

export const paymentRequest = z.object({
  amount: rupeesAmount(),
  paid_on: calendarDate(BILLING_MESSAGES.paymentDateRequired),
  mode: z.enum(PAYMENT_MODES, { error: BILLING_MESSAGES.paymentModeRequired }),
  reference: safeString().trim().max(100, BILLING_MESSAGES.referenceTooLong).optional().default(""),
});
export type PaymentRequest = z.input<typeof paymentRequest>;

export const cancelInvoiceRequest = z.object({ reason: reason(BILLING_MESSAGES.cancelReasonRequired) });

export const invoiceActionResponse = z.object({ message: safeString(), invoice: invoiceDetail });

/* ---------- Monthly generation ---------- */

/** An optional centre; without a body, every centre in the caller's scope. */
export const generateMonthlyRequest = z.preprocess(
  (value) => value ?? {},
  z.object({ center_id: z.preprocess(emptyToUndefined, z.uuid().optional()) }),
);

/** Why students were not invoiced. */
const skippedBreakdown = z.object({
  already_invoiced: z.number().int(),
  paused: z.number().int(),
  left: z.number().int(),
  no_monthly_fee: z.number().int(),
  not_yet_enrolled: z.number().int(),
});

export const generateMonthlyResponse = z.object({
  message: safeString(),
  created: z.number().int(),
  /** The rupees of the invoices created. */
  total: z.number(),
  skipped: z.number().int(),
  skipped_breakdown: skippedBreakdown,
  months: z.array(safeString()),
});
export type GenerateMonthlyResult = z.infer<typeof generateMonthlyResponse>;

/** The same choice of centres as generation: one centre, or every centre in the caller's scope. */
export const generationPreviewQuery = z.object({ center_id: z.preprocess(emptyToUndefined, z.uuid().optional()) });

/**
 * What generating now would create, worked out by the run's own rules without writing anything:
 * what the confirmation shows before the real call.
 */
export const generationPreview = z.object({
  /** Invoices the run would create (children already invoiced for the month are not counted). */
  invoices: z.number().int(),
  /** Their rupees, pause credits taken off. */
  total: z.number(),
  skipped: z.number().int(),
  skipped_breakdown: skippedBreakdown,
  /** The billing month of each centre ("2026-11"): each centre's today decides it. */
  months: z.array(safeString()),
});
export type GenerationPreview = z.infer<typeof generationPreview>;

/* ---------- Invoice requests ---------- */

export const INVOICE_REQUEST_STATUSES = ["Pending", "Approved", "Rejected"] as const;

export const invoiceRequest = z.object({
  id: safeString(),
  child_id: safeString(),
  child_name: safeString(),
  student_id: safeString(),
  center_name: safeString(),
  amount: z.number(),
  due_date: safeString(),
  description: safeString().nullable(),
  sac_code: safeString(),
  gst_rate: z.number().int(),
  status: z.enum(INVOICE_REQUEST_STATUSES),
  reject_reason: safeString().nullable(),
  requested_by_name: safeString().nullable(),
  requested_at: safeString(),
  decided_by_name: safeString().nullable(),
  decided_at: safeString().nullable(),
  invoice_id: safeString().nullable(),
  invoice_number: safeString().nullable(),
});
export type InvoiceRequest = z.infer<typeof invoiceRequest>;

export const invoiceRequestsQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(INVOICE_REQUEST_STATUSES).optional()),
  ...pageParams,
});
export const invoiceRequestsResponse = z.object({
  requests: z.array(invoiceRequest).max(LIST_MAX_PAGE),
  pagination: listPagination,
  /** Pending requests in the caller's centres, whatever the status chosen: the "N pending" chip. */
  pending: z.number().int(),
});
export type InvoiceRequestsPage = z.infer<typeof invoiceRequestsResponse>;

/** The Request Invoice dialog and POST /api/invoices/requests: {child_id, amount, dueDate, description}. */
export const createInvoiceRequest = z.object({
  child_id: safeString({ error: BILLING_MESSAGES.studentRequired }).trim().min(1, BILLING_MESSAGES.studentRequired),
  amount: rupeesAmount(),
  dueDate: calendarDate(BILLING_MESSAGES.dueDateRequired),
  description: safeString().trim().max(500, BILLING_MESSAGES.descriptionTooLong).optional().default(""),
  ...taxClassFields,
});
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequest>;

export const rejectInvoiceRequest = z.object({ reason: reason(BILLING_MESSAGES.rejectReasonRequired) });

export const invoiceRequestIdParams = z.object({ id: z.uuid({ error: english("billing.requestNotFound") }) });

export const invoiceRequestActionResponse = z.object({ message: safeString(), request: invoiceRequest });

/** The invoice number a PDF is saved under: KOR-26-27-000123.pdf (a file name holds no slash). */
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber.replaceAll("/", "-")}.pdf`;

/** The two-factor code asked before a PDF download: numeric, up to 6 digits, at least 6 to send. */
export const pdfTwoFactorCode = safeString().regex(/^\d{6}$/, BILLING_MESSAGES.twoFactorCodeInvalid);

/**
 * The download dialog's form: the 6-digit code from an authenticator app or from the e-mail
 * (POST /api/invoices/{id}/download-code), sent in the `x-2fa-totp` header.
 */
export const invoiceDownloadForm = z.object({ code: pdfTwoFactorCode });
export type InvoiceDownloadForm = z.output<typeof invoiceDownloadForm>;
