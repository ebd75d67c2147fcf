import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { notFound } from "../../lib/errors.ts";

/** Every "may this caller see this" decision of the dashboards and their analytics calls. */

/** Invoice counts and money figures: the roles that work with billing or the books. */
export const seesMoney = (caller: Pick<Caller, "role">) => may(caller, "finances.read");

/** Pending and overdue counts: the billing roles, and parents for their own family's invoices. */
export const seesInvoiceCounts = (caller: Pick<Caller, "role">) => may(caller, "invoices.read");

/**
 * The centres a figure covers: the one asked for when the caller sees it (another organisation's
 * or another owner's centre does not exist for them), otherwise every centre of their scope.
 */
export function centresOf(scope: Scope, centerId: string | undefined): string[] {
  if (!centerId) return scope.centerIds;
  if (!scope.centerIds.includes(centerId)) throw notFound("Center");
  return [centerId];
}
