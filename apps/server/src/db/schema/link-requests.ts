import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { guardians, students } from "./children.ts";
import { organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const LINK_REQUEST_STATUSES = ["pending", "accepted", "declined"] as const;

/**
 * An admission named the e-mail of an existing sign-in: the child is linked to that account only
 * when its owner accepts from their own sign-in. Until then the guardian record has no user.
 */
export const guardianLinkRequests = pgTable(
  "guardian_link_requests",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    status: text("status", { enum: LINK_REQUEST_STATUSES }).notNull().default("pending"),
    requestedBy: uuid("requested_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [index("guardian_link_requests_user_status_idx").on(table.userId, table.status)],
);
