import { DIAPER_STATUSES, HEALTH_KINDS, MEAL_TYPES, POTTY_TYPES } from "@sprout/shared/schemas/child-day";
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("observation_logs_student_day_idx").on(table.studentId, table.day.desc(), table.id)],
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
