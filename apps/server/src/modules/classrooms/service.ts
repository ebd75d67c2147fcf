import type { ClassroomWithStaff } from "@sprout/shared/schemas/classroom-staff";
import {
  CLASSROOM_MESSAGES,
  type Classroom,
  type ClassroomInput,
  type CreateClassroomRequest,
  classroomInput,
} from "@sprout/shared/schemas/classrooms";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { assertCentreInScope } from "../children/service.ts";
import { staffOf } from "./assignments.ts";
import { pgCode } from "./pg-error.ts";

export function createClassroomsService({ db }: { db: Database }) {
  const enrolled = sql<number>`(select count(*)::int from ${students} where ${students.classroomId} = ${classrooms.id} and ${students.status} <> 'left')`;
  const select = () =>
    db
      .select({
        id: classrooms.id,
        name: classrooms.name,
        description: classrooms.description,
        center_id: classrooms.centerId,
        center_name: centers.name,
        student_count: enrolled,
      })
      .from(classrooms)
      .innerJoin(centers, eq(centers.id, classrooms.centerId));

  async function findInScope(scope: Scope, id: string) {
    const [row] = await select().where(and(eq(classrooms.id, id), inArray(classrooms.centerId, scope.centerIds)));
    if (!row) throw notFound("Classroom");
    return row;
  }

  async function assertNameFree(centerId: string, name: string, exceptId?: string) {
    const conditions = [eq(classrooms.centerId, centerId), sql`lower(${classrooms.name}) = lower(${name})`];
    if (exceptId) conditions.push(ne(classrooms.id, exceptId));
    const [clash] = await db
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(and(...conditions));
    if (clash) throw conflict(CLASSROOM_MESSAGES.duplicate);
  }

  return {
    /** Classrooms of the caller's centres (or of one of them). */
    async list(caller: Caller, centerId?: string): Promise<Classroom[]> {
      const scope = await caller.scope();
      assertCentreInScope(scope, centerId);
      const conditions = [inArray(classrooms.centerId, scope.centerIds)];
      if (centerId) conditions.push(eq(classrooms.centerId, centerId));
      return select()
        .where(and(...conditions))
        .orderBy(asc(centers.name), asc(classrooms.createdAt), asc(classrooms.name));
    },

    /**
     * The Classroom Management screen: each room with its staff. A teacher sees only the rooms
     * assigned to them.
     */
    async listWithStaff(caller: Caller, centerId?: string): Promise<ClassroomWithStaff[]> {
      const scope = await caller.scope();
      assertCentreInScope(scope, centerId);
      const conditions = [inArray(classrooms.centerId, scope.centerIds)];
      if (centerId) conditions.push(eq(classrooms.centerId, centerId));
      // A teacher's scope is the rooms she is assigned to (ADR 0046).
      if (scope.classroomIds) conditions.push(inArray(classrooms.id, scope.classroomIds));
      const rows = await select()
        .where(and(...conditions))
        .orderBy(asc(centers.name), asc(classrooms.createdAt), asc(classrooms.name));
      const staff = await staffOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, staff: staff.get(row.id) ?? [] }));
    },

    async get(scope: Scope, id: string): Promise<Classroom> {
      return findInScope(scope, id);
    },

    async create(caller: Caller, input: CreateClassroomRequest): Promise<Classroom> {
      const scope = await caller.scope();
      const body = classroomInput.parse(input);
      const centerId =
        input.center_id ?? caller.centerId ?? (scope.centerIds.length === 1 ? scope.centerIds[0] : undefined);
      if (!centerId) throw badRequest(CLASSROOM_MESSAGES.chooseCentre, { center_id: CLASSROOM_MESSAGES.chooseCentre });
      assertCentreInScope(scope, centerId);
      await assertNameFree(centerId, body.name);
      // The row and its audit entry commit together or not at all.
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(classrooms)
          .values({ centerId, name: body.name, description: body.description || null })
          .returning({ id: classrooms.id })
          .catch((error) => {
            throw pgCode(error) === "23505" ? conflict(CLASSROOM_MESSAGES.duplicate) : error;
          });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "classroom.create",
          entity: "classroom",
          entityId: row!.id,
          after: { center_id: centerId, name: body.name, description: body.description || null },
        });
        return row!.id;
      });
      return findInScope(scope, id);
    },

    async update(caller: Caller, id: string, input: ClassroomInput): Promise<Classroom> {
      const scope = await caller.scope();
      const before = await findInScope(scope, id);
      const body = classroomInput.parse(input);
      await assertNameFree(before.center_id, body.name, id);
      await db.transaction(async (tx) => {
        await tx
          .update(classrooms)
          .set({ name: body.name, description: body.description || null })
          .where(eq(classrooms.id, id))
          .catch((error) => {
            throw pgCode(error) === "23505" ? conflict(CLASSROOM_MESSAGES.duplicate) : error;
          });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "classroom.update",
          entity: "classroom",
          entityId: id,
          before: { name: before.name, description: before.description },
          after: { name: body.name, description: body.description || null },
        });
      });
      return findInScope(scope, id);
    },

    /** Removes a classroom with no children on its roll; children who left keep no classroom. */
    async remove(caller: Caller, id: string): Promise<void> {
      const scope = await caller.scope();
      const before = await findInScope(scope, id);
      if (before.student_count > 0) throw conflict(CLASSROOM_MESSAGES.notEmpty);
      await db
        .transaction(async (tx) => {
          const [busy] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(students)
            .where(and(eq(students.classroomId, id), ne(students.status, "left")));
          if ((busy?.count ?? 0) > 0) throw conflict(CLASSROOM_MESSAGES.notEmpty);
          await tx.update(students).set({ classroomId: null }).where(eq(students.classroomId, id));
          await tx.delete(classrooms).where(eq(classrooms.id, id));
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "classroom.delete",
            entity: "classroom",
            entityId: id,
            before: { center_id: before.center_id, name: before.name, description: before.description },
          });
        })
        .catch((error) => {
          // Another area still points at the classroom (plans, announcements...).
          throw pgCode(error) === "23503" ? conflict(CLASSROOM_MESSAGES.inUse) : error;
        });
    },
  };
}
export type ClassroomsService = ReturnType<typeof createClassroomsService>;
