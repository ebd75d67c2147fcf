import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { mayReadClassroom, type Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms } from "../../db/schema/children.ts";
import { assessmentTermClassrooms, assessmentTerms, childAssessments } from "../../db/schema/development.ts";
import { centers } from "../../db/schema/organisations.ts";
import { notFound } from "../../lib/errors.ts";

/**
 * A term the caller may read, and the classrooms of it they may read: one named (404 when the
 * caller may not read it or the term is not for it), else all the term's rooms, a teacher's own only.
 */
export async function termInScope(db: Database, scope: Scope, termId: string, classroomId: string | undefined) {
  const [term] = await db
    .select({
      id: assessmentTerms.id,
      name: assessmentTerms.name,
      startsOn: assessmentTerms.startsOn,
      endsOn: assessmentTerms.endsOn,
      frameworkKey: assessmentTerms.frameworkKey,
      centerId: assessmentTerms.centerId,
      organisationId: centers.organisationId,
    })
    .from(assessmentTerms)
    .innerJoin(centers, eq(centers.id, assessmentTerms.centerId))
    .where(eq(assessmentTerms.id, termId));
  if (!term || !scope.centerIds.includes(term.centerId)) throw notFound("Term");
  const rooms = await db
    .select({ id: classrooms.id, centerId: classrooms.centerId, name: classrooms.name })
    .from(assessmentTermClassrooms)
    .innerJoin(classrooms, eq(classrooms.id, assessmentTermClassrooms.classroomId))
    .where(eq(assessmentTermClassrooms.termId, termId))
    .orderBy(asc(classrooms.name));
  const readableRooms = rooms.filter((room) => mayReadClassroom(scope, room));
  const readable = readableRooms.map((room) => room.id);
  if (classroomId !== undefined && !readable.includes(classroomId)) throw notFound("Classroom");
  const roomIds = classroomId !== undefined ? [classroomId] : readable;
  // A teacher with none of the term's rooms reads nothing of it.
  if (scope.classroomIds && roomIds.length === 0) throw notFound("Term");
  return { term, roomIds, rooms: readableRooms.map((room) => ({ id: room.id, name: room.name })) };
}

/** The published assessments of a term in some of its rooms (no rooms: none). */
export const publishedIn = (termId: string, roomIds: string[]): SQL =>
  roomIds.length
    ? and(
        eq(childAssessments.termId, termId),
        inArray(childAssessments.classroomId, roomIds),
        gt(childAssessments.version, 0),
      )!
    : sql`false`;
