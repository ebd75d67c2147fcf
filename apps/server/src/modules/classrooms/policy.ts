import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";

/** Who may change which staff work in a classroom: the classroom managers of its centre. */
export const mayAssignClassroomStaff = (caller: Caller) => may(caller, "classrooms.manage");

/** The sign-in roles that can be given a classroom. */
export const ASSIGNABLE_ROLES = ["teacher"] as const;
