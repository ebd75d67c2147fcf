import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { OutgoingMail } from "../mail/mailer.ts";
import { runMarkOverdue } from "../modules/billing/overdue-job.ts";
import { createEnrollmentService } from "../modules/children/enrollment.ts";
import { runUnreadReminders } from "../modules/communication/reminders.ts";
import { JOB_LOCKS, runExclusive } from "./lock.ts";
import { runPrune } from "./prune.ts";

/** The automatic resume of pauses whose end date has come, run by one instance at a time. */
export async function runAutoResume(db: Database, clock: Clock) {
  const outcome = await runExclusive(db, JOB_LOCKS.resumeExpiredPauses, (tx) =>
    createEnrollmentService({ db: tx, clock }).resumeExpiredPauses(clock.now()),
  );
  return outcome ? { ran: true as const, resumed: outcome.result.length } : { ran: false as const, resumed: 0 };
}

/**
 * Starts the in-process schedule. Every 15 minutes (and once at start) pauses that end today in
 * their centre's time zone are resumed; running often means a centre's midnight is never missed
 * by more than a quarter of an hour, whatever its time zone.
 */
export function startScheduler({
  db,
  clock,
  log,
  mail,
}: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: (message: OutgoingMail) => Promise<void>;
}) {
  const autoResume = async () => {
    try {
      const outcome = await runAutoResume(db, clock);
      if (outcome.resumed > 0) log.info(outcome, "paused students resumed on their end date");
    } catch (error) {
      log.error({ err: error }, "automatic resume of paused students failed");
    }
  };
  // Invoices past their due date (in their centre's time zone) become Overdue, on the same cadence.
  const overdue = async () => {
    try {
      const outcome = await runMarkOverdue(db, clock);
      if (outcome.overdue > 0) log.info(outcome, "invoices marked overdue");
    } catch (error) {
      log.error({ err: error }, "marking overdue invoices failed");
    }
  };
  // Ended sessions, quiet attempt counters, old reset challenges and old mail, hourly.
  const prune = async () => {
    try {
      const outcome = await runPrune(db, clock);
      if (outcome.ran) log.info(outcome, "short-lived rows pruned");
    } catch (error) {
      log.error({ err: error }, "pruning short-lived rows failed");
    }
  };
  // Parents with messages unread past their centre's hours get one e-mail about them, every 5 minutes.
  const reminders = async () => {
    try {
      const outcome = await runUnreadReminders(db, clock, mail);
      if (outcome.mailed > 0) log.info(outcome, "unread-message reminders mailed");
    } catch (error) {
      log.error({ err: error }, "unread-message reminders failed");
    }
  };
  const jobs = [
    new Cron("*/5 * * * *", { protect: true, name: "unread-message-reminders" }, reminders),
    new Cron("*/15 * * * *", { protect: true, name: "resume-expired-pauses" }, autoResume),
    new Cron("*/15 * * * *", { protect: true, name: "overdue-invoices" }, overdue),
    new Cron("7 * * * *", { protect: true, name: "prune-short-lived-rows" }, prune),
  ];
  void autoResume();
  void overdue();
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
