import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { classrooms, students } from "./children.ts";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

/** Work a teacher sets for a classroom (issue 16); the centre is kept for scope filters without a join. */
export const assignments = pgTable(
  "assignments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    classroomId: uuid("classroom_id")
      .notNull()
      .references(() => classrooms.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    dueDate: date("due_date", { mode: "string" }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("assignments_center_created_idx").on(table.centerId, table.createdAt.desc(), table.id),
    index("assignments_classroom_created_idx").on(table.classroomId, table.createdAt.desc(), table.id),
  ],
);

/** The assignment's own files, served only through the access-checked route. */
export const assignmentFiles = pgTable(
  "assignment_files",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("assignment_files_assignment_idx").on(table.assignmentId),
    index("assignment_files_stored_idx").on(table.storedName),
  ],
);

/**
 * One submission per child and assignment; submitting again replaces the text and adds files.
 * `is_late` is decided when it arrives: after the due date at the centre.
 */
export const assignmentSubmissions = pgTable(
  "assignment_submissions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    assignmentId: uuid("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    submittedBy: uuid("submitted_by").references(() => users.id),
    submissionText: text("submission_text").notNull().default(""),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    isLate: boolean("is_late").notNull().default(false),
    teacherComment: text("teacher_comment"),
    commentedBy: uuid("commented_by").references(() => users.id),
    commentedAt: timestamp("commented_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("assignment_submissions_child_unique").on(table.assignmentId, table.studentId)],
);

export const submissionFiles = pgTable(
  "submission_files",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => assignmentSubmissions.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("submission_files_submission_idx").on(table.submissionId),
    index("submission_files_stored_idx").on(table.storedName),
  ],
);
