import { z } from "zod";
import { english } from "../i18n/english.ts";
import { isIsoDate, safeString } from "./primitives.ts";

/**
 * Assignments (spec 3, "Assignments"; issue 16): a teacher sets work for a classroom with
 * attachments; parents submit text or files for their child; the teacher comments.
 */

export const ASSIGNMENT_MESSAGES = {
  titleRequired: english("assignments.titleRequired"),
  classroomRequired: english("assignments.classroomRequired"),
  childRequired: english("assignments.childRequired"),
  submissionEmpty: english("assignments.submissionEmpty"),
  dueDate: english("assignments.dueDate"),
  commentRequired: english("assignments.commentRequired"),
  saveFailed: english("assignments.saveFailed"),
  submitFailed: english("assignments.submitFailed"),
  loadFailed: english("assignments.loadFailed"),
  created: english("assignments.created"),
  updated: english("assignments.updated"),
  deleted: english("assignments.deleted"),
  submitted: english("assignments.submitted"),
  commented: english("assignments.commented"),
  deleteConfirm: english("assignments.deleteConfirm"),
  noAssignments: english("assignments.noAssignments"),
  fileType: english("assignments.fileType"),
  fileTooLarge: english("assignments.fileTooLarge"),
  tooManyFiles: english("assignments.tooManyFiles"),
  attachmentUnknown: english("assignments.attachmentUnknown"),
} as const;

export const ASSIGNMENT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const ASSIGNMENT_FILES_MAX = 5;
export const ASSIGNMENT_PAGE_SIZE = 12;
export const ASSIGNMENT_FILE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] as const;

/** The text fields of the create and edit forms (the files travel beside them). */
export const assignmentFields = z.object({
  title: safeString({ error: ASSIGNMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, ASSIGNMENT_MESSAGES.titleRequired)
    .max(200),
  description: safeString().trim().max(4000).default(""),
  /** Empty means no due date. */
  due_date: safeString()
    .trim()
    .default("")
    .refine((value) => value === "" || isIsoDate(value), ASSIGNMENT_MESSAGES.dueDate),
  classroom_id: z.uuid({ error: ASSIGNMENT_MESSAGES.classroomRequired }),
});
export type AssignmentFields = z.input<typeof assignmentFields>;

/**
 * The edit form: the same fields, and the attachments to drop (their ids, comma separated), so that
 * one save can remove a file and add another without the five-file cap refusing it.
 */
export const assignmentEditFields = assignmentFields.extend({
  remove_attachments: safeString()
    .trim()
    .default("")
    .transform((value) => (value === "" ? [] : [...new Set(value.split(",").map((id) => id.trim()))]))
    .pipe(z.array(z.uuid({ error: ASSIGNMENT_MESSAGES.attachmentUnknown })).max(ASSIGNMENT_FILES_MAX)),
});

/** The text fields of a parent's submission; "text or files" is checked with the files. */
export const submissionFields = z.object({
  child_id: z.uuid({ error: ASSIGNMENT_MESSAGES.childRequired }),
  submission_text: safeString().trim().max(4000).default(""),
});
export type SubmissionFields = z.input<typeof submissionFields>;

export const commentInput = z.object({
  comment: safeString({ error: ASSIGNMENT_MESSAGES.commentRequired })
    .trim()
    .min(1, ASSIGNMENT_MESSAGES.commentRequired)
    .max(1000),
});
export type CommentInput = z.input<typeof commentInput>;

const file = z.object({ id: z.string(), name: z.string(), mime_type: z.string(), url: z.string() });
export type AssignmentFile = z.infer<typeof file>;

export const submission = z.object({
  id: z.string(),
  child_id: z.string(),
  child_name: z.string(),
  submission_text: z.string(),
  submission_files: z.array(file),
  submitted_at: z.string(),
  is_late: z.boolean(),
  teacher_comment: z.string().nullable(),
  commented_at: z.string().nullable(),
});
export type Submission = z.infer<typeof submission>;

export const assignment = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  due_date: z.string().nullable(),
  classroom_id: z.string(),
  classroom_name: z.string(),
  attachments: z.array(file),
  created_by: z.string(),
  created_at: z.string(),
  can_edit: z.boolean(),
  /** Staff: how many of the room's children have submitted. */
  submitted_count: z.number().optional(),
  /** Parents: their children in the room, each with their submission (or none yet). */
  my_children: z
    .array(z.object({ child_id: z.string(), child_name: z.string(), submission: submission.nullable() }))
    .optional(),
});
export type Assignment = z.infer<typeof assignment>;

export const assignmentsQuery = z.object({
  classroom_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(ASSIGNMENT_PAGE_SIZE),
});

export const assignmentsPage = z.object({
  assignments: z.array(assignment),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type AssignmentsPage = z.infer<typeof assignmentsPage>;

/** Who in the room has and has not submitted (a classroom's roll: bounded by the room's size). */
export const submissionRoster = z.object({
  assignment_id: z.string(),
  submitted: z.number(),
  children: z.array(z.object({ child_id: z.string(), child_name: z.string(), submission: submission.nullable() })),
});
export type SubmissionRoster = z.infer<typeof submissionRoster>;

export const assignmentParams = z.object({ id: z.uuid() });
export const assignmentFileParams = z.object({ id: z.uuid(), fileId: z.uuid() });
export const submissionParams = z.object({ id: z.uuid(), submissionId: z.uuid() });
export const submissionFileParams = z.object({ id: z.uuid(), submissionId: z.uuid(), fileId: z.uuid() });
