import { BUDGET_LIMIT_ROLES, BUDGET_MESSAGES, type BudgetLimitRole } from "@sprout/shared/schemas/budget";
import { may, roleAmong } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";

/** Every "may this caller" decision about budgets, requests and expenses. */

/** Limits are set by those who hold the budget: the financial manager and the owner. */
export const maySetLimits = (caller: Caller) => may(caller, "budgetLimits.manage");

/** Deciding a request that waits: the budget holders (not a director, who asks). */
export const mayDecide = (caller: Caller) => may(caller, "budget.oversee");

/** Raising a request: the roles a limit can be set for, and owners. */
export const mayRequest = (caller: Caller) => may(caller, "budgetRequests.raise");

/** The centre's requests (not only one's own): those who approve or decide at the centre. */
export const seesCentreRequests = (caller: Caller) => may(caller, "budgetRequests.readCentre");

export const mayTrackExpenses = (caller: Caller) => may(caller, "expenses.track");

/** The role whose limit applies to a requester, if a limit can be set for their role at all. */
export const limitRoleOf = (caller: Caller): BudgetLimitRole | null => roleAmong(caller, BUDGET_LIMIT_ROLES);

export function assert(allowed: boolean, message?: string) {
  if (!allowed) throw forbidden(message);
}

/** Another centre's record is not there for this caller. */
export function assertInScope(scope: Scope, centerId: string, what: string) {
  if (!scope.centerIds.includes(centerId)) throw notFound(what);
}

/** The centre a record is made for: the one named (in scope), else the caller's own or only one. */
export function chosenCentre(caller: Caller, scope: Scope, requested: string | undefined): string {
  if (requested) {
    assertInScope(scope, requested, "Center");
    return requested;
  }
  if (caller.centerId && scope.centerIds.includes(caller.centerId)) return caller.centerId;
  if (scope.centerIds.length === 1) return scope.centerIds[0]!;
  throw badRequest(BUDGET_MESSAGES.chooseCentre, { center_id: BUDGET_MESSAGES.chooseCentre });
}
