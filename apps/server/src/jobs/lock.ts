import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { transaction } from "../db/transaction.ts";

/** Stable 32-bit keys for the advisory locks of the scheduled jobs. */
export const JOB_LOCKS = {
  resumeExpiredPauses: 0x5e_0001,
  pruneShortLivedRows: 0x5e_0010,
  unreadMessageReminders: 0x5e_0014,
  childDayDigest: 0x5e_0013,
  centreKpis: 0x5e_0017,
  dataRetention: 0x5e_0019,
  incidentReviewReminders: 0x5e_0030,
  feeReminders: 0x5e_0035,
} as const;

/**
 * Runs `work` in a transaction holding a PostgreSQL transaction-level advisory lock, so that
 * when several servers run the same schedule only one does the work; the others skip it.
 * The lock is released when the transaction ends. Returns null when another instance holds it.
 */
export async function runExclusive<T>(
  db: Database,
  key: number,
  work: (tx: Database) => Promise<T>,
): Promise<{ result: T } | null> {
  // Opened with db/transaction.ts so that a job may queue work (pushes) for after its commit.
  return transaction(db, async (tx) => {
    const rows = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`);
    const [first] = rowsOf<{ locked: boolean }>(rows);
    if (!first?.locked) return null;
    return { result: await work(tx) };
  });
}
