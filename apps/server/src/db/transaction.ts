import type { Database } from "./client.ts";

/** The work each open transaction has promised to do once it commits. */
const pending = new WeakMap<object, (() => void)[]>();

/**
 * Runs `work` in one transaction and, only once it has committed, what it queued with
 * `afterCommit` (realtime events, in the order they were queued). A rolled-back transaction
 * sends nothing: a listener never hears of a change it then cannot read.
 */
export async function transaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const queued: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    pending.set(tx, queued);
    try {
      return await work(tx);
    } finally {
      pending.delete(tx);
    }
  });
  for (const run of queued) run();
  return result;
}

/**
 * Queues `run` for after the commit of a transaction opened by `transaction` above. Given the
 * database itself (no transaction), the write has already committed and `run` runs now. Any other
 * transaction is refused: its commit cannot be seen from here, so the event would leave early.
 */
export function afterCommit(tx: Database, database: Database, run: () => void): void {
  if (tx === database) {
    run();
    return;
  }
  const queued = pending.get(tx);
  if (!queued) throw new Error("afterCommit needs a transaction opened with transaction(db, work)");
  queued.push(run);
}
