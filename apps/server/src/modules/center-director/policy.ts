import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { forbidden, notFound } from "../../lib/errors.ts";

/** Every "may this caller" decision of the Center Director dashboard. */

/** The dashboard is the director's home; owners and super admins open it for a centre of theirs. */
export const mayViewDashboard = (caller: Caller) => may(caller, "centreDashboard.read");

/** Targets and the centre calendar belong to those who run the centre's operations. */
export const mayManageOperations = (caller: Caller) => may(caller, "centreDashboard.plan");

/** Performance reviews are written by those who run the centre. */
export const mayReviewStaff = (caller: Caller) => may(caller, "staffReviews.write");

/** Owners and super admins switch the dashboard between their centres; a director has hers. */
export const mayChooseCentre = (caller: Caller) => may(caller, "centreDashboard.chooseCentre");

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
