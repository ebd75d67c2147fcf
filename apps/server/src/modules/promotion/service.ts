import {
  type AssignRequest,
  PROMOTION_MESSAGES,
  type PromoteRequest,
  type Student,
  type TransferRequest,
} from "@sprout/shared/schemas/children";
import { desc, eq, sql } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { studentMoves } from "../../db/schema/enrollment.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import { assertCentreInScope, createChildrenService, type StudentRow, toStudent } from "../children/service.ts";
import { toStudentMove } from "./presenter.ts";

type MoveKind = "assign" | "promote" | "transfer";

/**
 * Moving a child: assign (to a class of their centre), promote (from their current class to
 * another of the same centre), transfer (to a class of another centre the caller also manages).
 * Every move is checked against the caller's scope and recorded in the child's move history.
 */
export function createPromotionService({ db, clock }: { db: Database; clock: Clock }) {
  async function classOf(tx: Database, scope: Scope, classId: string) {
    const [room] = await tx
      .select({ id: classrooms.id, centerId: classrooms.centerId, name: classrooms.name })
      .from(classrooms)
      .where(eq(classrooms.id, classId));
    if (!room || !scope.centerIds.includes(room.centerId)) throw notFound("Classroom");
    return room;
  }

  async function move(
    caller: Caller,
    kind: MoveKind,
    studentId: string,
    plan: (row: StudentRow, tx: Database, scope: Scope) => Promise<{ centerId: string; classId: string }>,
  ): Promise<Student> {
    const scope = await caller.scope();
    return db.transaction(async (tx) => {
      const children = createChildrenService({ db: tx });
      await children.get(scope, studentId, tx);
      await tx.execute(sql`select 1 from ${students} where ${students.id} = ${studentId} for update`);
      const row = await children.get(scope, studentId, tx);
      if (row.status !== "active") throw new HttpError(409, "INVALID_STATE", PROMOTION_MESSAGES.onlyActive);
      const target = await plan(row, tx, scope);
      const now = clock.now();
      await tx
        .update(students)
        .set({ centerId: target.centerId, classroomId: target.classId, updatedAt: now })
        .where(eq(students.id, studentId));
      await tx.insert(studentMoves).values({
        studentId,
        kind,
        fromCenterId: row.centerId,
        toCenterId: target.centerId,
        fromClassId: row.classId,
        toClassId: target.classId,
        movedBy: caller.userId,
        movedAt: now,
      });
      await writeAudit(tx, {
        organisationId: caller.organisationId,
        actorId: caller.userId,
        action: `student.${kind}`,
        entity: "student",
        entityId: studentId,
        before: { center_id: row.centerId, class_id: row.classId },
        after: { center_id: target.centerId, class_id: target.classId },
      });
      // The child may now be in a centre outside a single-centre caller's scope: read it plainly.
      const after = await children.get(
        { ...scope, centerIds: [target.centerId], childIds: null, classroomIds: null },
        studentId,
        tx,
      );
      return toStudent(after);
    });
  }

  return {
    async assign(caller: Caller, body: AssignRequest) {
      return move(caller, "assign", body.student_id, async (row, tx, scope) => {
        assertCentreInScope(scope, body.center_id);
        if (body.center_id !== row.centerId)
          throw badRequest(PROMOTION_MESSAGES.useTransfer, { center_id: PROMOTION_MESSAGES.useTransfer });
        const room = await classOf(tx, scope, body.class_id);
        if (room.centerId !== body.center_id)
          throw badRequest(PROMOTION_MESSAGES.otherCentre, { class_id: PROMOTION_MESSAGES.otherCentre });
        if (row.classId === room.id)
          throw badRequest(PROMOTION_MESSAGES.sameClass, { class_id: PROMOTION_MESSAGES.sameClass });
        return { centerId: row.centerId, classId: room.id };
      });
    },

    async promote(caller: Caller, body: PromoteRequest) {
      return move(caller, "promote", body.student_id, async (row, tx, scope) => {
        assertCentreInScope(scope, body.center_id);
        if (body.center_id !== row.centerId)
          throw badRequest(PROMOTION_MESSAGES.useTransfer, { center_id: PROMOTION_MESSAGES.useTransfer });
        const from = await classOf(tx, scope, body.from_class_id);
        if (row.classId !== from.id)
          throw badRequest(PROMOTION_MESSAGES.notInClass, { from_class_id: PROMOTION_MESSAGES.notInClass });
        const to = await classOf(tx, scope, body.to_class_id);
        if (to.centerId !== row.centerId)
          throw badRequest(PROMOTION_MESSAGES.otherCentre, { to_class_id: PROMOTION_MESSAGES.otherCentre });
        if (to.id === from.id)
          throw badRequest(PROMOTION_MESSAGES.sameClass, { to_class_id: PROMOTION_MESSAGES.sameClass });
        return { centerId: row.centerId, classId: to.id };
      });
    },

    async transfer(caller: Caller, body: TransferRequest) {
      return move(caller, "transfer", body.student_id, async (row, tx, scope) => {
        assertCentreInScope(scope, body.from_center_id);
        assertCentreInScope(scope, body.to_center_id);
        if (body.from_center_id !== row.centerId) {
          throw badRequest(PROMOTION_MESSAGES.notFromCentre, { from_center_id: PROMOTION_MESSAGES.notFromCentre });
        }
        if (body.to_center_id === row.centerId)
          throw badRequest(PROMOTION_MESSAGES.sameCentre, { to_center_id: PROMOTION_MESSAGES.sameCentre });
        const room = await classOf(tx, scope, body.to_class_id);
        if (room.centerId !== body.to_center_id)
          throw badRequest(PROMOTION_MESSAGES.otherCentre, { to_class_id: PROMOTION_MESSAGES.otherCentre });
        return { centerId: body.to_center_id, classId: room.id };
      });
    },

    /** A child's classrooms and centres over time, newest first. */
    async history(scope: Scope, studentId: string) {
      await createChildrenService({ db }).get(scope, studentId);
      const rows = await db
        .select()
        .from(studentMoves)
        .where(eq(studentMoves.studentId, studentId))
        .orderBy(desc(studentMoves.movedAt));
      return rows.map(toStudentMove);
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
