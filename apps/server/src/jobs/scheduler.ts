import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { FileStore } from "../files/store.ts";
import type { Clock } from "../lib/clock.ts";
import type { OutgoingMail } from "../mail/mailer.ts";
import { runMarkOverdue } from "../modules/billing/overdue-job.ts";
import { runCentreKpis } from "../modules/center-director/kpis.ts";
import { runDailyDigest } from "../modules/child-day/digest.ts";
import { createEnrollmentService } from "../modules/children/enrollment.ts";
import { runUnreadReminders } from "../modules/communication/reminders.ts";
import { runRetention } from "../modules/data-requests/retention.ts";
import { runReviewReminders } from "../modules/incidents/review-reminders.ts";
import type { PushQueue } from "../modules/push/area.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
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
  realtime,
  files,
  push,
}: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: (message: OutgoingMail) => Promise<void>;
  realtime: RealtimePublisher;
  files: FileStore;
  push: Pick<PushQueue, "toFamilies">;
}) {
  const autoResume = async () => {
    try {
      const outcome = await runAutoResume(db, clock);
      if (outcome.resumed > 0) log.info(outcome, "paused students resumed on their end date");
    } catch (error) {
      log.error({ err: error }, "automatic resume of paused students failed");
    }
  };
  // Invoices past their due date (in their centre's time zone) become Overdue, and families of
  // invoices due within days are told, on the same cadence.
  const overdue = async () => {
    try {
      const outcome = await runMarkOverdue(db, clock, push);
      if (outcome.overdue + outcome.dueSoon > 0) log.info(outcome, "invoices marked overdue or due soon");
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
  // Each centre's evening digest, from its chosen hour; every 5 minutes, so a centre's hour is met.
  const digest = async () => {
    try {
      const outcome = await runDailyDigest(db, clock, mail);
      if (outcome.mailed > 0) log.info(outcome, "daily digests mailed");
    } catch (error) {
      log.error({ err: error }, "daily digests failed");
    }
  };
  // Each centre's KPIs for today, hourly, so that the day's row ends as that day's history.
  const kpis = async () => {
    try {
      const outcome = await runCentreKpis(db, clock, realtime);
      if (outcome.ran) log.info(outcome, "centre KPIs measured");
    } catch (error) {
      log.error({ err: error }, "measuring centre KPIs failed");
    }
  };
  // Records of children who left, past their centre's retention (only where switched on), daily.
  const retention = async () => {
    try {
      const outcome = await runRetention(db, clock, files);
      if (outcome.erased.length + outcome.named.length > 0) log.info(outcome, "retention applied");
    } catch (error) {
      log.error({ err: error }, "retention of children's records failed");
    }
  };
  // Incident reports waiting for review past the reminder time: their centre's managers are told once.
  const reviewReminders = async () => {
    try {
      const outcome = await runReviewReminders(db, clock, { mail, realtime });
      if (outcome.reminded > 0) log.info(outcome, "managers reminded of incident reports awaiting review");
    } catch (error) {
      log.error({ err: error }, "incident review reminders failed");
    }
  };
  const jobs = [
    new Cron("*/5 * * * *", { protect: true, name: "child-day-digest" }, digest),
    new Cron("*/5 * * * *", { protect: true, name: "unread-message-reminders" }, reminders),
    new Cron("*/5 * * * *", { protect: true, name: "incident-review-reminders" }, reviewReminders),
    new Cron("*/15 * * * *", { protect: true, name: "resume-expired-pauses" }, autoResume),
    new Cron("*/15 * * * *", { protect: true, name: "overdue-invoices" }, overdue),
    new Cron("7 * * * *", { protect: true, name: "prune-short-lived-rows" }, prune),
    new Cron("17 * * * *", { protect: true, name: "centre-kpis" }, kpis),
    new Cron("41 2 * * *", { protect: true, name: "data-retention" }, retention),
  ];
  void autoResume();
  void overdue();
  return {
    stop() {
      for (const job of jobs) job.stop();
    },
  };
}
