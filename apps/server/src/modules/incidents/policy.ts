import { english } from "@sprout/shared/i18n/english";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about incident reports. */

/** Directors and owners manage reports: correct, resolve, tell parents, see the counts. */
const mayManageIncidents = (caller: Caller) => may(caller, "incidents.manage");

/** Whoever looks after children at the centre may report: managers and teachers. */
const mayReport = (caller: Caller) => may(caller, "incidents.report");

export function assertMayManage(caller: Caller) {
  if (!mayManageIncidents(caller)) throw forbidden(english("server.directorOrOwnerOnly"));
}

export function assertMayReport(caller: Caller) {
  if (!mayReport(caller)) throw forbidden();
}

export function assertMayEditReviewSetting(caller: Caller) {
  if (!may(caller, "incidents.editReviewSetting")) throw forbidden();
}

export function assertMayReadReviewSetting(caller: Caller) {
  if (!may(caller, "incidents.readReviewSetting")) throw forbidden();
}
