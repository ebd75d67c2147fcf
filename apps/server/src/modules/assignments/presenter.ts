import type { Assignment, AssignmentFile, Submission } from "@sprout/shared/schemas/assignments";
import type {
  assignmentFiles,
  assignmentSubmissions,
  assignments,
  submissionFiles,
} from "../../db/schema/assignments.ts";

type AssignmentRow = typeof assignments.$inferSelect & { classroomName: string; createdByName: string | null };
type SubmissionRow = typeof assignmentSubmissions.$inferSelect & { childName: string };

const fileOf = (url: string, row: { id: string; originalName: string; mimeType: string }): AssignmentFile => ({
  id: row.id,
  name: row.originalName,
  mime_type: row.mimeType,
  url,
});

export function toSubmission(row: SubmissionRow, files: (typeof submissionFiles.$inferSelect)[]): Submission {
  return {
    id: row.id,
    child_id: row.studentId,
    child_name: row.childName,
    submission_text: row.submissionText,
    submission_files: files.map((file) =>
      fileOf(`/api/assignments/${row.assignmentId}/submissions/${row.id}/files/${file.id}`, file),
    ),
    submitted_at: row.submittedAt.toISOString(),
    is_late: row.isLate,
    teacher_comment: row.teacherComment,
    commented_at: row.commentedAt?.toISOString() ?? null,
  };
}

/**
 * An assignment as the caller reads it: staff get the submitted count, a parent their own
 * children's submissions (never another family's).
 */
export function toAssignment(
  row: AssignmentRow,
  files: (typeof assignmentFiles.$inferSelect)[],
  extra: Pick<Assignment, "can_edit" | "submitted_count" | "my_children">,
): Assignment {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    due_date: row.dueDate,
    classroom_id: row.classroomId,
    classroom_name: row.classroomName,
    attachments: files.map((file) => fileOf(`/api/assignments/${row.id}/attachments/${file.id}`, file)),
    created_by: row.createdByName ?? "",
    created_at: row.createdAt.toISOString(),
    ...extra,
  };
}
