import { hasFeature } from "@sprout/shared/roles";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about announcements, messages and feedback. */

/** spec 1, section 6: "Announcements can be posted only by teachers." */
export const mayPostAnnouncements = (caller: Caller) => caller.role === "teacher";

/** Staff who look after classrooms read any announcement of their centres (read-only). */
export const readsCentreAnnouncements = (caller: Caller) => hasFeature(caller.role, "classroom_management");

/** The two parties of a thread write in it; nobody else does. */
export const isMessagingParty = (caller: Caller) => caller.role === "teacher" || caller.role === "parent";

/**
 * Leadership with "messaging oversight" reads every thread of their centres and writes in none:
 * no conversation between staff and a family is unmonitored (a safeguarding practice).
 */
export const oversees = (caller: Caller) => !isMessagingParty(caller) && hasFeature(caller.role, "messaging_oversight");

/** Leadership with "parent feedback" reads and answers their centres' feedback. */
export const answersFeedback = (caller: Caller) => hasFeature(caller.role, "parent_feedback");

/** The communication desk (owner, director) sends notices to their centres' families. */
export const mayPublishNotices = (caller: Caller) => hasFeature(caller.role, "parent_communication");

export function assertMayPost(caller: Caller) {
  if (!mayPostAnnouncements(caller)) throw forbidden("Announcements can be posted only by teachers");
}

export function assertParty(caller: Caller) {
  if (!isMessagingParty(caller)) throw forbidden("Conversations are read-only for the centre's leadership");
}
