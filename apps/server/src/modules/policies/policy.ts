import type { PolicyAudience } from "@sprout/shared/schemas/policies";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about centre policies. */

/** Owners (policy management) publish for the centres they own, directors (implementation) for theirs. */
export const mayManagePolicies = (caller: Caller) => caller.role === "owner" || caller.role === "center_director";

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
