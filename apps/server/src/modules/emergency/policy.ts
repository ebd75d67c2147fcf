import { EMERGENCY_MESSAGES } from "@sprout/shared/schemas/emergency";
import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about emergency alerts. */

/** Directors and owners trigger and resolve alerts. */
export const mayManageAlerts = (caller: Caller) => may(caller, "emergency.manage");

/** Everyone who works at the centre acknowledges; families do not. */
export const mayAcknowledge = (caller: Caller) => may(caller, "emergency.acknowledge");

export function assertMayManage(caller: Caller) {
  if (!mayManageAlerts(caller)) throw forbidden();
}

/**
 * The centre an alert is for: the one asked for (it must be in scope, or it does not exist for
 * this caller), else the caller's only centre.
 */
export function alertCentre(caller: Caller, scope: Scope, requested: string | undefined): string {
  if (requested) {
    if (!scope.centerIds.includes(requested)) throw notFound("Center");
    return requested;
  }
  if (caller.centerId && scope.centerIds.includes(caller.centerId)) return caller.centerId;
  if (scope.centerIds.length === 1) return scope.centerIds[0]!;
  throw badRequest(EMERGENCY_MESSAGES.chooseCentre, { center_id: EMERGENCY_MESSAGES.chooseCentre });
}
