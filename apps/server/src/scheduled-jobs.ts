import type { Database } from "./db/client.ts";
import type { FileStore } from "./files/store.ts";
import { type AreaPrune, runPrune } from "./jobs/prune.ts";
import type { ScheduledJob } from "./jobs/scheduler.ts";
import type { Clock } from "./lib/clock.ts";
import type { OutgoingMail } from "./mail/mailer.ts";
import { runMarkOverdue } from "./modules/billing/overdue-job.ts";
import { runCentreKpis } from "./modules/center-director/kpis.ts";
import { runDailyDigest } from "./modules/child-day/digest.ts";
import { runAutoResume } from "./modules/children/auto-resume.ts";
import { runUnreadReminders } from "./modules/communication/reminders.ts";
import { runRetention } from "./modules/data-requests/retention.ts";
import { type QueueMail, runFeeReminders } from "./modules/fee-collection/reminders.ts";
import { runReviewReminders } from "./modules/incidents/review-reminders.ts";
import { pruneAccessLog } from "./modules/privacy/access-log.ts";
import type { PushQueue } from "./modules/push/area.ts";
import { pruneFailedPushes } from "./modules/push/queue.ts";
import type { RealtimePublisher } from "./realtime/publisher.ts";

/** The areas' rows the hourly prune deletes beside sign-in's own: pushes failed for good, the access log after a year. */
export const AREA_PRUNES = {
  pushes: (tx, { endedBefore }) => pruneFailedPushes(tx, endedBefore),
  accessLog: (tx, { now }) => pruneAccessLog(tx, now),
} satisfies Record<string, AreaPrune>;

/** The areas' scheduled jobs, composed here so that the scheduler itself imports no area. */
export function scheduledJobs({
  db,
  clock,
  mail,
  queueMail,
  realtime,
  files,
  push,
}: {
  db: Database;
  clock: Clock;
  mail: (message: OutgoingMail) => Promise<void>;
  /** Queues a message on a job's own transaction (written with its claim, or not at all). */
  queueMail: QueueMail;
  realtime: RealtimePublisher;
  files: FileStore;
  push: Pick<PushQueue, "toFamilies">;
}): ScheduledJob[] {
  const job = <T>(
    spec: Omit<ScheduledJob, "run" | "done"> & { run: () => Promise<T>; done: (outcome: T) => string | null },
  ) => spec as ScheduledJob;
  return [
    // Each centre's evening digest, from its chosen hour; every 5 minutes, so a centre's hour is met.
    job({
      name: "child-day-digest",
      pattern: "*/5 * * * *",
      run: () => runDailyDigest(db, clock, mail),
      done: (outcome) => (outcome.mailed > 0 ? "daily digests mailed" : null),
      failed: "daily digests failed",
    }),
    // Parents with messages unread past their centre's hours get one e-mail about them, every 5 minutes.
    job({
      name: "unread-message-reminders",
      pattern: "*/5 * * * *",
      run: () => runUnreadReminders(db, clock, mail),
      done: (outcome) => (outcome.mailed > 0 ? "unread-message reminders mailed" : null),
      failed: "unread-message reminders failed",
    }),
    // Incident reports waiting for review past the reminder time: their centre's managers are told once.
    job({
      name: "incident-review-reminders",
      pattern: "*/5 * * * *",
      run: () => runReviewReminders(db, clock, { mail, realtime }),
      done: (outcome) => (outcome.reminded > 0 ? "managers reminded of incident reports awaiting review" : null),
      failed: "incident review reminders failed",
    }),
    // Pauses that end today in their centre's time zone are resumed; every 15 minutes (and at start),
    // so a centre's midnight is never missed by more than a quarter of an hour, whatever its time zone.
    job({
      name: "resume-expired-pauses",
      pattern: "*/15 * * * *",
      run: () => runAutoResume(db, clock),
      done: (outcome) => (outcome.resumed > 0 ? "paused students resumed on their end date" : null),
      failed: "automatic resume of paused students failed",
      atStart: true,
    }),
    // Invoices past their due date (in their centre's time zone) become Overdue, every 15 minutes.
    job({
      name: "overdue-invoices",
      pattern: "*/15 * * * *",
      run: () => runMarkOverdue(db, clock, push),
      done: (outcome) => (outcome.overdue > 0 ? "invoices marked overdue" : null),
      failed: "marking overdue invoices failed",
      atStart: true,
    }),
    // Fee reminders (due in 3 days, due today, 7 days overdue), each once; every 15 minutes, so a
    // centre's morning is met whatever its time zone.
    job({
      name: "fee-reminders",
      pattern: "*/15 * * * *",
      run: () => runFeeReminders(db, clock, { queueMail, push }),
      done: (outcome) => (outcome.invoices > 0 ? "fee reminders sent" : null),
      failed: "fee reminders failed",
    }),
    // Ended sessions, quiet attempt counters, old reset challenges and old mail, hourly.
    job({
      name: "prune-short-lived-rows",
      pattern: "7 * * * *",
      run: () => runPrune(db, clock, AREA_PRUNES),
      done: (outcome) => (outcome.ran ? "short-lived rows pruned" : null),
      failed: "pruning short-lived rows failed",
    }),
    // Each centre's KPIs for today, hourly, so that the day's row ends as that day's history.
    job({
      name: "centre-kpis",
      pattern: "17 * * * *",
      run: () => runCentreKpis(db, clock, realtime),
      done: (outcome) => (outcome.ran ? "centre KPIs measured" : null),
      failed: "measuring centre KPIs failed",
    }),
    // Records of children who left, past their centre's retention (only where switched on), daily.
    job({
      name: "data-retention",
      pattern: "41 2 * * *",
      run: () => runRetention(db, clock, files),
      done: (outcome) => (outcome.erased.length + outcome.named.length > 0 ? "retention applied" : null),
      failed: "retention of children's records failed",
    }),
  ];
}
