import { and, inArray, ne, sql } from "drizzle-orm";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";

/** Children and classrooms of the centres in a caller's scope. */
export function createChildrenService({ db }: { db: Database }) {
  return {
    /** Children on the roll (active or paused; not those who have left). */
    async countEnrolled(scope: Scope): Promise<number> {
      const conditions = [inArray(students.centerId, scope.centerIds), ne(students.status, "left")];
      if (scope.childIds) conditions.push(inArray(students.id, scope.childIds));
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(students)
        .where(and(...conditions));
      return row?.count ?? 0;
    },
    async countClassrooms(scope: Scope): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(classrooms)
        .where(inArray(classrooms.centerId, scope.centerIds));
      return row?.count ?? 0;
    },
  };
}
export type ChildrenService = ReturnType<typeof createChildrenService>;
