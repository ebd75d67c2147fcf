import { sql } from "drizzle-orm";
import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { classrooms, students } from "./children.ts";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

/** Every pause of a child's enrollment, kept after the child resumes (billing reads it). */
export const studentPauses = pgTable(
  "student_pauses",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    reason: text("reason").notNull(),
    notes: text("notes"),
    pausedBy: uuid("paused_by").references(() => users.id),
    pausedAt: timestamp("paused_at", { withTimezone: true }).notNull(),
    /** How the pause ended: resumed by a person, automatically on the end date, or the child left. */
    endedHow: text("ended_how", { enum: ["manual", "automatic", "left"] }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    resumedBy: uuid("resumed_by").references(() => users.id),
    resumeNotes: text("resume_notes"),
  },
  (table) => [index("student_pauses_student_idx").on(table.studentId)],
);

export const MOVE_KINDS = ["assign", "promote", "transfer"] as const;

/** History of a child's classrooms and centres. */
export const studentMoves = pgTable(
  "student_moves",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MOVE_KINDS }).notNull(),
    fromCenterId: uuid("from_center_id").references(() => centers.id),
    toCenterId: uuid("to_center_id")
      .notNull()
      .references(() => centers.id),
    fromClassId: uuid("from_class_id").references(() => classrooms.id, { onDelete: "set null" }),
    toClassId: uuid("to_class_id").references(() => classrooms.id, { onDelete: "set null" }),
    movedBy: uuid("moved_by").references(() => users.id),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("student_moves_student_idx").on(table.studentId)],
);
