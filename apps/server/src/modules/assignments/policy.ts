import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about assignments (spec 3: teachers create; parents submit). */

/** A teacher sets and edits work only for the classrooms they work in (others are not even visible). */
export const mayEditAssignment = (caller: Caller, assignment: { classroomId: string }, teacherRooms: string[]) =>
  may(caller, "assignments.set") && teacherRooms.includes(assignment.classroomId);

export function assertMayEditAssignment(caller: Caller, assignment: { classroomId: string }, teacherRooms: string[]) {
  if (!mayEditAssignment(caller, assignment, teacherRooms)) throw forbidden();
}

/** Staff who may see the room see who has submitted; the teacher of the room comments. */
export const mayReadRoster = (caller: Caller) => may(caller, "assignments.readSubmissions");
export const mayComment = mayEditAssignment;

/** Parents submit, and only for their own child in the assignment's classroom (checked by the service). */
export const maySubmit = (caller: Caller) => may(caller, "assignments.submit");
