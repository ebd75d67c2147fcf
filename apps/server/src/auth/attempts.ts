import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { authCounters } from "../db/schema/account.ts";
import type { Clock } from "../lib/clock.ts";

/**
 * How attempts of one kind are limited. After `free` attempts the subject is blocked for
 * `baseSeconds * growth^(n - free)` seconds (capped) from its n-th attempt; a subject quiet for
 * `idleSeconds` starts again from zero.
 */
export interface AttemptPolicy {
  free: number;
  baseSeconds: number;
  growth: number;
  capSeconds: number;
  idleSeconds: number;
}

export type Reservation = { allowed: true; count: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts attempts in the database with one atomic upsert per attempt, so that forty concurrent
 * guesses on any number of instances get forty different numbers and the limit holds. An attempt
 * is reserved before the secret is checked; a success clears the count.
 */
export function createAttemptCounter({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async reserve(kind: string, subject: string, policy: AttemptPolicy): Promise<Reservation> {
      const now = clock.now();
      const idleSince = new Date(now.getTime() - policy.idleSeconds * 1000);
      // The count this attempt makes: 1 after a quiet spell, else one more than before.
      const next = sql`(case when ${authCounters.updatedAt} <= ${idleSince} then 1 else ${authCounters.count} + 1 end)`;
      const blockFor = (count: unknown) =>
        sql`case when ${count} >= ${policy.free} then ${now}::timestamptz + make_interval(secs => least(${policy.capSeconds}::float8, ${policy.baseSeconds}::float8 * power(${policy.growth}::float8, ${count} - ${policy.free}))) end`;
      const result = await db.execute(sql`
        insert into ${authCounters} (kind, subject, count, blocked_until, updated_at)
        values (${kind}, ${subject}, 1, ${blockFor(sql`1`)}, ${now})
        on conflict (kind, subject) do update set
          count = ${next},
          blocked_until = ${blockFor(next)},
          updated_at = ${now}
        where ${authCounters.blockedUntil} is null or ${authCounters.blockedUntil} <= ${now}
        returning count`);
      const [row] = rowsOf<{ count: number }>(result);
      if (row) return { allowed: true, count: Number(row.count) };
      return { allowed: false, retryAfterSeconds: await this.retryAfter(kind, subject) };
    },

    /** Seconds until the subject may try again (0 when it is not blocked). */
    async retryAfter(kind: string, subject: string): Promise<number> {
      const [row] = await db
        .select({ blockedUntil: authCounters.blockedUntil })
        .from(authCounters)
        .where(and(eq(authCounters.kind, kind), eq(authCounters.subject, subject)));
      const until = row?.blockedUntil?.getTime() ?? 0;
      return Math.max(0, Math.ceil((until - clock.now().getTime()) / 1000));
    },

    async clear(kind: string, subject: string) {
      await db.delete(authCounters).where(and(eq(authCounters.kind, kind), eq(authCounters.subject, subject)));
    },

    /** Drops counters quiet for a day and no longer blocking (the pruning job calls it). */
    async prune(): Promise<number> {
      const now = clock.now();
      const removed = await db
        .delete(authCounters)
        .where(
          and(
            lt(authCounters.updatedAt, new Date(now.getTime() - 86_400_000)),
            or(sql`${authCounters.blockedUntil} is null`, lt(authCounters.blockedUntil, now)),
          ),
        )
        .returning({ kind: authCounters.kind });
      return removed.length;
    },
  };
}
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
