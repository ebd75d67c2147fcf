import { sql } from "drizzle-orm";
import { boolean, date, index, pgSequence, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const employeeNumber = pgSequence("employee_number_seq", { startWith: 1001 });

/** Every centre staff sign-in has a staff record; "staff" (support staff) sign in as teachers. */
export const STAFF_ROLES = ["teacher", "admin", "staff", "academic_coordinator", "center_director"] as const;
export const CONTRACT_TYPES = ["full-time", "part-time", "contract", "temporary"] as const;

/** An employee record of a centre, linked to the employee's sign-in account. */
export const staff = pgTable(
  "staff",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id),
    /** The human employee ID, e.g. EMP-1001, made by the database sequence. */
    employeeId: text("employee_id").notNull().unique().default(sql`'EMP-' || nextval('employee_number_seq')`),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    designation: text("designation"),
    department: text("department"),
    joiningDate: date("joining_date", { mode: "string" }),
    contractType: text("contract_type", { enum: CONTRACT_TYPES }).notNull().default("full-time"),
    contactNumber: text("contact_number"),
    emergencyContact: text("emergency_contact"),
    address: text("address"),
    activeStatus: boolean("active_status").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("staff_center_idx").on(table.centerId),
    // The staff list's order, within a centre and across an owner's centres.
    index("staff_center_name_idx").on(table.centerId, table.firstName, table.lastName, table.id),
    index("staff_name_idx").on(table.firstName, table.lastName, table.id),
  ],
);
