import type {
  Assignment,
  AssignmentsPage,
  assignmentEditFields,
  assignmentFields,
  assignmentsQuery,
} from "@sprout/shared/schemas/assignments";
import { ASSIGNMENT_FILES_MAX, ASSIGNMENT_MESSAGES } from "@sprout/shared/schemas/assignments";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { assignmentFiles, assignmentSubmissions, assignments, submissionFiles } from "../../db/schema/assignments.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { teacherClassroomIds } from "../classrooms/scope.ts";
import {
  type AssignmentRow,
  childName,
  findAssignment,
  type OwnChild,
  readableAssignments,
  selectAssignments,
} from "./lookup.ts";
import { assertMayEditAssignment, mayEditAssignment, maySubmit } from "./policy.ts";
import { toAssignment, toSubmission } from "./presenter.ts";
import { removeStored, storeUploads, type Upload } from "./uploads.ts";

type Fields = z.output<typeof assignmentFields>;

/** Submissions of some assignments, each with its files (for the roster and a parent's view). */
export async function submissionsOf(db: Database, assignmentIds: string[], childIds?: string[]) {
  if (assignmentIds.length === 0 || childIds?.length === 0) return [];
  const conditions = [inArray(assignmentSubmissions.assignmentId, assignmentIds)];
  if (childIds) conditions.push(inArray(assignmentSubmissions.studentId, childIds));
  const rows = await db
    .select({ submission: assignmentSubmissions, childName })
    .from(assignmentSubmissions)
    .innerJoin(students, eq(students.id, assignmentSubmissions.studentId))
    .where(and(...conditions));
  const files = rows.length
    ? await db
        .select()
        .from(submissionFiles)
        .where(
          inArray(
            submissionFiles.submissionId,
            rows.map((row) => row.submission.id),
          ),
        )
        .orderBy(asc(submissionFiles.uploadedAt))
    : [];
  return rows.map((row) => ({
    assignmentId: row.submission.assignmentId,
    submission: toSubmission(
      { ...row.submission, childName: row.childName },
      files.filter((file) => file.submissionId === row.submission.id),
    ),
  }));
}

