import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { students } from "./children.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/* Money is integer paise everywhere in this file. */

/** SAC 999210, pre-primary education services: exempt from GST. */
export const PRE_PRIMARY_SAC = "999210";
export const GST_RATES = [0, 5, 12, 18] as const;

/**
 * A line's tax. `amount_paise` stays what the line adds to the total, tax included;
 * `taxable_paise` is its value before tax (null on lines written before GST: all of the amount).
 * Each line's tax is rounded so that the lines add up to the invoice's tax rounded once (no
 * drift); an exempt line has rate 0.
 */
export function taxColumns() {
  return {
    sacCode: text("sac_code").notNull().default(PRE_PRIMARY_SAC),
    gstRate: integer("gst_rate").notNull().default(0),
    taxablePaise: bigint("taxable_paise", { mode: "number" }),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull().default(0),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull().default(0),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull().default(0),
  };
}

export const FEE_COMPONENT_TYPES = ["one_time", "recurring", "annual"] as const;

/** What a program costs in one academic year; students of that program are billed from it. */
export const feeStructures = pgTable(
  "fee_structures",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    /** Matches students.program_name, e.g. "Pre-school - KINDY". */
    programName: text("program_name").notNull(),
    programType: text("program_type").notNull(),
    ageGroup: text("age_group"),
    /** "2026-27": April to March. */
    academicYear: text("academic_year").notNull(),
    serviceHours: numeric("service_hours", { precision: 4, scale: 1, mode: "number" }),
    monthlyFeePaise: bigint("monthly_fee_paise", { mode: "number" }).notNull(),
    registrationFeePaise: bigint("registration_fee_paise", { mode: "number" }).notNull().default(1_000_000),
    securityDepositPaise: bigint("security_deposit_paise", { mode: "number" }).notNull().default(1_000_000),
    materialFeePaise: bigint("material_fee_paise", { mode: "number" }).notNull().default(0),
    /** The monthly fee's tax class: pre-primary education (999210) is exempt. */
    sacCode: text("sac_code").notNull().default(PRE_PRIMARY_SAC),
    gstRate: integer("gst_rate").notNull().default(0),
    quarterlyDiscountPercent: numeric("quarterly_discount_percent", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    annualDiscountPercent: numeric("annual_discount_percent", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("fee_structures_program_year_unique").on(table.organisationId, table.programName, table.academicYear),
    check("fee_structures_gst_rate_check", sql`${table.gstRate} in (0, 5, 12, 18)`),
    check(
      "fee_structures_amounts_check",
      sql`${table.monthlyFeePaise} >= 0 and ${table.registrationFeePaise} >= 0 and ${table.securityDepositPaise} >= 0 and ${table.materialFeePaise} >= 0`,
    ),
  ],
);

export const feeComponents = pgTable(
  "fee_components",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    feeStructureId: uuid("fee_structure_id")
      .notNull()
      .references(() => feeStructures.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    componentType: text("component_type", { enum: FEE_COMPONENT_TYPES }).notNull(),
    isRefundable: boolean("is_refundable").notNull().default(false),
    isOptional: boolean("is_optional").notNull().default(false),
    sacCode: text("sac_code").notNull().default(PRE_PRIMARY_SAC),
    gstRate: integer("gst_rate").notNull().default(0),
  },
  (table) => [
    index("fee_components_structure_idx").on(table.feeStructureId),
    check("fee_components_gst_rate_check", sql`${table.gstRate} in (0, 5, 12, 18)`),
  ],
);

export const INVOICE_REQUEST_STATUSES = ["Pending", "Approved", "Rejected"] as const;

export const invoiceRequests = pgTable(
  "invoice_requests",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    dueDate: date("due_date").notNull(),
    description: text("description"),
    /** A one-off item's tax class (transport, books, uniform): SAC code and GST rate in percent. */
    sacCode: text("sac_code").notNull().default(PRE_PRIMARY_SAC),
    gstRate: integer("gst_rate").notNull().default(0),
    status: text("status", { enum: INVOICE_REQUEST_STATUSES }).notNull().default("Pending"),
    rejectReason: text("reject_reason"),
    requestedBy: uuid("requested_by").references(() => users.id),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    index("invoice_requests_center_status_idx").on(table.centerId, table.status),
    check("invoice_requests_amount_check", sql`${table.amountPaise} > 0`),
    check("invoice_requests_gst_rate_check", sql`${table.gstRate} in (0, 5, 12, 18)`),
  ],
);

/** INV-2026-000123: the number part of invoices issued before financial-year series (`document_series`). */
export const invoiceNumber = pgSequence("invoice_number_seq", { startWith: 1 });

/** The `tr` of an invoice's UPI link and the reference a bank statement names it by. */
export const paymentReference = pgSequence("invoice_payment_reference_seq", { startWith: 1 });

/** What an invoice is in law: a plain invoice (centre not GST-registered), a tax invoice, or a bill of supply (every line exempt). */
export const TAX_DOCUMENTS = ["invoice", "tax_invoice", "bill_of_supply"] as const;

