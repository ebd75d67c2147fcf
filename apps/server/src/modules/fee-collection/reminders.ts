import { english } from "@sprout/shared/i18n/english";
import type { Language } from "@sprout/shared/i18n/languages";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import type { REMINDER_KINDS } from "../../db/schema/fee-collection.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import type { PushQueue } from "../push/area.ts";

export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Queues a message on the caller's transaction (the mailer's `send(mail, tx)`). */
export type QueueMail = (tx: Database, message: OutgoingMail) => Promise<void>;

interface Claimed {
  invoice_id: string;
  kind: ReminderKind;
  student_id: string;
  first_name: string;
  invoice_number: string;
  due_date: string;
  outstanding_paise: string | number;
}

interface Reader {
  student_id: string;
  email: string;
  full_name: string;
  language: Language | null;
}

/**
 * Fee reminders (issue 35, point 8): an unpaid invoice due in 3 days, due today, and 7 days overdue
 * (in its centre's time zone) sends the child's parents one e-mail each, in their language, and a
 * push where they allowed billing notifications.
 *
 * Each reminder is claimed by inserting (invoice, kind) into invoice_reminders, `on conflict do
 * nothing`, in the same transaction that queues its mail and push: whichever instance runs the job
 * and however often, a reminder goes once, and a rolled-back run sends nothing. The windows are a
 * few days wide so that a server that was down on the day still reminds the next run, but a
 * reminder is never sent for a day already past its kind (a "due in 3 days" on the due date).
 *
 * This replaces the overdue job's "due soon" push (invoices.due_soon_pushed_at): the due-in-3-days
 * and due-today reminders carry that push, so a parent is not told twice, and a centre that turns
 * reminders off stops both.
 */
export async function runFeeReminders(
  db: Database,
  clock: Clock,
  deps: { queueMail: QueueMail; push?: Pick<PushQueue, "toFamilies"> },
) {
  const now = clock.now().toISOString();
  const outcome = await runExclusive(db, JOB_LOCKS.feeReminders, async (tx) => {
    const claimed = rowsOf<Claimed>(
      await tx.execute(sql`
        with due as (
          select i.id, i.student_id, i.invoice_number, i.due_date,
                 i.total_paise - i.paid_paise - i.credited_paise as outstanding_paise,
                 case
                   when i.due_date between t.today + 1 and t.today + 3 and i.issue_date < t.today then 'due_in_3_days'
                   when i.due_date = t.today then 'due_today'
                   when i.due_date between t.today - 10 and t.today - 7 then 'overdue_7_days'
                 end as kind
          from invoices i
            join centers c on c.id = i.center_id
            left join center_collection_settings s on s.center_id = i.center_id
            cross join lateral (select (${now}::timestamptz at time zone c.time_zone)::date as today) t
          where i.status in ('Pending', 'Overdue')
            and i.total_paise - i.paid_paise - i.credited_paise > 0
            and coalesce(s.reminders_enabled, true)
            and i.due_date between t.today - 10 and t.today + 3
        ),
        claimed as (
          insert into invoice_reminders (invoice_id, kind, sent_at)
          select id, kind, ${now}::timestamptz from due where kind is not null
          on conflict do nothing
          returning invoice_id, kind
        )
        select c.invoice_id, c.kind, d.student_id, st.first_name, d.invoice_number, d.due_date::text as due_date,
               d.outstanding_paise
        from claimed c join due d on d.id = c.invoice_id join students st on st.id = d.student_id
        order by d.due_date, d.invoice_number`),
    );
    if (claimed.length === 0) return { invoices: 0, mailed: 0, pushed: 0 };
    const childIds = [...new Set(claimed.map((row) => row.student_id))];
    const readers = rowsOf<Reader>(
      await tx.execute(sql`
        select distinct sg.student_id, u.email, u.full_name, u.language
        from student_guardians sg
          join guardians g on g.id = sg.guardian_id
          join users u on u.id = g.user_id
        where sg.student_id = any(${`{${childIds.join(",")}}`}::uuid[]) and u.is_active`),
    );
    let mailed = 0;
    for (const reminder of claimed)
      for (const reader of readers.filter((each) => each.student_id === reminder.student_id)) {
        await deps.queueMail(tx, reminderMail(reader, reminder));
        mailed++;
      }
    // One push per child and kind (two invoices due the same day are one line on the phone).
    let pushed = 0;
    for (const kind of ["due_in_3_days", "due_today", "overdue_7_days"] as const) {
      const children = [...new Set(claimed.filter((row) => row.kind === kind).map((row) => row.student_id))];
      pushed +=
        (await deps.push?.toFamilies(tx, children, "billing", (child) => ({
          title: english("pushText.feeReminderTitle", { name: child.firstName, kind }),
          body: english("pushText.feeReminderBody"),
          url: "/billing",
          kind: `invoice_${kind}`,
          tag: `invoice:${child.id}`,
        }))) ?? 0;
    }
    return { invoices: claimed.length, mailed, pushed };
  });
  return outcome
    ? { ran: true as const, ...outcome.result }
    : { ran: false as const, invoices: 0, mailed: 0, pushed: 0 };
}

/** The parent's e-mail: the child's first name, the invoice's number, due date and what is left to pay. */
function reminderMail(reader: Reader, reminder: Claimed): OutgoingMail {
  const { say, intl } = mailWords(reader.language);
  const outstanding = Number(reminder.outstanding_paise) / 100;
  const values = {
    name: reader.full_name,
    child: reminder.first_name,
    invoice: reminder.invoice_number,
    kind: reminder.kind,
    due: intl.formatDate(new Date(`${reminder.due_date}T00:00:00Z`), { dateStyle: "long", timeZone: "UTC" }),
    amount: intl.formatNumber(outstanding, { style: "currency", currency: "INR" }),
  };
  return {
    to: reader.email,
    subject: say("mail.feeReminder.subject", values),
    text: say("mail.feeReminder.body", values),
  };
}
