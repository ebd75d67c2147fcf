import type { Role } from "@sprout/shared/roles";
import type { Caller, Scope } from "../../auth/caller.ts";
import { forbidden, notFound } from "../../lib/errors.ts";

/** Every "may this caller" decision about notices, consents and the access log (issue 19). */

/** The owner writes the organisation's notice; the super admin may configure it too. */
export const NOTICE_EDITORS: readonly Role[] = ["super_admin", "owner"];
/** Centre leaders read their centres' access log (scope keeps each to their own organisation's centres). */
export const CENTRE_LOG_READERS: readonly Role[] = ["super_admin", "owner", "center_director"];
export const FAMILY: readonly Role[] = ["parent"];
/** The requests desk (the director for their centre, the owner for theirs) follows up refused consents. */
export const REFUSAL_DESK: readonly Role[] = ["owner", "center_director"];

export const mayEditNotice = (caller: Caller) => NOTICE_EDITORS.includes(caller.role);
export const mayReadCentreLog = (caller: Caller) => CENTRE_LOG_READERS.includes(caller.role);
export const isFamily = (caller: Caller) => FAMILY.includes(caller.role);
export const mayFollowUpRefusals = (caller: Caller) => REFUSAL_DESK.includes(caller.role);

/** Staff reads of a child's record are logged; a family reading its own child's record is not. */
export const readIsLogged = (caller: Caller) => !isFamily(caller);

export function assert(allowed: boolean) {
  if (!allowed) throw forbidden();
}

/** A parent's own child, else "not found" (another family's child is not there for them). */
export function assertOwnChild(scope: Scope, childId: string) {
  if (!(scope.childIds ?? []).includes(childId)) throw notFound("Child");
}
