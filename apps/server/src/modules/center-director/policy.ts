import { hasFeature } from "@sprout/shared/roles";
import type { Caller, Scope } from "../../auth/caller.ts";
import { forbidden, notFound } from "../../lib/errors.ts";

/** Every "may this caller" decision of the Center Director dashboard. */

/** The dashboard is the director's home; owners and super admins open it for a centre of theirs. */
export const mayViewDashboard = (caller: Caller) =>
  caller.role === "center_director" || caller.role === "owner" || caller.role === "super_admin";

/** Targets and the centre calendar belong to those who run the centre's operations. */
export const mayManageOperations = (caller: Caller) => hasFeature(caller.role, "operational_kpi");

/** Performance reviews are written by those with the staff performance feature. */
export const mayReviewStaff = (caller: Caller) => hasFeature(caller.role, "staff_performance");

export function assert(allowed: boolean) {
  if (!allowed) throw forbidden();
}

/**
 * The centre the caller works on: the one named, when it is theirs (another centre is not there
 * for them: 404); otherwise their own, else the first of theirs (`centres` is in name order).
 */
export function chosenCentre(caller: Caller, scope: Scope, requested: string | undefined, centres: string[]): string {
  if (requested) {
    if (!scope.centerIds.includes(requested)) throw notFound("Center");
    return requested;
  }
  if (caller.centerId && scope.centerIds.includes(caller.centerId)) return caller.centerId;
  const first = centres[0];
  if (!first) throw notFound("Center");
  return first;
}
