import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { authAttempts } from "../db/schema/account.ts";
import type { Clock } from "../lib/clock.ts";

/**
 * Counts attempts of one kind per subject over a sliding window, in the database (so limits
 * hold across instances and follow the application clock).
 */
export function createAttemptCounter({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async record(kind: string, subject: string) {
      await db.insert(authAttempts).values({ kind, subject, at: clock.now() });
    },
    /** How many attempts in the window, and in how many minutes the oldest one leaves it. */
    async recent(kind: string, subject: string, windowMinutes: number) {
      const since = new Date(clock.now().getTime() - windowMinutes * 60_000);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${authAttempts.at})` })
        .from(authAttempts)
        .where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), gt(authAttempts.at, since)));
      const count = row?.count ?? 0;
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      const retryMinutes = oldest
        ? Math.max(1, Math.ceil((oldest.getTime() + windowMinutes * 60_000 - clock.now().getTime()) / 60_000))
        : 0;
      return { count, retryMinutes };
    },
    async clear(kind: string, subject: string) {
      await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject)));
    },
    /** Drops rows older than a day (called now and then). */
    async prune() {
      await db.delete(authAttempts).where(lt(authAttempts.at, new Date(clock.now().getTime() - 86_400_000)));
    },
  };
}
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
