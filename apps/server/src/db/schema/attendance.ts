import { ABSENCE_REASONS, AGE_BANDS, LEAVE_STATUSES, LEAVE_TYPES } from "@sprout/shared/schemas/attendance";
import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { classrooms, students } from "./children.ts";
import { emergencyAlerts } from "./emergency.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * One stay of a child at the centre: checked in, and (later the same day) checked out. A child
 * may come back the same day (a doctor's visit), so a day can hold several stays; the partial
 * unique index is what guarantees one open stay per child, whatever arrives at once.
 */
export const attendanceStays = pgTable(
  "attendance_stays",
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
    /** The room the child was in that day (children move; reports keep the day's room). */
    classroomId: uuid("classroom_id").references(() => classrooms.id),
    /** The centre's calendar date of the check-in, in the centre's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    checkInAt: timestamp("check_in_at", { withTimezone: true }).notNull(),
    checkInBy: uuid("check_in_by").references(() => users.id),
    checkOutAt: timestamp("check_out_at", { withTimezone: true }),
    checkOutBy: uuid("check_out_by").references(() => users.id),
    /** Who collected the child: an authorised pick-up person, or a named override. */
    pickupPersonId: uuid("pickup_person_id").references(() => pickupPeople.id),
    collectedByName: text("collected_by_name"),
    overrideNote: text("override_note"),
  },
  (table) => [
    uniqueIndex("attendance_stays_one_open").on(table.studentId).where(sql`${table.checkOutAt} is null`),
    index("attendance_stays_center_day_idx").on(table.centerId, table.day),
    index("attendance_stays_student_day_idx").on(table.studentId, table.day),
  ],
);

/** A child marked absent for a day by staff, with the reason. */
export const attendanceAbsences = pgTable(
  "attendance_absences",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id),
    day: date("day", { mode: "string" }).notNull(),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    reason: text("reason", { enum: ABSENCE_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    markedBy: uuid("marked_by").references(() => users.id),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.day] }),
    index("attendance_absences_center_day_idx").on(table.centerId, table.day),
  ],
);

/** A parent telling the centre in advance that a child will be away. */
export const absenceNotices = pgTable(
  "absence_notices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    reason: text("reason", { enum: ABSENCE_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [index("absence_notices_student_idx").on(table.studentId, table.endDate)],
);

/** People a family allows to collect a child. Removed entries are kept: stays name them. */
export const pickupPeople = pgTable(
  "pickup_people",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id),
    name: text("name").notNull(),
    relation: text("relation").notNull(),
    phone: text("phone").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** The person's photo (re-encoded, without metadata) for the teacher to compare at check-out. */
    photoStoredName: text("photo_stored_name"),
    photoMimeType: text("photo_mime_type"),
    photoSizeBytes: integer("photo_size_bytes"),
  },
  (table) => [
    index("pickup_people_student_idx").on(table.studentId),
    index("pickup_people_photo_idx").on(table.photoStoredName),
  ],
);

/** A staff member's shift: clocked in, and later clocked out. One open shift per person. */
export const staffShifts = pgTable(
  "staff_shifts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    clockInAt: timestamp("clock_in_at", { withTimezone: true }).notNull(),
    clockOutAt: timestamp("clock_out_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("staff_shifts_one_open").on(table.userId).where(sql`${table.clockOutAt} is null`),
    index("staff_shifts_center_day_idx").on(table.centerId, table.day),
  ],
);

/**
 * A staff member away for whole days. Asked for by the staff member (requested) or recorded by
 * the centre's management (approved at once); only approved leave counts as "on leave".
 */
export const staffLeave = pgTable(
  "staff_leave",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    recordedBy: uuid("recorded_by").references(() => users.id),
    leaveType: text("leave_type", { enum: LEAVE_TYPES }).notNull().default("other"),
    note: text("note").notNull().default(""),
    status: text("status", { enum: LEAVE_STATUSES }).notNull().default("approved"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    index("staff_leave_center_idx").on(table.centerId, table.endDate),
    index("staff_leave_center_created_idx").on(table.centerId, table.createdAt),
  ],
);

/** A centre's shift length: clocked time beyond it in a day is overtime. Default when absent. */
export const shiftSettings = pgTable("shift_settings", {
  centerId: uuid("center_id")
    .primaryKey()
    .references(() => centers.id),
  shiftHours: integer("shift_hours").notNull(),
});

/** Kiosk PINs, hashed; a PIN never leaves the server. Parents and staff each set their own. */
export const kioskPins = pgTable("kiosk_pins", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  pinHash: text("pin_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** A centre's children per adult for each age band (defaults in constants when absent). */
export const ratioSettings = pgTable(
  "ratio_settings",
  {
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    ageBand: text("age_band", { enum: AGE_BANDS }).notNull(),
    childrenPerStaff: integer("children_per_staff").notNull(),
  },
  (table) => [primaryKey({ columns: [table.centerId, table.ageBand] })],
);

/** A classroom's age band, when the centre has set one (else the youngest child decides). */
export const classroomAgeBands = pgTable("classroom_age_bands", {
  classroomId: uuid("classroom_id")
    .primaryKey()
    .references(() => classrooms.id, { onDelete: "cascade" }),
  ageBand: text("age_band", { enum: AGE_BANDS }).notNull(),
});

/** During an emergency alert: each child ticked as accounted for, once. */
export const headcountMarks = pgTable(
  "headcount_marks",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => emergencyAlerts.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id),
    markedBy: uuid("marked_by").references(() => users.id),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.studentId] })],
);
