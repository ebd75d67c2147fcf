import { type Action, rolesFor } from "@sprout/shared/access";
import { and, eq, exists, inArray, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { ownerCenters } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";

/**
 * The active users who may take `action` for one centre: its own staff whose role may, and owners
 * who own it. Events meant for the centre's leadership go to these users' own rooms rather than to
 * the centre's staff room, which every teacher of the centre has joined too.
 */
export function createLeadership(db: Database) {
  return async function leadershipOf(centerId: string, action: Action): Promise<string[]> {
    const roles = rolesFor(action);
    if (roles.length === 0) return [];
    const ownsCentre = db
      .select({ id: ownerCenters.ownerId })
      .from(ownerCenters)
      .where(and(eq(ownerCenters.ownerId, users.id), eq(ownerCenters.centerId, centerId)));
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          inArray(users.role, roles),
          or(
            and(ne(users.role, "owner"), eq(users.centerId, centerId)),
            and(eq(users.role, "owner"), exists(ownsCentre)),
          ),
        ),
      );
    return rows.map((row) => row.id);
  };
}
export type LeadershipOf = ReturnType<typeof createLeadership>;
