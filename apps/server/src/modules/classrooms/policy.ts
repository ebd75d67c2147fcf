import { hasFeature } from "@sprout/shared/roles";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";

/** Who may change which staff work in a classroom: the classroom managers of its centre. */
export const mayAssignClassroomStaff = (caller: Caller) => may(caller, "classrooms.manage");

/**
 * Whose view of classrooms is limited to the rooms they are assigned to: those who see
 * classrooms only through "view assigned classes" (teachers), not the managers.
 */
export const seesOnlyAssignedRooms = (caller: Caller) =>
  hasFeature(caller.role, "view_assigned_classes") &&
  !hasFeature(caller.role, "classroom_management") &&
  !hasFeature(caller.role, "children_management");

/** The sign-in roles that can be given a classroom. */
export const ASSIGNABLE_ROLES = ["teacher"] as const;
