import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { assertMay } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { assignments } from "../../db/schema/assignments.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { notFound } from "../../lib/errors.ts";

/** A parent's child still at the centre, with the room they are in now. */
export interface OwnChild {
  id: string;
  name: string;
  classroomId: string | null;
}

export const childName = sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`;

/**
 * What the caller may read, as one WHERE over assignments: a leader's centres, a teacher's
 * classrooms, a parent's children's classrooms. Null when nothing at all.
 */
export async function readableAssignments(
  db: Database,
  caller: Caller,
): Promise<{ where: SQL | null; teacherRooms: string[]; children: OwnChild[] }> {
  const scope = await caller.scope();
  const none = { where: null, teacherRooms: [], children: [] };
  if (scope.centerIds.length === 0) return none;
  const inCentres = inArray(assignments.centerId, scope.centerIds);
  if (scope.childIds) {
    const children = await ownChildren(db, scope.childIds);
    const rooms = children.flatMap((child) => (child.classroomId ? [child.classroomId] : []));
    if (rooms.length === 0) return { ...none, children };
    return { where: and(inCentres, inArray(assignments.classroomId, rooms))!, teacherRooms: [], children };
  }
  if (scope.classroomIds) {
    const teacherRooms = scope.classroomIds;
    if (teacherRooms.length === 0) return none;
    return { where: and(inCentres, inArray(assignments.classroomId, teacherRooms))!, teacherRooms, children: [] };
  }
  // Leaders and office staff read every classroom of their centres.
  assertMay(caller, "assignments.read");
  return { where: inCentres, teacherRooms: [], children: [] };
}

export async function ownChildren(db: Database, childIds: string[]): Promise<OwnChild[]> {
  if (childIds.length === 0) return [];
  return db
    .select({ id: students.id, name: childName, classroomId: students.classroomId })
    .from(students)
    .where(and(inArray(students.id, childIds), ne(students.status, "left")))
    .orderBy(students.firstName);
}

export const selectAssignments = (db: Database) =>
  db
    .select({
      assignment: assignments,
      classroomName: classrooms.name,
      createdByName: users.fullName,
      timeZone: centers.timeZone,
    })
    .from(assignments)
    .innerJoin(classrooms, eq(classrooms.id, assignments.classroomId))
    .innerJoin(centers, eq(centers.id, assignments.centerId))
    .leftJoin(users, eq(users.id, assignments.createdBy));

export type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>["where"]>>[number];

/** An assignment the caller may read, with what they may do; anything else is 404. */
export async function findAssignment(db: Database, caller: Caller, id: string) {
  const access = await readableAssignments(db, caller);
  const [row] = access.where ? await selectAssignments(db).where(and(access.where, eq(assignments.id, id))) : [];
  if (!row) throw notFound("Assignment");
  return { row, ...access };
}
