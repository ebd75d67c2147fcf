import { and, inArray, lt, or } from "drizzle-orm";
import { createAttemptCounter } from "../auth/attempts.ts";
import { pruneOneTimeCodes } from "../auth/one-time-codes.ts";
import { pruneEndedSessions } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox, passwordResets } from "../db/schema/account.ts";
import type { Clock } from "../lib/clock.ts";
import { pruneIdempotencyKeys } from "../lib/idempotency.ts";
import { pruneAccessLog } from "../modules/privacy/access-log.ts";
import { pruneFailedPushes } from "../modules/push/queue.ts";
import { JOB_LOCKS, runExclusive } from "./lock.ts";

const DAY = 86_400_000;
/** Ended sessions and finished reset challenges are kept this long (for support questions). */
const KEEP_ENDED_DAYS = 30;
/** Delivered or failed mail is kept this long in the outbox. */
const KEEP_MAIL_DAYS = 90;

/**
 * Deletes short-lived rows that have served their purpose: sessions that ended (with their spent
 * refresh tokens), quiet attempt counters, finished or expired reset challenges and one-time
 * codes, old mail, pushes that failed for good (after 30 days), idempotency keys after a week
 * and access-log entries older than a year.
 * One instance at a time (advisory lock).
 */
export async function runPrune(db: Database, clock: Clock) {
  const outcome = await runExclusive(db, JOB_LOCKS.pruneShortLivedRows, async (tx) => {
    const now = clock.now().getTime();
    const endedBefore = new Date(now - KEEP_ENDED_DAYS * DAY);
    const sessions = await pruneEndedSessions(tx, endedBefore);
    const counters = await createAttemptCounter({ db: tx, clock }).prune();
    const resets = await tx
      .delete(passwordResets)
      .where(
        or(
          lt(passwordResets.expiresAt, endedBefore),
          lt(passwordResets.usedAt, endedBefore),
          lt(passwordResets.supersededAt, endedBefore),
        ),
      )
      .returning({ id: passwordResets.id });
    const codes = await pruneOneTimeCodes(tx, endedBefore);
    const mail = await tx
      .delete(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.status, ["sent", "logged", "failed"]),
          lt(mailOutbox.createdAt, new Date(now - KEEP_MAIL_DAYS * DAY)),
        ),
      )
      .returning({ id: mailOutbox.id });
    const accessLog = await pruneAccessLog(tx, clock.now());
    const pushes = await pruneFailedPushes(tx, endedBefore);
    const idempotencyKeys = await pruneIdempotencyKeys(tx, clock.now());
    return { sessions, counters, resets: resets.length, codes, mail: mail.length, accessLog, pushes, idempotencyKeys };
  });
  return outcome ? { ran: true as const, ...outcome.result } : { ran: false as const };
}
