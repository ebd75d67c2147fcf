import { and, eq, ne } from "drizzle-orm";
import { type Caller, mayReadClassroom, readableChildren } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { notFound } from "../../lib/errors.ts";

export interface ChildInScope {
  id: string;
  firstName: string;
  lastName: string;
  status: "active" | "paused" | "left";
  centerId: string;
  classroomId: string | null;
  organisationId: string;
  timeZone: string;
}

/**
 * A child the caller may act on: in one of their centres, in a teacher's own rooms, a parent's
 * own child. Any other child does not exist for them (404), including children who have left.
 */
export async function childInScope(db: Database, caller: Caller, studentId: string): Promise<ChildInScope> {
  const scope = await caller.scope();
  if (scope.centerIds.length === 0) throw notFound("Child");
  const [row] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      status: students.status,
      centerId: students.centerId,
      classroomId: students.classroomId,
      organisationId: centers.organisationId,
      timeZone: centers.timeZone,
    })
    .from(students)
    .innerJoin(centers, eq(centers.id, students.centerId))
    .where(and(eq(students.id, studentId), readableChildren(scope), ne(students.status, "left")));
  if (!row) throw notFound("Child");
  return row;
}

export interface RoomInScope {
  id: string;
  name: string;
  centerId: string;
  timeZone: string;
  organisationId: string;
}

/** A classroom the caller may take attendance in (a teacher's own; any room of a staff centre). */
export async function roomInScope(db: Database, caller: Caller, classroomId: string): Promise<RoomInScope> {
  const scope = await caller.scope();
  if (scope.centerIds.length === 0 || scope.childIds) throw notFound("Classroom");
  const [row] = await db
    .select({
      id: classrooms.id,
      name: classrooms.name,
      centerId: classrooms.centerId,
      timeZone: centers.timeZone,
      organisationId: centers.organisationId,
    })
    .from(classrooms)
    .innerJoin(centers, eq(centers.id, classrooms.centerId))
    .where(eq(classrooms.id, classroomId));
  if (!row || !mayReadClassroom(scope, row)) throw notFound("Classroom");
  return row;
}

/** A centre's time zone and organisation. */
export async function centreOf(db: Database, centerId: string) {
  const [row] = await db
    .select({ id: centers.id, name: centers.name, timeZone: centers.timeZone, organisationId: centers.organisationId })
    .from(centers)
    .where(eq(centers.id, centerId));
  if (!row) throw notFound("Center");
  return row;
}
