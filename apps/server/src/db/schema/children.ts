import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

export const classrooms = pgTable(
  "classrooms",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("classrooms_center_name_unique").on(table.centerId, sql`lower(${table.name})`)],
);

export const CLASSROOM_STAFF_ROLES = ["lead", "assistant"] as const;

/**
 * Teachers assigned to a classroom: at most one lead and any number of assistants; a teacher
 * may work in several rooms. "Their classrooms" in every area means these rows.
 */
export const classroomTeachers = pgTable(
  "classroom_teachers",
  {
    classroomId: uuid("classroom_id")
      .notNull()
      .references(() => classrooms.id, { onDelete: "cascade" }),
    teacherId: uuid("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: CLASSROOM_STAFF_ROLES }).notNull().default("assistant"),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.classroomId, table.teacherId] }),
    uniqueIndex("classroom_teachers_one_lead").on(table.classroomId).where(sql`${table.role} = 'lead'`),
    index("classroom_teachers_teacher_idx").on(table.teacherId),
  ],
);

export const studentNumber = pgSequence("student_number_seq", { startWith: 1001 });

export const STUDENT_STATUSES = ["active", "paused", "left"] as const;

export const students = pgTable(
  "students",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** The human student ID, e.g. SPR-1001, made by the database sequence. */
    studentId: text("student_id").notNull().unique().default(sql`'SPR-' || nextval('student_number_seq')`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    classroomId: uuid("class_id").references(() => classrooms.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    gender: text("gender"),
    dateOfBirth: date("date_of_birth"),
    status: text("status", { enum: STUDENT_STATUSES }).notNull().default("active"),
    enrollmentDate: date("enrollment_date").notNull().default(sql`CURRENT_DATE`),
    programName: text("program_name"),
    monthlyFeePaise: bigint("monthly_fee_paise", { mode: "number" }),
    /** The GST state code of the family's billing address ("29"); null: the centre's own state. */
    payerStateCode: text("payer_state_code"),
    pauseStartDate: date("pause_start_date"),
    pauseEndDate: date("pause_end_date"),
    pauseReason: text("pause_reason"),
    pauseNotes: text("pause_notes"),
    pausedBy: uuid("paused_by").references(() => users.id),
    exitDate: date("exit_date"),
    exitReason: text("exit_reason"),
    /** Staff notes about the child (allergies, pick-up arrangements...). */
    notes: text("notes"),
    /** The colour of the child's initials avatar, e.g. "#7E57C2"; null is the default colour. */
    avatarColor: text("avatar_color"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("students_center_status_idx").on(table.centerId, table.status),
    index("students_classroom_idx").on(table.classroomId),
  ],
);

export const guardians = pgTable("guardians", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  centerId: uuid("center_id")
    .notNull()
    .references(() => centers.id),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone"),
  email: text("email"),
  /** The parent sign-in of this guardian, when they have one. */
  userId: uuid("user_id").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const studentGuardians = pgTable(
  "student_guardians",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id, { onDelete: "cascade" }),
    relation: text("relation").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.guardianId] })],
);
