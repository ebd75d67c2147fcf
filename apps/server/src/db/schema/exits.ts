import { sql } from "drizzle-orm";
import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { students } from "./children.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const EXIT_PERSON_TYPES = ["student", "teacher_staff", "other_staff"] as const;

/** People who left a centre: children and staff. Billing and the fees screen read these. */
export const exitRecords = pgTable(
  "exit_records",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id").references(() => centers.id),
    personName: text("person_name").notNull(),
    personType: text("person_type", { enum: EXIT_PERSON_TYPES }).notNull(),
    /** The child who left, when the person is a student. */
    studentId: uuid("student_id").references(() => students.id),
    /** The staff account that left, when the person is staff. */
    userId: uuid("user_id").references(() => users.id),
    jobTitle: text("job_title"),
    exitDate: date("exit_date").notNull(),
    exitReason: text("exit_reason").notNull(),
    recordedBy: uuid("recorded_by").references(() => users.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("exit_records_center_date_idx").on(table.centerId, table.exitDate),
    // The list's order within an organisation, read backwards (newest exit first).
    index("exit_records_org_order_idx").on(table.organisationId, table.exitDate, table.recordedAt, table.id),
    index("exit_records_type_idx").on(table.personType),
  ],
);
