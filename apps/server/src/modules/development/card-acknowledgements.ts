import type { AcknowledgementsPage, acknowledgementsQuery } from "@sprout/shared/schemas/development/progress-card";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { childAssessments } from "../../db/schema/development.ts";
import { childName } from "./progress-card-queries.ts";
import { publishedIn, termInScope } from "./term-scope.ts";

type Query = z.output<typeof acknowledgementsQuery>;

/**
 * Who has acknowledged a term's cards (issue 36, point 4): each published child of the rooms the
 * caller reads, whether any guardian acknowledged the current version, those who have not first.
 */
export function createCardAcknowledgements({ db }: { db: Database }) {
  return {
    async list(caller: Caller, termId: string, query: Query): Promise<AcknowledgementsPage> {
      const scope = await caller.scope();
      const { roomIds } = await termInScope(db, scope, termId, query.classroom_id);
      const first = sql<string | null>`(select min(a.acknowledged_at) from progress_card_acknowledgements a
        where a.assessment_id = ${childAssessments.id} and a.version = ${childAssessments.version})`;
      const done = sql<boolean>`exists (select 1 from progress_card_acknowledgements a
        where a.assessment_id = ${childAssessments.id} and a.version = ${childAssessments.version})`;
      const published = publishedIn(termId, roomIds);
      const filter = query.state === "pending" ? sql`not ${done}` : query.state === "done" ? done : sql`true`;
      const [[counts], rows] = await Promise.all([
        db
          .select({
            total: count(),
            pending: sql<number>`count(*) filter (where not ${done})`.mapWith(Number),
            shown: sql<number>`count(*) filter (where ${filter})`.mapWith(Number),
          })
          .from(childAssessments)
          .where(published),
        db
          .select({
            id: childAssessments.id,
            childId: students.id,
            name: childName,
            room: classrooms.name,
            version: childAssessments.version,
            publishedAt: sql<string>`(select max(h.published_at) from assessment_history h
              where h.assessment_id = ${childAssessments.id} and h.version = ${childAssessments.version})`,
            at: first,
            by: sql<string | null>`(select u.full_name from progress_card_acknowledgements a
              join users u on u.id = a.user_id
              where a.assessment_id = ${childAssessments.id} and a.version = ${childAssessments.version}
              order by a.acknowledged_at limit 1)`,
          })
          .from(childAssessments)
          .innerJoin(students, eq(students.id, childAssessments.studentId))
          .leftJoin(classrooms, eq(classrooms.id, childAssessments.classroomId))
          .where(and(published, filter))
          .orderBy(asc(done), asc(students.firstName), asc(students.lastName), asc(childAssessments.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
      ]);
      return {
        items: rows.map((row) => ({
          assessment_id: row.id,
          child_id: row.childId,
          child_name: row.name,
          classroom_name: row.room,
          version: row.version,
          published_at: new Date(row.publishedAt).toISOString(),
          acknowledged_at: row.at ? new Date(row.at).toISOString() : null,
          acknowledged_by: row.by,
        })),
        pagination: {
          page: query.page,
          limit: query.limit,
          total: counts?.shown ?? 0,
          totalPages: Math.ceil((counts?.shown ?? 0) / query.limit),
        },
        pending: counts?.pending ?? 0,
      };
    },
  };
}
export type CardAcknowledgements = ReturnType<typeof createCardAcknowledgements>;
