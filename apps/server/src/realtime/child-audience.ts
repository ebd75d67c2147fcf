import type { ChildDayUpdateEvent, ChildUpdateEvent } from "@sprout/shared/realtime/events";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { guardians, studentGuardians, students } from "../db/schema/children.ts";
import type { RealtimePublisher } from "./publisher.ts";

/**
 * Who hears of a change to some children, worked out before the write; the `tell` calls run
 * only once it has committed (a refused or rolled-back write throws before them).
 */
export interface ChildAudience {
  /** `child-update` to each child's own guardians: an arrival, a departure, a photo. */
  tell(kind: ChildUpdateEvent["kind"]): void;
  /**
   * `child-day-update` to each child's own guardians and to the staff who may read the child:
   * the teachers of its classroom and those who read every child of its centre.
   */
  tellDay(date: string, kind: ChildDayUpdateEvent["kind"]): void;
}

/**
 * The sign-ins of each child's own guardians: the same guardian link a parent's scope is read
 * from (auth/caller.ts), so an event reaches exactly the parents who may read the child, and no
 * other family of the classroom. Looked up before the write, so that a failed look-up changes
 * nothing and nothing can fail between the commit and the event.
 */
export async function childAudience(
  db: Database,
  realtime: RealtimePublisher,
  childIds: readonly string[],
): Promise<ChildAudience> {
  const ids = [...new Set(childIds)];
  const [children, links] = ids.length
    ? await Promise.all([
        db
          .select({ id: students.id, centerId: students.centerId, classroomId: students.classroomId })
          .from(students)
          .where(inArray(students.id, ids)),
        db
          .selectDistinct({ childId: studentGuardians.studentId, userId: guardians.userId })
          .from(studentGuardians)
          .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
          .where(and(inArray(studentGuardians.studentId, ids), isNotNull(guardians.userId))),
      ])
    : [[], []];
  const families = new Map<string, string[]>();
  for (const link of links) families.set(link.childId, [...(families.get(link.childId) ?? []), link.userId!]);
  return {
    tell(kind) {
      for (const [childId, userIds] of families) realtime.toUsers(userIds, "child-update", { child_id: childId, kind });
    },
    tellDay(date, kind) {
      for (const child of children)
        realtime.toChildReaders({ ...child, familyUserIds: families.get(child.id) ?? [] }, "child-day-update", {
          child_id: child.id,
          date,
          kind,
        });
    },
  };
}