/** Assignments (issue 16): teachers set work for their classrooms; everyone in scope reads it. */
export function createAssignmentsService({ db, clock, files }: { db: Database; clock: Clock; files: FileStore }) {
  async function present(
    caller: Caller,
    rows: AssignmentRow[],
    access: { teacherRooms: string[]; children: OwnChild[] },
  ): Promise<Assignment[]> {
    const ids = rows.map((row) => row.assignment.id);
    if (ids.length === 0) return [];
    const attached = await db
      .select()
      .from(assignmentFiles)
      .where(inArray(assignmentFiles.assignmentId, ids))
      .orderBy(asc(assignmentFiles.uploadedAt));
    // A family sees its own children's submissions; staff the count of all.
    const family = maySubmit(caller);
    const counts = family
      ? []
      : await db
          .select({ id: assignmentSubmissions.assignmentId, total: count() })
          .from(assignmentSubmissions)
          .where(inArray(assignmentSubmissions.assignmentId, ids))
          .groupBy(assignmentSubmissions.assignmentId);
    const own = family
      ? await submissionsOf(
          db,
          ids,
          access.children.map((child) => child.id),
        )
      : [];
    return rows.map(({ assignment, classroomName, createdByName }) =>
      toAssignment(
        { ...assignment, classroomName, createdByName },
        attached.filter((file) => file.assignmentId === assignment.id),
        family
          ? {
              can_edit: false,
              my_children: access.children
                .filter((child) => child.classroomId === assignment.classroomId)
                .map((child) => ({
                  child_id: child.id,
                  child_name: child.name,
                  submission:
                    own.find((item) => item.assignmentId === assignment.id && item.submission.child_id === child.id)
                      ?.submission ?? null,
                })),
            }
          : {
              can_edit: mayEditAssignment(caller, assignment, access.teacherRooms),
              submitted_count: counts.find((row) => row.id === assignment.id)?.total ?? 0,
            },
      ),
    );
  }

  /** The classroom a teacher sets work for: one of theirs, else 404. */
  async function teachersRoom(caller: Caller, classroomId: string) {
    const rooms = await teacherClassroomIds(db, caller.userId);
    const [room] = rooms.includes(classroomId)
      ? await db
          .select({ id: classrooms.id, centerId: classrooms.centerId })
          .from(classrooms)
          .where(eq(classrooms.id, classroomId))
      : [];
    if (!room) throw notFound("Classroom");
    return { room, rooms };
  }

  async function one(caller: Caller, id: string): Promise<Assignment> {
    const found = await findAssignment(db, caller, id);
    const [item] = await present(caller, [found.row], found);
    return item!;
  }

  /**
   * Adds the files and checks the cap. Callers have inserted or updated the assignment row in the
   * same transaction first: its row lock makes concurrent edits count one after another.
   */
  async function attach(tx: Database, assignmentId: string, stored: Awaited<ReturnType<typeof storeUploads>>) {
    if (stored.length > 0)
      await tx.insert(assignmentFiles).values(
        stored.map((file) => ({
          assignmentId,
          originalName: file.name,
          storedName: file.storedName,
          mimeType: file.mime,
          sizeBytes: file.size,
          uploadedAt: clock.now(),
        })),
      );
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(assignmentFiles)
      .where(eq(assignmentFiles.assignmentId, assignmentId));
    if (total > ASSIGNMENT_FILES_MAX) throw badRequest(ASSIGNMENT_MESSAGES.tooManyFiles);
  }

  return {
    /** Newest first, a page at a time. */
    async list(caller: Caller, query: z.output<typeof assignmentsQuery>): Promise<AssignmentsPage> {
      const access = await readableAssignments(db, caller);
      const empty = { assignments: [], pagination: { current_page: query.page, total_pages: 0, total_items: 0 } };
      if (!access.where) return empty;
      const where = query.classroom_id
        ? and(access.where, eq(assignments.classroomId, query.classroom_id))
        : access.where;
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(assignments).where(where);
      const rows = await selectAssignments(db)
        .where(where)
        .orderBy(desc(assignments.createdAt), desc(assignments.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        assignments: await present(caller, rows, access),
        pagination: { current_page: query.page, total_pages: Math.ceil(total / query.limit), total_items: total },
      };
    },

    one,

    async create(caller: Caller, input: Fields, uploads: Upload[]): Promise<Assignment> {
      const { room } = await teachersRoom(caller, input.classroom_id);
      const stored = await storeUploads(files, uploads);
      try {
        const id = await db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(assignments)
            .values({
              centerId: room.centerId,
              classroomId: room.id,
              title: input.title,
              description: input.description,
              dueDate: input.due_date || null,
              createdBy: caller.userId,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: assignments.id });
          await attach(tx, row!.id, stored);
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "assignment.created",
            entity: "assignment",
            entityId: row!.id,
            after: { ...input, attachments: stored.map((file) => file.name) },
          });
          return row!.id;
        });
        return one(caller, id);
      } catch (error) {
        await removeStored(files, stored);
        throw error;
      }
    },

    /**
     * Edits the text, drops the named attachments and adds the new files, in one transaction (the
     * cap counts what is left); the classroom may move only to another of the teacher's rooms.
     */
    async update(
      caller: Caller,
      id: string,
      { remove_attachments: removing, ...input }: z.output<typeof assignmentEditFields>,
      uploads: Upload[],
    ): Promise<Assignment> {
      const found = await findAssignment(db, caller, id);
      assertMayEditAssignment(caller, found.row.assignment, found.teacherRooms);
      const { room } = await teachersRoom(caller, input.classroom_id);
      const dropped = removing.length
        ? await db
            .select()
            .from(assignmentFiles)
            .where(and(eq(assignmentFiles.assignmentId, id), inArray(assignmentFiles.id, removing)))
        : [];
      if (dropped.length !== removing.length)
        throw badRequest(ASSIGNMENT_MESSAGES.attachmentUnknown, {
          remove_attachments: ASSIGNMENT_MESSAGES.attachmentUnknown,
        });
      const stored = await storeUploads(files, uploads);
      try {
        await db.transaction(async (tx) => {
          if (dropped.length)
            await tx.delete(assignmentFiles).where(
              inArray(
                assignmentFiles.id,
                dropped.map((file) => file.id),
              ),
            );
          await tx
            .update(assignments)
            .set({
              centerId: room.centerId,
              classroomId: room.id,
              title: input.title,
              description: input.description,
              dueDate: input.due_date || null,
              updatedAt: clock.now(),
            })
            .where(eq(assignments.id, id));
          await attach(tx, id, stored);
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "assignment.updated",
            entity: "assignment",
            entityId: id,
            before: found.row.assignment,
            after: {
              ...input,
              attachments: stored.map((file) => file.name),
              removed_attachments: dropped.map((file) => file.originalName),
            },
          });
        });
      } catch (error) {
        await removeStored(files, stored);
        throw error;
      }
      // The files go once the rows that named them are gone for good.
      await removeStored(files, dropped);
      return one(caller, id);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      const found = await findAssignment(db, caller, id);
      assertMayEditAssignment(caller, found.row.assignment, found.teacherRooms);
      const own = await db.select().from(assignmentFiles).where(eq(assignmentFiles.assignmentId, id));
      const submitted = await db
        .select({ storedName: submissionFiles.storedName })
        .from(submissionFiles)
        .innerJoin(assignmentSubmissions, eq(assignmentSubmissions.id, submissionFiles.submissionId))
        .where(eq(assignmentSubmissions.assignmentId, id));
      await db.transaction(async (tx) => {
        await tx.delete(assignments).where(eq(assignments.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "assignment.deleted",
          entity: "assignment",
          entityId: id,
          before: { ...found.row.assignment, attachments: own.map((file) => file.originalName) },
        });
      });
      await removeStored(files, [...own, ...submitted]);
    },

    /** An attachment, only to those who may read the assignment. */
    async openAttachment(caller: Caller, id: string, fileId: string) {
      await findAssignment(db, caller, id);
      const [file] = await db
        .select()
        .from(assignmentFiles)
        .where(and(eq(assignmentFiles.id, fileId), eq(assignmentFiles.assignmentId, id)));
      if (!file) throw notFound("Attachment");
      return {
        name: file.originalName,
        mimeType: file.mimeType,
        size: file.sizeBytes,
        stream: files.open(file.storedName),
      };
    },
  };
}
export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
