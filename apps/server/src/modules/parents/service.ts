import type { MyChildren } from "@sprout/shared/schemas/parents";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { inScope } from "../children/service.ts";
import { toMyChild } from "./presenter.ts";

/** What a signed-in parent sees of their own children. */
export function createParentsService({ db }: { db: Database }) {
  return {
    /** The caller's own children who are still on the roll (those who have left are not shown). */
    async myChildren(scope: Scope): Promise<MyChildren> {
      // Only a parent's scope names children; without that list there is nobody to show.
      if (!scope.childIds || scope.childIds.length === 0) return [];
      const rows = await db
        .select({
          id: students.id,
          firstName: students.firstName,
          lastName: students.lastName,
          classroomId: students.classroomId,
          classroomName: classrooms.name,
          centerName: centers.name,
        })
        .from(students)
        .innerJoin(centers, eq(centers.id, students.centerId))
        .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
        .where(and(inScope(scope), ne(students.status, "left")))
        .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id));
      return rows.map(toMyChild);
    },
  };
}
export type ParentsService = ReturnType<typeof createParentsService>;
