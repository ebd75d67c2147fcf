import type { Language } from "@sprout/shared/i18n/languages";
import { REMINDER_HOURS_DEFAULT, type ReminderSettingInput } from "@sprout/shared/schemas/communication";
import { sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { communicationSettings, messages, messageThreads } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import { digestAllowed } from "../privacy/consent-store.ts";
import { answersFeedback } from "./policy.ts";

/** The centre's reminder setting, read and changed by its leadership. */
export function createRemindersService({ db }: { db: Database }) {
  async function assertCentre(caller: Caller, centerId: string) {
    if (!answersFeedback(caller) || !(await caller.scope()).centerIds.includes(centerId)) throw notFound("Centre");
  }
  return {
    async get(caller: Caller, centerId: string) {
      await assertCentre(caller, centerId);
      const [row] = await db
        .select({ hours: communicationSettings.unreadReminderHours })
        .from(communicationSettings)
        .where(sql`${communicationSettings.centerId} = ${centerId}`);
      return { center_id: centerId, unread_reminder_hours: row?.hours ?? REMINDER_HOURS_DEFAULT };
    },
    async set(caller: Caller, input: ReminderSettingInput) {
      await assertCentre(caller, input.center_id);
      await db
        .insert(communicationSettings)
        .values({ centerId: input.center_id, unreadReminderHours: input.unread_reminder_hours })
        .onConflictDoUpdate({
          target: communicationSettings.centerId,
          set: { unreadReminderHours: input.unread_reminder_hours },
        });
      return input;
    },
  };
}

interface Due {
  email: string;
  language: Language | null;
  full_name: string;
  sender: string;
  content: string;
}

/**
 * Parents with messages still unread after their centre's hours get one e-mail listing them,
 * unless the family refused message e-mails for the child the conversation is about.
 * Each message is claimed (reminded_at set) in the same statement that selects it, under the job's
 * advisory lock, so no message is ever mailed about twice, whichever instance runs the job.
 */
export async function runUnreadReminders(db: Database, clock: Clock, mail: (message: OutgoingMail) => Promise<void>) {
  const now = clock.now();
  const outcome = await runExclusive(db, JOB_LOCKS.unreadMessageReminders, async (tx) =>
    rowsOf<Due>(
      await tx.execute(sql`
        with claimed as (
          update ${messages} m set reminded_at = ${now}
          from ${messageThreads} t
          left join ${communicationSettings} s on s.center_id = t.center_id
          where t.id = m.thread_id
            and m.recipient_id = t.parent_id
            and m.is_read = false
            and m.reminded_at is null
            and m.sent_at <= ${now}::timestamptz - make_interval(hours => coalesce(s.unread_reminder_hours, ${REMINDER_HOURS_DEFAULT}))
            and ${digestAllowed(sql`t.child_id`)}
          returning m.recipient_id, m.sender_id, m.content, m.sent_at
        )
        select r.email, r.language, r.full_name, w.full_name as sender, c.content
        from claimed c
        join ${users} r on r.id = c.recipient_id
        join ${users} w on w.id = c.sender_id
        where r.is_active
        order by r.email, c.sent_at`),
    ),
  );
  if (!outcome) return { ran: false as const, mailed: 0 };
  const byRecipient = new Map<string, Due[]>();
  for (const row of outcome.result) byRecipient.set(row.email, [...(byRecipient.get(row.email) ?? []), row]);
  for (const [email, rows] of byRecipient) {
    const lines = rows.map((row) => `${row.sender}: ${row.content}`).join("\n\n");
    const { say } = mailWords(rows[0]!.language);
    await mail({
      to: email,
      subject: say("mail.unreadMessages.subject", { count: rows.length }),
      text: say("mail.unreadMessages.body", { name: rows[0]!.full_name, lines }),
    });
  }
  return { ran: true as const, mailed: byRecipient.size };
}
