import { hasFeature } from "@sprout/shared/roles";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about incident reports. */

/** Directors and owners manage reports: correct, resolve, tell parents, see the counts. */
export const mayManageIncidents = (caller: Caller) => hasFeature(caller.role, "incident_management");

/** Whoever looks after children at the centre may report: managers and teachers. */
export const mayReport = (caller: Caller) => mayManageIncidents(caller) || caller.role === "teacher";

export function assertMayManage(caller: Caller) {
  if (!mayManageIncidents(caller)) throw forbidden("Only the centre director or owner can do this");
}

export function assertMayReport(caller: Caller) {
  if (!mayReport(caller)) throw forbidden();
}

/** Parents read a report only once the centre has marked them notified. */
export const parentMayRead = (report: { parentsNotifiedAt: Date | null }) => report.parentsNotifiedAt !== null;
