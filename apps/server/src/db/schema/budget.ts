import {
  APPROVAL_STATUSES,
  BUDGET_LIMIT_ROLES,
  EXPENSE_CATEGORIES,
  PAYMENT_MODES,
} from "@sprout/shared/schemas/budget";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * What a role at a centre may approve by itself in a fiscal year (April–March, stored as the year
 * it starts), for one category or (category null) for all. `used_paise` is what its automatic
 * approvals have taken so far: checked and raised in one UPDATE.
 */
export const budgetLimits = pgTable(
  "budget_limits",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    role: text("role", { enum: BUDGET_LIMIT_ROLES }).notNull(),
    fiscalYear: integer("fiscal_year").notNull(),
    category: text("category", { enum: EXPENSE_CATEGORIES }),
    approvalLimitPaise: bigint("approval_limit_paise", { mode: "number" }).notNull(),
    usedPaise: bigint("used_paise", { mode: "number" }).notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("budget_limits_unique_idx").on(
      table.centerId,
      table.role,
      table.fiscalYear,
      sql`coalesce(${table.category}, '')`,
    ),
    index("budget_limits_org_idx").on(table.organisationId, table.fiscalYear),
  ],
);

/**
 * A supplier's quote (image re-encoded, or PDF) uploaded before its request is raised; tied to at
 * most one request, and opened only by its requester and those who decide it.
 */
export const budgetQuotes = pgTable("budget_quotes", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  storedName: text("stored_name").notNull().unique(),
  fileName: text("file_name").notNull(),
  mimeType: text("mime_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  uploadedBy: uuid("uploaded_by")
    .notNull()
    .references(() => users.id),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
});

/** Someone asks for money; within their limit it is approved at once, else it waits for a decision. */
export const budgetRequests = pgTable(
  "budget_requests",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id),
    description: text("description").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    category: text("category", { enum: EXPENSE_CATEGORIES }).notNull(),
    justification: text("justification").notNull(),
    quoteId: uuid("quote_id")
      .unique()
      .references(() => budgetQuotes.id),
    fiscalYear: integer("fiscal_year").notNull(),
    status: text("status", { enum: APPROVAL_STATUSES }).notNull(),
    /** The limit an automatic approval drew on. */
    limitId: uuid("limit_id").references(() => budgetLimits.id),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNotes: text("decision_notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("budget_requests_center_status_idx").on(table.centerId, table.status, table.createdAt.desc(), table.id),
    index("budget_requests_requester_idx").on(table.requesterId, table.createdAt.desc(), table.id),
    index("budget_requests_decided_idx").on(table.organisationId, table.decidedAt),
  ],
);

/** An uploaded receipt (image re-encoded, or PDF); tied to at most one expense. */
export const expenseReceipts = pgTable("expense_receipts", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  storedName: text("stored_name").notNull().unique(),
  mimeType: text("mime_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  uploadedBy: uuid("uploaded_by")
    .notNull()
    .references(() => users.id),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
});

export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    expenseDate: date("expense_date").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    category: text("category", { enum: EXPENSE_CATEGORIES }).notNull(),
    subcategory: text("subcategory").notNull().default(""),
    description: text("description").notNull(),
    paymentMode: text("payment_mode", { enum: PAYMENT_MODES }).notNull(),
    vendor: text("vendor").notNull().default(""),
    gstNumber: text("gst_number"),
    receiptId: uuid("receipt_id")
      .unique()
      .references(() => expenseReceipts.id),
    requestId: uuid("request_id").references(() => budgetRequests.id),
    loggedBy: uuid("logged_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("expenses_center_date_idx").on(table.centerId, table.expenseDate.desc(), table.id.desc()),
    index("expenses_request_idx").on(table.requestId),
  ],
);
