import { english } from "@sprout/shared/i18n/english";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import { forbidden } from "../../lib/errors.ts";

/** Every "may this caller do this" decision about announcements, messages and feedback. */

/** spec 1, section 6: "Announcements can be posted only by teachers." */
export const mayPostAnnouncements = (caller: Caller) => may(caller, "announcements.post");

/** Staff who look after classrooms read any announcement of their centres (read-only). */
export const readsCentreAnnouncements = (caller: Caller) => may(caller, "announcements.readCentre");

/** The two parties of a thread write in it; nobody else does. */
export const isMessagingParty = (caller: Caller) => may(caller, "messages.send");

/** The teacher's side of a thread: she writes to the families of her classrooms. */
export const writesToFamilies = (caller: Caller) => may(caller, "messages.listFamilies");

/** The family's side of a thread: a parent writes to their children's teachers. */
export const writesToTeachers = (caller: Caller) => may(caller, "messages.listContacts");

/**
 * Leadership with "messaging oversight" reads every thread of their centres and writes in none:
 * no conversation between staff and a family is unmonitored (a safeguarding practice).
 */
export const oversees = (caller: Caller) => may(caller, "messages.oversee");

/** Leadership with "parent feedback" reads and answers their centres' feedback. */
export const answersFeedback = (caller: Caller) => may(caller, "feedback.respond");

/** A parent gives feedback and reads their own. */
export const givesFeedback = (caller: Caller) => may(caller, "feedback.give");

/** The communication desk (owner, director) sends notices to their centres' families. */
export const mayPublishNotices = (caller: Caller) => may(caller, "notices.send");

export function assertMayPost(caller: Caller) {
  if (!mayPostAnnouncements(caller)) throw forbidden(english("server.announcementsTeachersOnly"));
}

export function assertParty(caller: Caller) {
  if (!isMessagingParty(caller)) throw forbidden(english("server.conversationsReadOnly"));
}
