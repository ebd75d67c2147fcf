import { DIAPER_STATUSES, HEALTH_KINDS, MEAL_TYPES, POTTY_TYPES } from "@sprout/shared/schemas/child-day";
import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { students } from "./children.ts";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * The child's day (issue 13). Every row names its child, its centre (for scope filters without a
 * join) and the centre's calendar date it belongs to.
 */
const common = () => ({
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  studentId: uuid("student_id")
    .notNull()
    .references(() => students.id, { onDelete: "cascade" }),
  centerId: uuid("center_id")
    .notNull()
    .references(() => centers.id),
  day: date("day", { mode: "string" }).notNull(),
  notes: text("notes").notNull().default(""),
  recordedBy: uuid("recorded_by").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const foodEntries = pgTable(
  "food_entries",
  {
    ...common(),
    mealType: text("meal_type", { enum: MEAL_TYPES }).notNull(),
    foodConsumed: integer("food_consumed").notNull(),
  },
  (table) => [index("food_entries_student_day_idx").on(table.studentId, table.day)],
);

/** Times are the centre's wall-clock HH:MM of `day`; an empty end means the child is asleep. */
export const sleepEntries = pgTable(
  "sleep_entries",
  {
    ...common(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time"),
  },
  (table) => [index("sleep_entries_student_day_idx").on(table.studentId, table.day)],
);

export const pottyEntries = pgTable(
  "potty_entries",
  {
    ...common(),
    type: text("type", { enum: POTTY_TYPES }).notNull(),
    diaperStatus: text("diaper_status", { enum: DIAPER_STATUSES }).notNull(),
  },
  (table) => [index("potty_entries_student_day_idx").on(table.studentId, table.day)],
);

export const stars = pgTable(
  "stars",
  {
    ...common(),
    reason: text("reason").notNull(),
  },
  (table) => [index("stars_student_day_idx").on(table.studentId, table.day)],
);

/** Allergies stand until removed; medication, temperature and notes belong to their day. */
export const healthNotes = pgTable(
  "health_notes",
  {
    ...common(),
    kind: text("kind", { enum: HEALTH_KINDS }).notNull(),
    details: text("details").notNull().default(""),
    dose: text("dose").notNull().default(""),
    givenTime: text("given_time"),
    temperatureC: numeric("temperature_c", { precision: 4, scale: 1, mode: "number" }),
  },
  (table) => [
    index("health_notes_student_day_idx").on(table.studentId, table.day),
    index("health_notes_student_kind_idx").on(table.studentId, table.kind),
  ],
);

export const observationLogs = pgTable(
  "observation_logs",
  {
    ...common(),
    milestone: text("milestone").notNull().default(""),
    /** Copied from the centre's list when saved, so later changes to the list leave old logs alone. */
    milestoneSource: text("milestone_source").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("observation_logs_student_day_idx").on(table.studentId, table.day.desc(), table.id)],
);

/** Milestones a centre adds to the built-in framework list, each naming where it comes from. */
export const centreMilestones = pgTable(
  "centre_milestones",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    area: text("area").notNull().default(""),
    source: text("source").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("centre_milestones_centre_name_idx").on(table.centerId, sql`lower(${table.name})`)],
);

/** Files stored under generated names; served only through the access-checked route. */
export const observationAttachments = pgTable(
  "observation_attachments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    logId: uuid("log_id")
      .notNull()
      .references(() => observationLogs.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("observation_attachments_log_idx").on(table.logId)],
);

/**
 * A medication a parent asks the centre to give, with their consent. Staff may give a dose only
 * while the consent stands (not withdrawn) and the day is within its dates.
 */
export const medications = pgTable(
  "medications",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    name: text("name").notNull(),
    dose: text("dose").notNull(),
    /** When it is due, in the parent's words ("12:30 after lunch"). */
    schedule: text("schedule").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    notes: text("notes").notNull().default(""),
    consentBy: uuid("consent_by")
      .notNull()
      .references(() => users.id),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnBy: uuid("withdrawn_by").references(() => users.id),
  },
  (table) => [index("medications_student_idx").on(table.studentId, table.startDate.desc(), table.id)],
);

/** A dose given at the centre: the administration log parents see. */
export const medicationDoses = pgTable(
  "medication_doses",
  {
    ...common(),
    medicationId: uuid("medication_id")
      .notNull()
      .references(() => medications.id, { onDelete: "cascade" }),
    dose: text("dose").notNull(),
    givenTime: text("given_time").notNull(),
  },
  (table) => [index("medication_doses_student_day_idx").on(table.studentId, table.day)],
);

export const immunisations = pgTable(
  "immunisations",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    vaccine: text("vaccine").notNull(),
    dateGiven: date("date_given", { mode: "string" }).notNull(),
    nextDue: date("next_due", { mode: "string" }),
    notes: text("notes").notNull().default(""),
    recordedBy: uuid("recorded_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("immunisations_student_idx").on(table.studentId, table.dateGiven.desc(), table.id)],
);

/** A centre's hour (its own clock) for the evening digest e-mail. */
export const childDaySettings = pgTable("child_day_settings", {
  centerId: uuid("center_id")
    .primaryKey()
    .references(() => centers.id, { onDelete: "cascade" }),
  digestHour: integer("digest_hour").notNull(),
});

/** Parents who turned the evening digest off. */
export const digestOptOuts = pgTable("digest_opt_outs", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** One row per parent and day, claimed before the e-mail is queued: never two digests a day. */
export const dailyDigests = pgTable(
  "daily_digests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
