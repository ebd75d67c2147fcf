import type { Role } from "@sprout/shared/roles";
import { and, eq, getTableName, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { classrooms, classroomTeachers, guardians, studentGuardians, students } from "../db/schema/children.ts";
import { centers, ownerCenters } from "../db/schema/organisations.ts";
import type { UserWithCentre } from "../db/schema/users.ts";

/** Who is calling, and what they may see. Every service query is filtered by a scope. */
export interface Caller {
  userId: string;
  sessionId: string;
  role: Role;
  organisationId: string;
  centerId: string | null;
  /** The signed-in account as the session found it (for answers about the caller themselves). */
  user: UserWithCentre;
  scope(): Promise<Scope>;
}

export interface Scope {
  organisationId: string;
  /** Centres whose records the caller may see. */
  centerIds: string[];
  /** For parents only: the children they are a guardian of. */
  childIds: string[] | null;
  /**
   * For teachers only: the classrooms they are assigned to (lead or assistant). A teacher reads
   * and acts on these rooms and their children, and no other of the centre (ADR 0046).
   */
  classroomIds: string[] | null;
}

/** The tables a scope is read from: an answer kept for a caller is dropped when one changes. */
export const SCOPE_TABLES = [ownerCenters, centers, guardians, studentGuardians, students, classroomTeachers].map(
  getTableName,
);

export async function resolveScope(
  db: Database,
  user: { id: string; role: Role; organisationId: string; centerId: string | null },
): Promise<Scope> {
  const base = { organisationId: user.organisationId, childIds: null, classroomIds: null };
  switch (user.role) {
    case "super_admin":
      return { ...base, centerIds: await organisationCentres(db, user.organisationId) };
    case "owner": {
      const rows = await db
        .select({ id: ownerCenters.centerId })
        .from(ownerCenters)
        .where(eq(ownerCenters.ownerId, user.id));
      return { ...base, centerIds: rows.map((row) => row.id) };
    }
    case "financial_manager":
      // A finance manager without a centre looks after the whole organisation's books.
      return {
        ...base,
        centerIds: user.centerId ? [user.centerId] : await organisationCentres(db, user.organisationId),
      };
    case "parent": {
      const rows = await db
        .select({ childId: students.id, centerId: students.centerId })
        .from(guardians)
        .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
        .innerJoin(students, eq(students.id, studentGuardians.studentId))
        .where(eq(guardians.userId, user.id));
      return {
        ...base,
        centerIds: [...new Set(rows.map((row) => row.centerId))],
        childIds: rows.map((row) => row.childId),
      };
    }
    case "teacher": {
      if (!user.centerId) return { ...base, centerIds: [], classroomIds: [] };
      const rows = await db
        .select({ id: classroomTeachers.classroomId })
        .from(classroomTeachers)
        .innerJoin(classrooms, eq(classrooms.id, classroomTeachers.classroomId))
        .where(and(eq(classroomTeachers.teacherId, user.id), eq(classrooms.centerId, user.centerId)));
      return { ...base, centerIds: [user.centerId], classroomIds: rows.map((row) => row.id) };
    }
    default:
      return { ...base, centerIds: user.centerId ? [user.centerId] : [] };
  }
}

/**
 * The one rule for which children a caller may read, as a WHERE over `students`: the scope's
 * centres, a parent's own children, a teacher's own classrooms. Every child lookup and list of
 * a staff or family caller uses it (or `mayReadChild` for a row already read).
 */
export function readableChildren(scope: Scope): SQL {
  const conditions = [inArray(students.centerId, scope.centerIds)];
  if (scope.childIds) conditions.push(inArray(students.id, scope.childIds));
  if (scope.classroomIds) conditions.push(inArray(students.classroomId, scope.classroomIds));
  return and(...conditions)!;
}

/** The same rule for one child already read. */
export const mayReadChild = (scope: Scope, child: { id: string; centerId: string; classroomId: string | null }) =>
  scope.centerIds.includes(child.centerId) &&
  (!scope.childIds || scope.childIds.includes(child.id)) &&
  inScopeClassrooms(scope, child);

/** A child's classroom is one the scope allows: any of a scope not limited to rooms, a teacher's own. */
export const inScopeClassrooms = (scope: Scope, child: { classroomId: string | null }) =>
  !scope.classroomIds || (child.classroomId !== null && scope.classroomIds.includes(child.classroomId));

/** A classroom the caller may read: of their centres, and for a teacher one of their own. */
export const mayReadClassroom = (scope: Scope, room: { id: string; centerId: string }) =>
  scope.centerIds.includes(room.centerId) && (!scope.classroomIds || scope.classroomIds.includes(room.id));

async function organisationCentres(db: Database, organisationId: string): Promise<string[]> {
  const rows = await db.select({ id: centers.id }).from(centers).where(eq(centers.organisationId, organisationId));
  return rows.map((row) => row.id);
}
