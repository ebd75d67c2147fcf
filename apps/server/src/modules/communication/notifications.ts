import { english } from "@sprout/shared/i18n/english";
import { DEFAULT_LANGUAGE, type Language } from "@sprout/shared/i18n/languages";
import { messageOf } from "@sprout/shared/i18n/translate";
import {
  NOTIFICATION_LIST_MAX,
  type NotificationKind,
  type NotificationList,
} from "@sprout/shared/schemas/communication";
import type { NotificationPreferenceKind } from "@sprout/shared/schemas/push";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { notifications } from "../../db/schema/communication.ts";
import { afterCommit } from "../../db/transaction.ts";
import { translatorFor } from "../../i18n/answers.ts";
import { intlFor } from "../../i18n/intl.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { PushQueue } from "../push/area.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  /** Each bell line is also pushed to its user's devices, unless they turned its kind off. */
  push?: Pick<PushQueue, "toUsers">;
}

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /**
   * The push's title when the bell's names more than the push may (a notice's own title, a
   * message's text): who and what, never the content. Unset: the kind's own words below.
   */
  pushTitle?: string;
}

/** Which choice of the person's preferences turns each bell kind's push off. */
const PUSH_PREFERENCE: Record<NotificationKind, NotificationPreferenceKind> = {
  message: "messages",
  feedback_response: "messages",
  announcement: "announcements",
  notice: "announcements",
  policy: "announcements",
  budget: "announcements",
  incident: "health_and_incidents",
  progress_card: "announcements",
};

/** A push names the kind; the content stays behind the sign-in (a lock screen is not private). */

const EXCERPT = 140;
/** A bell line shows the start of a long text, not all of it. */
export const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/** Arguments of a bell line that are catalogue English themselves: a report's type, "a member of staff". */
const SAID_TOO = new Set(["type", "reporter"]);

/**
 * A stored bell line (catalogue English, `bell.*`) in the reader's language. Only the bell's own
 * messages are read back: a notice's title or a message's text is the writer's, and stays so.
 */
function bellLineIn(language: Language): (text: string) => string {
  if (language === "en") return (text) => text;
  const intl = intlFor(language);
  const translate = translatorFor(language);
  return (text) => {
    const message = messageOf(text);
    if (!message?.id.startsWith("bell.")) return text;
    const values = Object.fromEntries(
      Object.entries(message.values).map(([name, value]) => [
        name,
        SAID_TOO.has(name) && typeof value === "string" ? translate(value) : value,
      ]),
    );
    return intl.formatMessage({ id: message.id }, values);
  };
}

/** The bell: one stored line per user per event, so "unread" is simply read_at is null. */
export function createNotificationsService({ db, clock, realtime, push }: Deps) {
  return {
    /**
     * Writes one line for each user and tells their open pages: at once without `tx`, else once
     * `tx` (opened with db/transaction.ts) commits. The event names the line; the bell refetches.
     */
    async notify(userIds: readonly string[], item: NewNotification, tx: Database = db) {
      if (userIds.length === 0) return;
      const createdAt = clock.now();
      const rows = await tx
        .insert(notifications)
        .values(userIds.map((userId) => ({ userId, ...item, createdAt })))
        .returning({ id: notifications.id, userId: notifications.userId });
      // On the same transaction: a rolled-back change pushes nothing.
      await push?.toUsers(tx, userIds, PUSH_PREFERENCE[item.kind], {
        title: item.pushTitle ?? english("pushText.kindTitle", { kind: item.kind }),
        body: english("pushText.readIt"),
        url: item.link,
        kind: item.kind,
      });
      afterCommit(tx, db, () => {
        for (const row of rows) realtime.toUsers([row.userId], "notification", { id: row.id, kind: item.kind });
      });
    },

    /** The caller's latest lines, newest first, and how many are unread, in the caller's language. */
    async list(
      caller: Caller,
      language: Language = caller.user.language ?? DEFAULT_LANGUAGE,
    ): Promise<NotificationList> {
      const say = bellLineIn(language);
      const mine = eq(notifications.userId, caller.userId);
      const [rows, [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(NOTIFICATION_LIST_MAX),
        db
          .select({ total: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
      ]);
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          title: say(row.title),
          body: say(row.body),
          link: row.link,
          created_at: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
        unread: unread?.total ?? 0,
      };
    },

    /** Opening the bell reads everything in it. */
    async markAllRead(caller: Caller) {
      const marked = await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(eq(notifications.userId, caller.userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return { marked: marked.length };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
