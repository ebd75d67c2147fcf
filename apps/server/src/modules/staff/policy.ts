import type { Action } from "@sprout/shared/access";
import type { Role } from "@sprout/shared/roles";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";

/**
 * The action that hands out each centre role to a staff member's sign-in, or changes a staff
 * member who has it: every staff manager the roles below a director, only those above one a
 * director's (no one appoints their equal). Other roles are not a centre's staff to manage here.
 */
const APPOINTING: Partial<Record<Role, Action>> = {
  center_director: "staff.appointDirector",
  admin: "staff.manage",
  academic_coordinator: "staff.manage",
  teacher: "staff.manage",
};

export function mayManageStaffRole(caller: Caller, role: Role): boolean {
  const action = APPOINTING[role];
  return action !== undefined && may(caller, action);
}
