import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { invoices, payments, taxColumns } from "./billing.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/* Collecting fees the Indian way (issue 35). Money is integer paise. */

/** A centre's collection and tax details: where parents pay by UPI and what its tax invoices say. */
export const centerCollectionSettings = pgTable("center_collection_settings", {
  centerId: uuid("center_id")
    .primaryKey()
    .references(() => centers.id, { onDelete: "cascade" }),
  /** The UPI ID (VPA) parents pay, e.g. "koramangala@okhdfcbank". */
  upiVpa: text("upi_vpa"),
  upiPayeeName: text("upi_payee_name"),
  /** 15 characters, its state code and check digit verified; null when not GST-registered. */
  gstin: text("gstin"),
  legalName: text("legal_name"),
  taxAddress: text("tax_address"),
  /**
   * Up to 3 capital letters or digits that start the centre's document numbers (KOR/26-27/000123);
   * null: the first three of the centre's name (`seriesCodeOf`).
   */
  seriesCode: text("series_code"),
  /** Due-in-3-days, due-today and 7-days-overdue reminders to parents. */
  remindersEnabled: boolean("reminders_enabled").notNull().default(true),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const DOCUMENT_SERIES = ["invoice", "credit_note", "receipt"] as const;

/**
 * The last number given in each centre's series per financial year ("26-27"). Numbers are taken
 * by `update ... set last_number = last_number + n returning`, so they run consecutive and unique
 * whatever number of instances issue at once.
 */
export const documentSeries = pgTable(
  "document_series",
  {
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id, { onDelete: "cascade" }),
    series: text("series", { enum: DOCUMENT_SERIES }).notNull(),
    financialYear: text("financial_year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.centerId, table.series, table.financialYear] })],
);

/** A correction to an issued invoice, with its own series; the invoice itself is never edited. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    creditNoteNumber: text("credit_note_number").notNull().unique(),
    financialYear: text("financial_year").notNull(),
    issueDate: date("issue_date").notNull(),
    reason: text("reason").notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_notes_invoice_idx").on(table.invoiceId),
    index("credit_notes_center_issue_idx").on(table.centerId, table.issueDate),
  ],
);

export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    creditNoteId: uuid("credit_note_id")
      .notNull()
      .references(() => creditNotes.id),
    position: integer("position").notNull().default(0),
    description: text("description").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    ...taxColumns(),
  },
  (table) => [index("credit_note_lines_note_idx").on(table.creditNoteId, table.position)],
);

export const PAYMENT_CLAIM_STATUSES = ["Waiting", "Confirmed", "Rejected"] as const;

/** A parent's word that they paid by UPI, waiting for the office to confirm it against the bank. */
export const paymentClaims = pgTable(
  "payment_claims",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    utr: text("utr").notNull().unique(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    paidOn: date("paid_on").notNull(),
    status: text("status", { enum: PAYMENT_CLAIM_STATUSES }).notNull().default("Waiting"),
    rejectReason: text("reject_reason"),
    paymentId: uuid("payment_id").references(() => payments.id),
    claimedBy: uuid("claimed_by").references(() => users.id),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    index("payment_claims_center_status_idx").on(table.centerId, table.status, table.claimedAt),
    index("payment_claims_invoice_idx").on(table.invoiceId),
  ],
);

/**
 * Every UTR Sprout has seen, on a claim or a payment: the primary key makes "already used" one
 * insert, whichever table the UTR first arrived in.
 */
export const paymentUtrs = pgTable("payment_utrs", {
  utr: text("utr").primaryKey(),
  claimId: uuid("claim_id").references(() => paymentClaims.id),
  paymentId: uuid("payment_id").references(() => payments.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An uploaded bank statement: its credits are matched to claims and invoices. */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    fileName: text("file_name").notNull(),
    /** Which column mapping read it: "hdfc", "sbi", "generic"... */
    format: text("format").notNull(),
    credits: integer("credits").notNull().default(0),
    uploadedBy: uuid("uploaded_by").references(() => users.id),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("bank_statements_center_idx").on(table.centerId, table.uploadedAt)],
);

export const STATEMENT_CREDIT_STATUSES = ["Unmatched", "Recorded", "Ignored"] as const;

/** One credit of a statement; a credit is known by its date, amount and reference, so a statement uploaded twice adds nothing. */
export const statementCredits = pgTable(
  "statement_credits",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    creditedOn: date("credited_on").notNull(),
    narration: text("narration").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    reference: text("reference").notNull().default(""),
    /**
     * What the credit's narration and reference name, read once when the statement is uploaded
     * (`statement-references.ts`): its 12-digit UTRs and Sprout's UPI `tr` references, sorted.
     * Matching joins on them instead of searching every credit's words on every look.
     */
    utrs: text("utrs").array().notNull().default(sql`'{}'::text[]`),
    upiReferences: text("upi_references").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: STATEMENT_CREDIT_STATUSES }).notNull().default("Unmatched"),
    paymentId: uuid("payment_id").references(() => payments.id),
  },
  (table) => [
    uniqueIndex("statement_credits_known_unique").on(
      table.centerId,
      table.creditedOn,
      table.amountPaise,
      table.reference,
    ),
    index("statement_credits_statement_idx").on(table.statementId),
  ],
);

export const REMINDER_KINDS = ["due_in_3_days", "due_today", "overdue_7_days"] as const;

/** Reminders sent: the primary key makes "never twice" one insert, whichever instance runs the job. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    kind: text("kind", { enum: REMINDER_KINDS }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.kind] })],
);