export const INVOICE_STATUSES = ["Pending", "Paid", "Overdue", "Cancelled"] as const;
export const INVOICE_KINDS = ["monthly", "request"] as const;

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id),
    /** Unique per centre: two centres' series may share a code (KOR/26-27/000001). */
    invoiceNumber: text("invoice_number").notNull(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    /** First day of the month a monthly invoice bills; null for other invoices. */
    billingMonth: date("billing_month"),
    requestId: uuid("request_id").references(() => invoiceRequests.id),
    description: text("description"),
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date").notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    paidPaise: bigint("paid_paise", { mode: "number" }).notNull().default(0),
    /** What credit notes took off the invoice; outstanding = total - paid - credited. */
    creditedPaise: bigint("credited_paise", { mode: "number" }).notNull().default(0),
    /** "26-27": the financial year (April to March) whose series numbered the invoice; null before the series. */
    financialYear: text("financial_year"),
    taxDocument: text("tax_document", { enum: TAX_DOCUMENTS }).notNull().default("invoice"),
    /** The centre's GSTIN when issued (a tax invoice keeps it even if the centre's changes later). */
    supplierGstin: text("supplier_gstin"),
    /** The payer's GST state code ("29"): same as the supplier's means CGST + SGST, else IGST. */
    placeOfSupply: text("place_of_supply"),
    paymentReference: text("payment_reference")
      .notNull()
      .unique()
      .default(sql`'SPR' || lpad(nextval('invoice_payment_reference_seq')::text, 9, '0')`),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("Pending"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    cancelledBy: uuid("cancelled_by").references(() => users.id),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the family was pushed "due soon": once per invoice, whichever instance runs the job. */
    dueSoonPushedAt: timestamp("due_soon_pushed_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One monthly invoice per student and month, whatever number of clicks or servers.
    uniqueIndex("invoices_monthly_unique")
      .on(table.studentId, table.billingMonth)
      .where(sql`${table.kind} = 'monthly'`),
    uniqueIndex("invoices_request_unique").on(table.requestId),
    uniqueIndex("invoices_center_number_unique").on(table.centerId, table.invoiceNumber),
    index("invoices_center_issue_idx").on(table.centerId, table.issueDate, table.invoiceNumber),
    // The list's order (newest first) for callers who see many centres: a backward index scan
    // stops after one page instead of sorting every invoice.
    index("invoices_issue_order_idx").on(table.issueDate, table.invoiceNumber),
    // A status filter in the list's order: Overdue invoices are the oldest, so scanning the plain
    // order for them passed every newer invoice first (70,000 rows at 100,000 invoices).
    index("invoices_center_status_idx").on(table.centerId, table.status, table.issueDate, table.invoiceNumber),
    index("invoices_status_order_idx").on(table.status, table.issueDate, table.invoiceNumber),
    index("invoices_student_idx").on(table.studentId),
    index("invoices_open_due_idx").on(table.dueDate).where(sql`${table.status} = 'Pending'`),
    check(
      "invoices_amounts_check",
      sql`${table.totalPaise} >= 0 and ${table.paidPaise} >= 0 and ${table.creditedPaise} >= 0 and ${table.paidPaise} + ${table.creditedPaise} <= ${table.totalPaise}`,
    ),
    check("invoices_monthly_has_month", sql`${table.kind} <> 'monthly' or ${table.billingMonth} is not null`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    position: integer("position").notNull().default(0),
    description: text("description").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /**
     * A pause credit line (negative amount) names the month whose paused school days it credits
     * and how many, so that the next generation credits only days not credited yet.
     */
    creditMonth: date("credit_month"),
    creditDays: integer("credit_days"),
    ...taxColumns(),
  },
  (table) => [index("invoice_lines_invoice_idx").on(table.invoiceId, table.position)],
);

export const PAYMENT_MODES = ["cash", "upi", "card", "bank_transfer", "cheque"] as const;

/** Money received against an invoice. Part payments add up; nothing is deleted. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    /** The invoice's centre, whose receipt series numbers the payment. */
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    paidOn: date("paid_on").notNull(),
    mode: text("mode", { enum: PAYMENT_MODES }).notNull(),
    reference: text("reference"),
    /** The bank's 12-digit UPI transaction reference, when known; unique with claims' (`payment_utrs`). */
    utr: text("utr").unique(),
    /** KOR/R26-27/00012: the receipt's number, from the centre's receipt series. */
    receiptNumber: text("receipt_number"),
    recordedBy: uuid("recorded_by").references(() => users.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payments_invoice_idx").on(table.invoiceId),
    uniqueIndex("payments_center_receipt_unique").on(table.centerId, table.receiptNumber),
    index("payments_center_paid_idx").on(table.centerId, table.paidOn),
    check("payments_amount_check", sql`${table.amountPaise} > 0`),
  ],
);
