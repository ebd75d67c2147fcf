import { english } from "@sprout/shared/i18n/english";
import {
  ASSIGNMENT_FILES_MAX,
  ASSIGNMENT_MESSAGES,
  type Assignment,
  type Submission,
  type SubmissionRoster,
  type submissionFields,
} from "@sprout/shared/schemas/assignments";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { assignmentSubmissions, submissionFiles } from "../../db/schema/assignments.ts";
import { students } from "../../db/schema/children.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { centreDay } from "../attendance/time.ts";
import { childName, findAssignment } from "./lookup.ts";
import { mayComment, mayReadRoster, maySubmit } from "./policy.ts";
import { submissionsOf } from "./service.ts";
import { removeStored, storeUploads, type Upload } from "./uploads.ts";

/** Parents' submissions, the teacher's view of who has submitted, and their comments. */
export function createSubmissionsService({
  db,
  clock,
  files,
  assignmentOf,
}: {
  db: Database;
  clock: Clock;
  files: FileStore;
  assignmentOf: (caller: Caller, id: string) => Promise<Assignment>;
}) {
  async function submissionIn(assignmentId: string, submissionId: string) {
    const [row] = await db
      .select()
      .from(assignmentSubmissions)
      .where(and(eq(assignmentSubmissions.id, submissionId), eq(assignmentSubmissions.assignmentId, assignmentId)));
    if (!row) throw notFound("Submission");
    return row;
  }

  return {
    /**
     * A parent hands in work for their child (text, files or both). Submitting again replaces
     * the text (when given) and adds the files; the late mark follows the latest submission.
     */
    async submit(
      caller: Caller,
      id: string,
      input: z.output<typeof submissionFields>,
      uploads: Upload[],
    ): Promise<Assignment> {
      if (!maySubmit(caller)) throw forbidden();
      const found = await findAssignment(db, caller, id);
      const child = found.children.find((own) => own.id === input.child_id);
      if (!child) throw notFound("Child");
      if (child.classroomId !== found.row.assignment.classroomId)
        throw badRequest(english("server.assignmentOtherClassroom"), { child_id: "Please select a child" });
      if (!input.submission_text && uploads.length === 0)
        throw badRequest(ASSIGNMENT_MESSAGES.submissionEmpty, { submission_text: ASSIGNMENT_MESSAGES.submissionEmpty });
      const now = clock.now();
      const due = found.row.assignment.dueDate;
      const late = due !== null && centreDay(found.row.timeZone, now) > due;
      const stored = await storeUploads(files, uploads);
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(assignmentSubmissions)
            .values({
              assignmentId: id,
              studentId: child.id,
              submittedBy: caller.userId,
              submissionText: input.submission_text,
              submittedAt: now,
              isLate: late,
            })
            .onConflictDoUpdate({
              target: [assignmentSubmissions.assignmentId, assignmentSubmissions.studentId],
              set: {
                submittedBy: caller.userId,
                submittedAt: now,
                isLate: late,
                ...(input.submission_text && { submissionText: input.submission_text }),
              },
            })
            .returning({ id: assignmentSubmissions.id });
          if (stored.length > 0)
            await tx.insert(submissionFiles).values(
              stored.map((file) => ({
                submissionId: row!.id,
                originalName: file.name,
                storedName: file.storedName,
                mimeType: file.mime,
                sizeBytes: file.size,
                uploadedAt: now,
              })),
            );
          const [{ total } = { total: 0 }] = await tx
            .select({ total: count() })
            .from(submissionFiles)
            .where(eq(submissionFiles.submissionId, row!.id));
          if (total > ASSIGNMENT_FILES_MAX) throw badRequest(ASSIGNMENT_MESSAGES.tooManyFiles);
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "assignment.submitted",
            entity: "assignment_submission",
            entityId: row!.id,
            after: { assignment_id: id, child_id: child.id, late, files: stored.map((file) => file.name) },
          });
        });
      } catch (error) {
        await removeStored(files, stored);
        throw error;
      }
      return assignmentOf(caller, id);
    },

    /** The room's children, each with their submission or none yet (children who moved away keep theirs). */
    async roster(caller: Caller, id: string): Promise<SubmissionRoster> {
      if (!mayReadRoster(caller)) throw forbidden();
      const found = await findAssignment(db, caller, id);
      const roll = await db
        .select({ id: students.id, name: childName })
        .from(students)
        .where(and(eq(students.classroomId, found.row.assignment.classroomId), ne(students.status, "left")))
        .orderBy(asc(students.firstName), asc(students.lastName))
        .limit(200);
      const submitted = (await submissionsOf(db, [id])).map((item) => item.submission);
      const onRoll = roll.map((child) => ({
        child_id: child.id,
        child_name: child.name,
        submission: submitted.find((item) => item.child_id === child.id) ?? null,
      }));
      const movedAway = submitted
        .filter((item) => !roll.some((child) => child.id === item.child_id))
        .map((item) => ({ child_id: item.child_id, child_name: item.child_name, submission: item }));
      return { assignment_id: id, submitted: submitted.length, children: [...onRoll, ...movedAway] };
    },

    /** The teacher's short comment on a submission; the parent reads it with the assignment. */
    async comment(caller: Caller, id: string, submissionId: string, comment: string): Promise<Submission> {
      const found = await findAssignment(db, caller, id);
      await submissionIn(id, submissionId);
      if (!mayComment(caller, found.row.assignment, found.teacherRooms)) throw forbidden();
      await db.transaction(async (tx) => {
        await tx
          .update(assignmentSubmissions)
          .set({ teacherComment: comment, commentedBy: caller.userId, commentedAt: clock.now() })
          .where(eq(assignmentSubmissions.id, submissionId));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "assignment.commented",
          entity: "assignment_submission",
          entityId: submissionId,
          after: { comment },
        });
      });
      const [item] = (await submissionsOf(db, [id])).filter((entry) => entry.submission.id === submissionId);
      return item!.submission;
    },

    /** A submitted file: to the staff who may read the assignment, or the parent of that child. */
    async openFile(caller: Caller, id: string, submissionId: string, fileId: string) {
      const found = await findAssignment(db, caller, id);
      const submission = await submissionIn(id, submissionId);
      if (maySubmit(caller) && !found.children.some((child) => child.id === submission.studentId))
        throw notFound("Submission");
      const [file] = await db
        .select()
        .from(submissionFiles)
        .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, submissionId)));
      if (!file) throw notFound("File");
      return {
        name: file.originalName,
        mimeType: file.mimeType,
        size: file.sizeBytes,
        stream: files.open(file.storedName),
      };
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
