import type { Caller } from "../../auth/caller.ts";

/** A link request is answered only by the account it was made for (no one else may see it). */
export function mayAnswerLinkRequest(caller: Caller, request: { userId: string }): boolean {
  return caller.role === "parent" && request.userId === caller.userId;
}
