import { and, inArray, lt, or } from "drizzle-orm";
import { createAttemptCounter } from "../auth/attempts.ts";
import { pruneOneTimeCodes } from "../auth/one-time-codes.ts";
import { pruneEndedSessions } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox, passwordResets } from "../db/schema/account.ts";
import type { Clock } from "../lib/clock.ts";
import { pruneIdempotencyKeys } from "../lib/idempotency.ts";
import { JOB_LOCKS, runExclusive } from "./lock.ts";

const DAY = 86_400_000;
/** Ended sessions and finished reset challenges are kept this long (for support questions). */
const KEEP_ENDED_DAYS = 30;
/** Delivered or failed mail is kept this long in the outbox. */
const KEEP_MAIL_DAYS = 90;

/**
 * An area's own short-lived rows, deleted in the same run: given the time now and the end of the
 * 30 days ended rows are kept, it answers how many rows went.
 */
export type AreaPrune = (tx: Database, times: { now: Date; endedBefore: Date }) => Promise<number>;

/**
 * Deletes short-lived rows that have served their purpose: sessions that ended (with their spent
 * refresh tokens), quiet attempt counters, finished or expired reset challenges and one-time
 * codes, old mail, idempotency keys after a week, and the areas' own (`areas`, composed by
 * scheduled-jobs.ts: failed pushes, the access log).
 * One instance at a time (advisory lock).
 */
export async function runPrune<Area extends string>(db: Database, clock: Clock, areas: Record<Area, AreaPrune>) {
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
    const idempotencyKeys = await pruneIdempotencyKeys(tx, clock.now());
    const fromAreas = {} as Record<Area, number>;
    for (const [area, prune] of Object.entries(areas) as [Area, AreaPrune][])
      fromAreas[area] = await prune(tx, { now: clock.now(), endedBefore });
    return { sessions, counters, resets: resets.length, codes, mail: mail.length, idempotencyKeys, ...fromAreas };
  });
  return outcome ? { ran: true as const, ...outcome.result } : { ran: false as const };
}
