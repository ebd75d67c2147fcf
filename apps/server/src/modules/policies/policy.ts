import type { PolicyAudience } from "@sprout/shared/schemas/policies";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about centre policies. */

/** Owners (policy management) publish for the centres they own, directors (implementation) for theirs. */
export const mayManagePolicies = (caller: Caller) => may(caller, "policies.manage");

/**
 * Those who look after every centre of their scope without publishing (the super admin, and the
 * financial manager whose scope is the organisation's or one centre's books) read the policies in
 * force there (issue 30, point 8): they are in no audience, so without this they saw none.
 */
export const mayReadScopePolicies = (caller: Caller) =>
  caller.role === "super_admin" || caller.role === "financial_manager";

export function assertMayManage(caller: Caller) {
  if (!mayManagePolicies(caller)) throw forbidden();
}

/** The centre's staff that a policy for staff is meant for. */
export const STAFF_AUDIENCE = [
  "center_director",
  "admin",
  "academic_coordinator",
  "teacher",
  "financial_manager",
] as const;

/** The audiences a caller belongs to (a director is staff too, and acknowledges what others publish). */
export function audiencesOf(caller: Caller): PolicyAudience[] {
  if (caller.role === "parent") return ["parents", "both"];
  if ((STAFF_AUDIENCE as readonly string[]).includes(caller.role) && caller.centerId) return ["staff", "both"];
  return [];
}
