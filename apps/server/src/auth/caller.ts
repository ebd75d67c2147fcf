import type { Role } from "@sprout/shared/roles";
import { eq, getTableName } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { guardians, studentGuardians, students } from "../db/schema/children.ts";
import { centers, ownerCenters } from "../db/schema/organisations.ts";
import type { UserWithCentre } from "../modules/users/service.ts";

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
}

/** The tables a scope is read from: an answer kept for a caller is dropped when one changes. */
export const SCOPE_TABLES = [ownerCenters, centers, guardians, studentGuardians, students].map(getTableName);

export async function resolveScope(
  db: Database,
  user: { id: string; role: Role; organisationId: string; centerId: string | null },
): Promise<Scope> {
  const base = { organisationId: user.organisationId, childIds: null };
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
    default:
      return { ...base, centerIds: user.centerId ? [user.centerId] : [] };
  }
}

async function organisationCentres(db: Database, organisationId: string): Promise<string[]> {
  const rows = await db.select({ id: centers.id }).from(centers).where(eq(centers.organisationId, organisationId));
  return rows.map((row) => row.id);
}
