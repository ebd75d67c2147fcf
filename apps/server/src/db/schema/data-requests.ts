import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { students } from "./children.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const EXPORT_STATUSES = ["queued", "working", "ready", "failed"] as const;

/**
 * A parent's request for everything Sprout holds about their child and themselves (issue 19).
 * The archive is built by a worker that claims queued rows with FOR UPDATE SKIP LOCKED, so that
 * any instance may build it; it is offered until `expires_at`, then its file is removed.
 */
export const dataExports = pgTable(
  "data_exports",
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
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: EXPORT_STATUSES }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    storedName: text("stored_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When a worker claimed it; a claim left this long without finishing is taken over. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [
    index("data_exports_queue_idx").on(table.status, table.createdAt),
    index("data_exports_requester_idx").on(table.requestedBy, table.createdAt.desc(), table.id),
    index("data_exports_stored_idx").on(table.storedName),
  ],
);

export const DATA_REQUEST_KINDS = ["correction", "erasure"] as const;
export const DATA_REQUEST_STATUSES = ["open", "done", "refused"] as const;

/** A parent's request to correct or erase their child's data, answered by the centre. */
export const dataRequests = pgTable(
  "data_requests",
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
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: DATA_REQUEST_KINDS }).notNull(),
    /** What is wrong (correction) or why erasure is asked (erasure). */
    details: text("details").notNull(),
    /** What it should be (corrections only). */
    correction: text("correction"),
    status: text("status", { enum: DATA_REQUEST_STATUSES }).notNull().default("open"),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    answer: text("answer"),
    answeredBy: uuid("answered_by").references(() => users.id),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("data_requests_desk_idx").on(table.centerId, table.status, table.dueDate, table.id),
    index("data_requests_requester_idx").on(table.requestedBy, table.createdAt.desc(), table.id),
    index("data_requests_student_idx").on(table.studentId),
  ],
);

/** How long a centre keeps the records of children who have left, and whether the job acts. */
export const retentionSettings = pgTable("retention_settings", {
  centerId: uuid("center_id")
    .primaryKey()
    .references(() => centers.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  recordsYears: integer("records_years").notNull(),
  booksYears: integer("books_years").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * A child whose records were erased (on request or by retention). The child row stays, holding
 * only the name the invoices need, until the books' period ends and the name goes too.
 */
export const childErasures = pgTable(
  "child_erasures",
  {
    studentId: uuid("student_id")
      .primaryKey()
      .references(() => students.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    reason: text("reason", { enum: ["request", "retention"] }).notNull(),
    erasedBy: uuid("erased_by").references(() => users.id),
    erasedAt: timestamp("erased_at", { withTimezone: true }).notNull(),
    nameRemovedAt: timestamp("name_removed_at", { withTimezone: true }),
  },
  (table) => [index("child_erasures_center_idx").on(table.centerId, table.erasedAt)],
);
