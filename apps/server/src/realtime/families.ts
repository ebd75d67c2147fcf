import type { ChildUpdateEvent } from "@sprout/shared/realtime/events";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { guardians, studentGuardians } from "../db/schema/children.ts";
import type { RealtimePublisher } from "./publisher.ts";

/** Who hears of a change to some children, worked out before the write; `tell` runs after it commits. */
export interface FamilyAudience {
  /** Sends `child-update` to each child's own guardians. Call only once the transaction has committed. */
  tell(kind: ChildUpdateEvent["kind"]): void;
}

/**
 * The sign-ins of each child's own guardians: the same guardian link a parent's scope is read
 * from (auth/caller.ts), so an event reaches exactly the parents who may read the child, and no
 * other family of the classroom. Looked up before the write, so that a failed look-up changes
 * nothing and nothing can fail between the commit and the event.
 */
export async function familyAudience(
  db: Database,
  realtime: RealtimePublisher,
  childIds: readonly string[],
): Promise<FamilyAudience> {
  const ids = [...new Set(childIds)];
  const rows = ids.length
    ? await db
        .selectDistinct({ childId: studentGuardians.studentId, userId: guardians.userId })
        .from(studentGuardians)
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .where(and(inArray(studentGuardians.studentId, ids), isNotNull(guardians.userId)))
    : [];
  const byChild = new Map<string, string[]>();
  for (const row of rows) byChild.set(row.childId, [...(byChild.get(row.childId) ?? []), row.userId!]);
  return {
    tell(kind) {
      for (const [childId, userIds] of byChild) realtime.toUsers(userIds, "child-update", { child_id: childId, kind });
    },
  };
}
