import { ATTENDANCE_MESSAGES } from "@sprout/shared/schemas/attendance";
import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about attendance. */

/** Staff who take attendance (teachers for their rooms, centre roles for their centre). */
export const mayTakeAttendance = (caller: Caller) => may(caller, "attendance.take");

/** Who changes a centre's ratio settings: those who run the centre's classrooms. */
export const mayChangeRatios = (caller: Caller) => may(caller, "attendance.setRatios");

/** Who opens the kiosk on a centre tablet: the centre's management. */
export const mayRunKiosk = (caller: Caller) => may(caller, "kiosk.operate");

/**
 * Who records and approves staff leave: those who manage staff, and the centre's administrator
 * (who keeps the centre's day running).
 */
export const mayManageLeave = (caller: Caller) => may(caller, "leave.decide");

export const mayReadReports = (caller: Caller) => may(caller, "attendance.readReports");

/** A parent edits their own children's pick-up lists; staff who manage children any in scope. */
export const mayEditPickups = (caller: Caller) => may(caller, "pickupPeople.manage");

export function assert(allowed: boolean) {
  if (!allowed) throw forbidden();
}

/**
 * The centre a centre-wide view is for: the one asked for (in scope, or it does not exist for
 * this caller), else the caller's own or only centre.
 */
export function chosenCentre(caller: Caller, scope: Scope, requested: string | undefined): string {
  if (requested) {
    if (!scope.centerIds.includes(requested)) throw notFound("Center");
    return requested;
  }
  if (caller.centerId && scope.centerIds.includes(caller.centerId)) return caller.centerId;
  if (scope.centerIds.length === 1) return scope.centerIds[0]!;
  throw badRequest(ATTENDANCE_MESSAGES.chooseCentre, { center_id: ATTENDANCE_MESSAGES.chooseCentre });
}
