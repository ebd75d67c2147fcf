import { type ReportName, reportsFor, seesMoney as roleSeesMoney } from "@sprout/shared/schemas/reports";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller read this report" decision of Reports & Analytics (the rule is shared with the page). */

export const mayRead = (caller: Pick<Caller, "role">, report: ReportName) => reportsFor(caller.role).includes(report);

export function assertMayRead(caller: Pick<Caller, "role">, report: ReportName) {
  if (!mayRead(caller, report)) throw forbidden();
}

export const seesMoney = (caller: Pick<Caller, "role">) => roleSeesMoney(caller.role);
