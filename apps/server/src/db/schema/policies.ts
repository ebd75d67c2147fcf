import { POLICY_AUDIENCES } from "@sprout/shared/schemas/policies";
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * A centre's policy (issue 16). Publishing again raises `version`; acknowledgements name the
 * version they were given for, so a new version asks everyone again.
 */
export const policies = pgTable(
  "policies",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    version: integer("version").notNull().default(1),
    audience: text("audience", { enum: POLICY_AUDIENCES }).notNull(),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    pdfName: text("pdf_name"),
    pdfStoredName: text("pdf_stored_name"),
    pdfSizeBytes: bigint("pdf_size_bytes", { mode: "number" }),
    publishedBy: uuid("published_by").references(() => users.id),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("policies_center_published_idx").on(table.centerId, table.publishedAt.desc(), table.id),
    index("policies_pdf_idx").on(table.pdfStoredName),
  ],
);

export const policyAcknowledgements = pgTable(
  "policy_acknowledgements",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("policy_acknowledgements_unique").on(table.policyId, table.version, table.userId)],
);
