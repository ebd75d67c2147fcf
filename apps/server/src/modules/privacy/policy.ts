import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { forbidden, notFound } from "../../lib/errors.ts";

/** Every "may this caller" decision about notices, consents and the access log (issue 19). */

/** The owner writes the organisation's notice; the super admin may configure it too. */
export const mayEditNotice = (caller: Caller) => may(caller, "privacy.editNotice");
/** Centre leaders read their centres' access log (scope keeps each to their own organisation's centres). */
export const mayReadCentreLog = (caller: Caller) => may(caller, "privacy.readAccessLog");
/** A family answers consents for its own children. */
export const isFamily = (caller: Caller) => may(caller, "privacy.consent");
/** The requests desk (the director for their centre, the owner for theirs) follows up refused consents. */
export const mayFollowUpRefusals = (caller: Caller) => may(caller, "privacy.readRefusals");

/** Staff reads of a child's record are logged; a family reading its own child's record is not. */
export const readIsLogged = (caller: Caller) => !isFamily(caller);

export function assert(allowed: boolean) {
  if (!allowed) throw forbidden();
}

/** A parent's own child, else "not found" (another family's child is not there for them). */
export function assertOwnChild(scope: Scope, childId: string) {
  if (!(scope.childIds ?? []).includes(childId)) throw notFound("Child");
}
