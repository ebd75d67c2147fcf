import { CHILD_DAY_MESSAGES } from "@sprout/shared/schemas/child-day";
import { may } from "../../auth/access.ts";
import { type Caller, inScopeClassrooms, type Scope } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about the child's day. */

/**
 * Staff who look after or oversee children read the children of their scope: a teacher those of
 * the classrooms she is assigned to, the centre's other staff readers every child of their
 * centres (ADR 0046; the scope itself, `readableChildren`, draws the line).
 */
export const mayReadChildren = (caller: Caller) => may(caller, "children.readRecords");

/** Who opens a child's records at all: those staff, and a family (its own children, by scope). */
export const mayOpenChildren = (caller: Caller) => mayReadChildren(caller) || may(caller, "children.readOwn");

/** The day's timeline names who recorded each entry for staff; a family reads what happened. */
export const maySeeRecorders = mayReadChildren;

/**
 * Teachers record meals, naps, potty, stars and health notes, and only for the children of the
 * classrooms they work in; everyone else at the centre reads.
 */
export const mayRecordFor = (caller: Caller, child: { classroomId: string | null }, teacherRooms: string[]) =>
  may(caller, "childDay.record") && child.classroomId !== null && teacherRooms.includes(child.classroomId);

export function assertMayRecord(caller: Caller, child: { classroomId: string | null }, teacherRooms: string[]) {
  if (!mayRecordFor(caller, child, teacherRooms)) throw forbidden(CHILD_DAY_MESSAGES.notYourClassroom);
}

/** Observation logs: teachers for their classrooms, academic coordinators for their centre. */
export const mayWriteObservation = (caller: Caller, child: { classroomId: string | null }, scope: Scope) =>
  may(caller, "observations.record") && inScopeClassrooms(scope, child);

export function assertMayWriteObservation(caller: Caller, child: { classroomId: string | null }, scope: Scope) {
  if (!mayWriteObservation(caller, child, scope)) throw forbidden(CHILD_DAY_MESSAGES.notYourClassroom);
}

/** Parents keep their child's allergies, conditions, medications and consents up to date. */
export const mayKeepHealth = (caller: Caller) => may(caller, "medications.request");

/** Immunisation records are kept by the parents and by the centre's administrators. */
export const mayKeepImmunisations = (caller: Caller) => may(caller, "immunisations.record");

/** Standing allergies and conditions: the parents, or a teacher of the child's classroom. */
export const mayKeepStanding = (caller: Caller, child: { classroomId: string | null }, teacherRooms: string[]) =>
  mayKeepHealth(caller) || mayRecordFor(caller, child, teacherRooms);

/** The centre's leadership chooses the hour of the evening digest. */
export const mayConfigureDigest = (caller: Caller) => may(caller, "digest.configure");

/** A centre's leadership and its academic coordinators add milestones to the framework list. */
export const mayManageMilestones = (caller: Caller) => may(caller, "milestones.manage");
