import { CHILD_DAY_MESSAGES } from "@sprout/shared/schemas/child-day";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about the child's day. */

/**
 * Staff who look after or oversee children read the children of their scope: a teacher those of
 * the classrooms she is assigned to, the centre's other staff readers every child of their
 * centres (ADR 0046; the scope itself, `readableChildren`, draws the line).
 */
const READERS = new Set(["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"]);
export const mayReadChildren = (caller: Caller) => READERS.has(caller.role);

/** The day's timeline names who recorded each entry for staff; a family reads what happened. */
export const maySeeRecorders = mayReadChildren;

/**
 * Teachers record meals, naps, potty, stars and health notes, and only for the children of the
 * classrooms they work in; everyone else at the centre reads.
 */
export const mayRecordFor = (caller: Caller, child: { classroomId: string | null }, teacherRooms: string[]) =>
  caller.role === "teacher" && child.classroomId !== null && teacherRooms.includes(child.classroomId);

export function assertMayRecord(caller: Caller, child: { classroomId: string | null }, teacherRooms: string[]) {
  if (!mayRecordFor(caller, child, teacherRooms)) throw forbidden(CHILD_DAY_MESSAGES.notYourClassroom);
}

/** Observation logs: teachers for their classrooms, academic coordinators for their centre. */
export const mayWriteObservation = (caller: Caller, child: { classroomId: string | null }, teacherRooms: string[]) =>
  caller.role === "academic_coordinator" || mayRecordFor(caller, child, teacherRooms);

export function assertMayWriteObservation(
  caller: Caller,
  child: { classroomId: string | null },
  teacherRooms: string[],
) {
  if (!mayWriteObservation(caller, child, teacherRooms)) throw forbidden(CHILD_DAY_MESSAGES.notYourClassroom);
}

/** Parents keep their child's allergies, conditions, medications and consents up to date. */
export const mayKeepHealth = (caller: Caller) => caller.role === "parent";

/** Immunisation records are kept by the parents and by the centre's administrators. */
const IMMUNISATION_KEEPERS = new Set(["parent", "super_admin", "owner", "center_director", "admin"]);
export const mayKeepImmunisations = (caller: Caller) => IMMUNISATION_KEEPERS.has(caller.role);

/** Standing allergies and conditions: the parents, or a teacher of the child's classroom. */
export const mayKeepStanding = (caller: Caller, child: { classroomId: string | null }, teacherRooms: string[]) =>
  mayKeepHealth(caller) || mayRecordFor(caller, child, teacherRooms);

/** The centre's leadership chooses the hour of the evening digest. */
const DIGEST_CONFIGURERS = new Set(["super_admin", "owner", "center_director", "admin"]);
export const mayConfigureDigest = (caller: Caller) => DIGEST_CONFIGURERS.has(caller.role);

/** A centre's leadership and its academic coordinators add milestones to the framework list. */
const MILESTONE_KEEPERS = new Set(["super_admin", "owner", "center_director", "admin", "academic_coordinator"]);
export const mayManageMilestones = (caller: Caller) => MILESTONE_KEEPERS.has(caller.role);
