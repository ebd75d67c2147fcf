import { LESSON_PLAN_MESSAGES } from "@sprout/shared/schemas/lesson-plans";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about lesson plans (spec 3, section 6). */

/** Staff who look after or oversee classrooms read their centres' plans; parents their children's rooms'. */
export const mayReadPlans = (caller: Caller) => may(caller, "lessonPlans.read");

/** "admin and academic_coordinator can edit and delete". */
export const mayEditPlans = (caller: Caller) => may(caller, "lessonPlans.edit");

export function assertMayEditPlans(caller: Caller) {
  if (!mayEditPlans(caller)) throw forbidden();
}

/** Teachers check off the plans of the classrooms they work in, no others. */
export const mayCheckOff = (caller: Caller, plan: { classroomId: string }, teacherRooms: string[]) =>
  checksOff(caller) && teacherRooms.includes(plan.classroomId);

/** Whether the caller checks off plans at all (a teacher, for her rooms). */
export const checksOff = (caller: Caller) => may(caller, "lessonPlans.checkOff");

export function assertMayCheckOff(caller: Caller, plan: { classroomId: string }, teacherRooms: string[]) {
  if (!mayCheckOff(caller, plan, teacherRooms)) throw forbidden(LESSON_PLAN_MESSAGES.notYourClassroom);
}

/** Notes and the working parts (objectives, resources, check-offs) are for staff. */
export const readsStaffParts = (caller: Caller) => may(caller, "lessonPlans.readStaffParts");
