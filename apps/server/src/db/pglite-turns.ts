import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * The embedded database runs one statement at a time on the server's own thread. Left to PGlite's
 * own lock, under 50 concurrent list calls a health check was not answered at all for seconds (none
 * in 7 s on the shared machine) and the slowest list calls waited ten times the median. Here each
 * statement waits for one turn of the event loop after the previous one (requests already received
 * are read and answered in between), and a health probe goes before every waiting statement; then
 * health answered within 41 ms (p99) while the children list ran at 50 connections, and the list's
 * own p99 fell from ~4.8 s to ~1.3 s for ~0.85x the throughput (docs/decisions.md, issue 18).
 */
export type TurnTakingClient = Pick<PGlite, "query" | "exec" | "transaction">;

export interface Turns {
  /** What the Drizzle driver and the migrator call instead of PGlite itself. */
  client: TurnTakingClient;
  /** `select 1` ahead of every waiting statement: a health check never waits behind the queue. */
  probe(): Promise<boolean>;
  /** Statements (and transactions) waiting for their turn, and whether the database is taken now. */
  queue(): { waiting: number; busy: boolean };
  /**
   * Runs `work` as one turn: no statement or transaction is running or half done meanwhile
   * (the backup's copy of the data folder, backup/snapshot.ts).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export function takeTurns(pglite: PGlite): Turns {
  const waiting: (() => void)[] = [];
  let busy = false;

  const next = () => {
    const first = waiting.shift();
    if (first) first();
    else busy = false;
  };

  function turn<T>(work: () => Promise<T>, first = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        work()
          .then(resolve, reject)
          .finally(() => setImmediate(next));
      };
      if (!busy) {
        busy = true;
        start();
      } else if (first) waiting.unshift(start);
      else waiting.push(start);
    });
  }

  const client: TurnTakingClient = {
    query: ((...args: Parameters<PGlite["query"]>) => turn(() => pglite.query(...args))) as PGlite["query"],
    exec: ((...args: Parameters<PGlite["exec"]>) => turn(() => pglite.exec(...args))) as PGlite["exec"],
    // A transaction holds the database until it ends (PGlite's own rule); its statements run on
    // the transaction's handle, not through these turns.
    transaction: (<T>(callback: (tx: Transaction) => Promise<T>) =>
      turn(() => pglite.transaction(callback))) as PGlite["transaction"],
  };

  return {
    client,
    probe: () =>
      turn(() => pglite.query("select 1"), true).then(
        () => true,
        () => false,
      ),
    queue: () => ({ waiting: waiting.length, busy }),
    exclusive: (work) => turn(work),
  };
}
