import {
  EXIT_MESSAGES,
  type ExitRequest,
  exitRequest,
  PAUSE_MESSAGES,
  type PauseRequest,
  pauseRequestFor,
  type ResumeRequest,
  resumeRequest,
  type Student,
  todayIn,
} from "@sprout/shared/schemas/children";
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { studentPauses } from "../../db/schema/enrollment.ts";
import { exitRecords } from "../../db/schema/exits.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import { createChildrenService, type StudentRow, toStudent } from "./service.ts";

const wrongState = (message: string) => new HttpError(409, "INVALID_STATE", message);

const CLEARED_PAUSE = {
  pauseStartDate: null,
  pauseEndDate: null,
  pauseReason: null,
  pauseNotes: null,
  pausedBy: null,
} as const;

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const details: Record<string, string> = {};
  for (const issue of error.issues) details[issue.path.join(".") || "body"] ??= issue.message;
  return badRequest(error.issues[0]?.message ?? "Invalid request", details);
}

/**
 * The enrollment state machine: active -> paused (pause), paused -> active (resume, by a person
 * or automatically on the end date), active|paused -> left (exit, which writes an exit record).
 */
export function createEnrollmentService({ db, clock }: { db: Database; clock: Clock }) {
  const snapshot = (row: StudentRow) => ({
    status: row.status,
    pause_start_date: row.pauseStartDate,
    pause_end_date: row.pauseEndDate,
    class_id: row.classId,
  });

  /**
   * Locks the child's row for the rest of the transaction, then reads it through the scope.
   * The scope is resolved before the transaction opens: on the embedded database a query
   * outside the transaction would wait for it to end.
   */
  async function lockInScope(tx: Database, scope: Scope, id: string) {
    const children = createChildrenService({ db: tx });
    await children.get(scope, id, tx);
    await tx.execute(sql`select 1 from ${students} where ${students.id} = ${id} for update`);
    return { children, row: await children.get(scope, id, tx) };
  }

  return {
    async pause(caller: Caller, id: string, input: PauseRequest): Promise<Student> {
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const { children, row } = await lockInScope(tx, scope, id);
        if (row.status !== "active") throw wrongState(PAUSE_MESSAGES.onlyActive);
        const today = todayIn(row.timeZone, clock.now());
        const parsed = pauseRequestFor(today).safeParse(input);
        if (!parsed.success) throw firstIssue(parsed.error);
        const body = parsed.data;
        const now = clock.now();
        await tx
          .update(students)
          .set({
            status: "paused",
            pauseStartDate: body.pause_start_date,
            pauseEndDate: body.pause_end_date,
            pauseReason: body.reason,
            pauseNotes: body.notes || null,
            pausedBy: caller.userId,
            updatedAt: now,
          })
          .where(eq(students.id, id));
        await tx.insert(studentPauses).values({
          studentId: id,
          startDate: body.pause_start_date,
          endDate: body.pause_end_date,
          reason: body.reason,
          notes: body.notes || null,
          pausedBy: caller.userId,
          pausedAt: now,
        });
        const after = await children.get(scope, id, tx);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "student.pause",
          entity: "student",
          entityId: id,
          before: snapshot(row),
          after: { ...snapshot(after), reason: body.reason },
        });
        return toStudent(after);
      });
    },

    async resume(caller: Caller, id: string, input: ResumeRequest): Promise<Student> {
      const body = resumeRequest.parse(input);
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const { children, row } = await lockInScope(tx, scope, id);
        if (row.status !== "paused") throw wrongState(PAUSE_MESSAGES.onlyPaused);
        const now = clock.now();
        await tx
          .update(students)
          .set({ status: "active", ...CLEARED_PAUSE, updatedAt: now })
          .where(eq(students.id, id));
        await tx
          .update(studentPauses)
          .set({ endedHow: "manual", endedAt: now, resumedBy: caller.userId, resumeNotes: body.notes || null })
          .where(and(eq(studentPauses.studentId, id), isNull(studentPauses.endedAt)));
        const after = await children.get(scope, id, tx);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "student.resume",
          entity: "student",
          entityId: id,
          before: snapshot(row),
          after: { ...snapshot(after), notes: body.notes || null },
        });
        return toStudent(after);
      });
    },

    /** Records that a child has left: status left, and an exit record for the books. */
    async recordExit(caller: Caller, id: string, input: ExitRequest): Promise<Student> {
      const parsed = exitRequest.safeParse(input);
      if (!parsed.success) throw firstIssue(parsed.error);
      const body = parsed.data;
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const { children, row } = await lockInScope(tx, scope, id);
        if (row.status === "left") throw wrongState(EXIT_MESSAGES.alreadyLeft);
        const today = todayIn(row.timeZone, clock.now());
        if (body.exit_date > today) throw badRequest(EXIT_MESSAGES.future, { exit_date: EXIT_MESSAGES.future });
        if (body.exit_date < row.enrollmentDate) {
          throw badRequest(EXIT_MESSAGES.beforeEnrollment, { exit_date: EXIT_MESSAGES.beforeEnrollment });
        }
        const now = clock.now();
        await tx
          .update(students)
          .set({
            status: "left",
            exitDate: body.exit_date,
            exitReason: body.exit_reason,
            ...CLEARED_PAUSE,
            updatedAt: now,
          })
          .where(eq(students.id, id));
        await tx
          .update(studentPauses)
          .set({ endedHow: "left", endedAt: now })
          .where(and(eq(studentPauses.studentId, id), isNull(studentPauses.endedAt)));
        const [record] = await tx
          .insert(exitRecords)
          .values({
            organisationId: caller.organisationId,
            centerId: row.centerId,
            personName: `${row.firstName} ${row.lastName}`.trim(),
            personType: "student",
            studentId: id,
            exitDate: body.exit_date,
            exitReason: body.exit_reason,
            recordedBy: caller.userId,
            recordedAt: now,
          })
          .returning({ id: exitRecords.id });
        const after = await children.get(scope, id, tx);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "student.exit",
          entity: "student",
          entityId: id,
          before: snapshot(row),
          after: {
            ...snapshot(after),
            exit_date: body.exit_date,
            exit_reason: body.exit_reason,
            exit_record_id: record?.id,
          },
        });
        return toStudent(after);
      });
    },

    /**
     * The scheduled job's work: every paused child whose end date has come (today in their
     * centre's time zone) becomes active again. Returns the children resumed.
     */
    async resumeExpiredPauses(now: Date = clock.now()): Promise<{ id: string; centerId: string }[]> {
      const centreRows = await db
        .select({ id: centers.id, timeZone: centers.timeZone, organisationId: centers.organisationId })
        .from(centers);
      const byZone = new Map<string, typeof centreRows>();
      for (const centre of centreRows) byZone.set(centre.timeZone, [...(byZone.get(centre.timeZone) ?? []), centre]);
      const resumed: { id: string; centerId: string }[] = [];
      for (const [zone, zoneCentres] of byZone) {
        const today = todayIn(zone, now);
        // The resume, the pause's end and the audit rows commit together: a crash leaves no
        // resumed child without its audit entry.
        const rows = await db.transaction(async (tx) => {
          const changed = await tx
            .update(students)
            .set({ status: "active", ...CLEARED_PAUSE, updatedAt: now })
            .where(
              and(
                eq(students.status, "paused"),
                lte(students.pauseEndDate, today),
                inArray(
                  students.centerId,
                  zoneCentres.map((centre) => centre.id),
                ),
              ),
            )
            .returning({ id: students.id, centerId: students.centerId });
          if (changed.length === 0) return changed;
          await tx
            .update(studentPauses)
            .set({ endedHow: "automatic", endedAt: now })
            .where(
              and(
                inArray(
                  studentPauses.studentId,
                  changed.map((row) => row.id),
                ),
                isNull(studentPauses.endedAt),
              ),
            );
          for (const row of changed) {
            const centre = zoneCentres.find((candidate) => candidate.id === row.centerId);
            await writeAudit(tx, {
              organisationId: centre?.organisationId ?? null,
              actorId: null,
              action: "student.resume.automatic",
              entity: "student",
              entityId: row.id,
              after: { status: "active", resumed_on: today },
            });
          }
          return changed;
        });
        for (const row of rows) resumed.push({ id: row.id, centerId: row.centerId });
      }
      return resumed;
    },
  };
}
export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
