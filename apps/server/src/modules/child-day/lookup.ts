import { CHILD_DAY_MESSAGES } from "@sprout/shared/schemas/child-day";
import { and, eq, inArray, ne } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import { type Caller, readableChildren } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { centreDay } from "../attendance/time.ts";
import { mayOpenChildren } from "./policy.ts";

export interface DayChild {
  id: string;
  firstName: string;
  lastName: string;
  centerId: string;
  classroomId: string | null;
  organisationId: string;
  timeZone: string;
}

/**
 * A child whose day the caller may see: a parent's own child, a child of a teacher's own
 * classroom, or a child of a centre of the centre's other staff readers. Any other child (another
 * centre, another family, another room, one who has left) is 404.
 */
export async function findDayChild(db: Database, caller: Caller, childId: string): Promise<DayChild> {
  const [child] = await findDayChildren(db, caller, [childId]);
  return child!;
}

/** Several such children in one read; any one the caller may not see makes the whole call 404. */
export async function findDayChildren(db: Database, caller: Caller, childIds: string[]): Promise<DayChild[]> {
  if (!mayOpenChildren(caller)) throw forbidden();
  const scope = await caller.scope();
  if (scope.centerIds.length === 0) throw notFound("Child");
  const rows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      centerId: students.centerId,
      classroomId: students.classroomId,
      organisationId: centers.organisationId,
      timeZone: centers.timeZone,
    })
    .from(students)
    .innerJoin(centers, eq(centers.id, students.centerId))
    .where(and(inArray(students.id, childIds), readableChildren(scope), ne(students.status, "left")));
  if (rows.length !== new Set(childIds).size) throw notFound("Child");
  const byId = new Map(rows.map((row) => [row.id, row]));
  return childIds.map((id) => byId.get(id)!);
}

/** The classrooms a caller records for: a teacher's own (their scope's), nobody else's. */
export const recordingRooms = async (_db: Database, caller: Caller): Promise<string[]> =>
  may(caller, "childDay.record") ? ((await caller.scope()).classroomIds ?? []) : [];

/**
 * The day an entry belongs to: the given date, or the centre's today without one. A later date
 * is refused (entries describe what happened).
 */
export function checkDay(clock: Clock, child: { timeZone: string }, day?: string): string {
  const today = centreDay(child.timeZone, clock.now());
  if (day && day > today) throw badRequest(CHILD_DAY_MESSAGES.dateFuture, { date: CHILD_DAY_MESSAGES.dateFuture });
  return day ?? today;
}
