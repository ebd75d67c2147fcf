import { ENQUIRY_STATUSES } from "@sprout/shared/schemas/enquiries";
import { sql } from "drizzle-orm";
import { boolean, date, doublePrecision, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { students } from "./children.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/** A sales enquiry (a lead) for a centre, from the first call to admission or loss. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    enquiryDate: date("enquiry_date").notNull(),
    childName: text("child_name").notNull(),
    childDob: date("child_dob"),
    parentName: text("parent_name").notNull(),
    /** Normalised: +91 and 10 digits. */
    mobileNumber: text("mobile_number").notNull(),
    email: text("email"),
    parentLocation: text("parent_location"),
    company: text("company"),
    gender: text("gender"),
    source: text("source").notNull(),
    majorProgram: text("major_program").notNull(),
    specificProgram: text("specific_program").notNull(),
    serviceHours: doublePrecision("service_hours"),
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("Open"),
    reasonForClosure: text("reason_for_closure"),
    followUpFlag: boolean("follow_up_flag").notNull().default(false),
    followUpDate: date("follow_up_date"),
    assignedTo: text("assigned_to"),
    remarks: text("remarks"),
    visited: boolean("visited").notNull().default(false),
    probableJoiningDate: date("probable_joining_date"),
    /** Set once, in the admission transaction; a second conversion is refused. */
    studentId: uuid("student_id")
      .unique()
      .references(() => students.id),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("enquiries_center_status_idx").on(table.centerId, table.status),
    index("enquiries_center_created_idx").on(table.centerId, table.createdAt),
    // The table's order (newest enquiry first): a page and a search's capped count read an index
    // backwards and stop, instead of sorting every enquiry in scope.
    index("enquiries_order_idx").on(table.enquiryDate, table.createdAt, table.id),
    index("enquiries_center_order_idx").on(table.centerId, table.enquiryDate, table.createdAt, table.id),
  ],
);
