import { hasFeature, type Role } from "@sprout/shared/roles";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about incident reports. */

/** Directors and owners manage reports: correct, resolve, tell parents, see the counts. */
export const mayManageIncidents = (caller: Caller) => hasFeature(caller.role, "incident_management");

/** Whoever looks after children at the centre may report: managers and teachers. */
export const mayReport = (caller: Caller) => mayManageIncidents(caller) || caller.role === "teacher";

/**
 * Whether reports are reviewed first is a centre setting: its director, its owner and the super
 * admin who configures centres change it (as retention), and reporters read it before they file.
 */
export const REVIEW_SETTING_EDITORS: readonly Role[] = ["super_admin", "owner", "center_director"];
export const REVIEW_SETTING_READERS: readonly Role[] = [...REVIEW_SETTING_EDITORS, "teacher"];

export function assertMayManage(caller: Caller) {
  if (!mayManageIncidents(caller)) throw forbidden("Only the centre director or owner can do this");
}

export function assertMayReport(caller: Caller) {
  if (!mayReport(caller)) throw forbidden();
}

export function assertMayEditReviewSetting(caller: Caller) {
  if (!REVIEW_SETTING_EDITORS.includes(caller.role)) throw forbidden();
}

export function assertMayReadReviewSetting(caller: Caller) {
  if (!REVIEW_SETTING_READERS.includes(caller.role)) throw forbidden();
}
