import { REPORT_ACTIONS, type ReportName } from "@sprout/shared/schemas/reports";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller read this report" decision of Reports & Analytics (the rule is shared with the page). */

const mayRead = (caller: Pick<Caller, "role">, report: ReportName) =>
  may(caller, "reports.read") && may(caller, REPORT_ACTIONS[report]);

export function assertMayRead(caller: Pick<Caller, "role">, report: ReportName) {
  if (!mayRead(caller, report)) throw forbidden();
}

/** Money figures in the centre comparison (invoiced, received). */
export const seesMoney = (caller: Pick<Caller, "role">) => may(caller, "finances.read");
