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
export const mayReadScopePolicies = (caller: Caller) => may(caller, "policies.oversee");

export function assertMayManage(caller: Caller) {
  if (!mayManagePolicies(caller)) throw forbidden();
}

/** A family reads the policies of their children's centres; staff those of their own centre. */
export const isFamilyAudience = (caller: Caller) => may(caller, "policies.familyAudience");

/**
 * The centre staff a policy for staff is meant for. A manager among them (a director) publishes
 * for their own centre; one who is not (an owner) names the centre.
 */
export const isStaffAudience = (caller: Caller) => may(caller, "policies.staffAudience");

/** The audiences a caller belongs to (a director is staff too, and acknowledges what others publish). */
export function audiencesOf(caller: Caller): PolicyAudience[] {
  if (isFamilyAudience(caller)) return ["parents", "both"];
  if (isStaffAudience(caller) && caller.centerId) return ["staff", "both"];
  return [];
}
