import { LESSON_PLAN_MESSAGES } from "@sprout/shared/schemas/lesson-plans";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about lesson plans (spec 3, section 6). */

/** Staff who look after or oversee classrooms read their centres' plans; parents their children's rooms'. */
const STAFF_READERS = new Set(["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"]);
export const mayReadCentrePlans = (caller: Caller) => STAFF_READERS.has(caller.role);

/** "admin and academic_coordinator can edit and delete". */
export const mayEditPlans = (caller: Caller) => caller.role === "admin" || caller.role === "academic_coordinator";

export function assertMayEditPlans(caller: Caller) {
  if (!mayEditPlans(caller)) throw forbidden();
}

/** Teachers check off the plans of the classrooms they work in, no others. */
export const mayCheckOff = (caller: Caller, plan: { classroomId: string }, teacherRooms: string[]) =>
  caller.role === "teacher" && teacherRooms.includes(plan.classroomId);

export function assertMayCheckOff(caller: Caller, plan: { classroomId: string }, teacherRooms: string[]) {
  if (!mayCheckOff(caller, plan, teacherRooms)) throw forbidden(LESSON_PLAN_MESSAGES.notYourClassroom);
}

/** Notes and the working parts (objectives, resources, check-offs) are for staff. */
export const readsStaffParts = (caller: Caller) => caller.role !== "parent";
