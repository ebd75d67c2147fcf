import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import { notFound } from "../../lib/errors.ts";

/** Every "may this caller" decision about data exports, requests and retention (issue 19). */

/** The requests desk: the director for their centre, the owner for the centres they own. */
export const isDesk = (caller: Caller) => may(caller, "dataRequests.answer");

/** A child that is not the parent's own is not there for them. */
export function assertOwnChild(scope: Scope, studentId: string) {
  if (!scope.childIds?.includes(studentId)) throw notFound("Child");
}

/** Another centre's record is not there for this caller. */
export function assertCentre(scope: Scope, centerId: string, what: string) {
  if (!scope.centerIds.includes(centerId)) throw notFound(what);
}

/** A parent's export or request is theirs alone: anyone else's is not there for them. */
export function assertRequester(caller: Caller, requestedBy: string, what: string) {
  if (requestedBy !== caller.userId) throw notFound(what);
}
