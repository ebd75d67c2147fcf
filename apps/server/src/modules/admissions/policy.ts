import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";

/** A link request is answered only by the account it was made for (no one else may see it). */
export function mayAnswerLinkRequest(caller: Caller, request: { userId: string }): boolean {
  return may(caller, "parentLinks.answer") && request.userId === caller.userId;
}

/**
 * An existing account a new child's parent can be linked to: a parent sign-in (one that may
 * answer a link request) of the caller's organisation. Any other account is told it cannot be.
 */
export const mayBeAskedToLink = (caller: Caller, account: { role: Caller["role"]; organisationId: string }) =>
  may(account, "parentLinks.answer") && account.organisationId === caller.organisationId;
