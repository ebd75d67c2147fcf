import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { takeTurns } from "./pglite-turns.ts";
import { queryWatch } from "./query-watch.ts";
import { NEEDED_WAL_SQL, type NeededWal, withoutSpareWal } from "./spare-wal.ts";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Both drivers expose the same PostgreSQL query builder; services are written against it. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** Follows a NOTIFY channel; `onState` says whether notices are arriving (false: some may be lost). */
  listen: Listen;
  /** Whether the database answers (`select 1`); on the embedded one it goes before queued statements. */
  probe(): Promise<boolean>;
  /** How the database's connections are used at this moment (for the metrics). */
  poolUse(): PoolUse;
  /**
   * Embedded only: a copy of the data folder (PGlite's dumpDataDir) taken in one turn, when no
   * statement or transaction is under way; `alongside` runs in the same turn, after the copy.
   */
  snapshot?(alongside: () => Promise<void>): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the query pool's connections (the health probe's own one-connection pool is left
 * out). The embedded database has no connections: one statement runs at a time, the rest queue.
 */
export type PoolUse =
  | { kind: "postgres"; total: number; idle: number; waiting: number }
  | { kind: "pglite"; queued: number; busy: boolean };

export type Listen = (
  channel: string,
  onNotice: (payload: string) => void,
  onState: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; without it the embedded database lives in memory. */
  dataDir?: string;
  /** An embedded database's dump (`snapshot`) to start from, instead of an empty cluster. */
  from?: Blob;
  /** Where the pool reports a connection that failed while idle (the server keeps running). */
  onPoolError?: (error: Error) => void;
}

/** Key of the session-level advisory lock that serialises migrations across instances. */
export const MIGRATION_LOCK_KEY = 0x5e_0000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client whose connection drops emits 'error' on the pool; without a listener Node
    // would end the process. The pool discards that client and opens a new one when needed.
    pool.on("error", (error) => (options.onPoolError ?? defaultPoolError)(error));
    // Health asks on a connection of its own: reports holding every pooled connection must not
    // make the instance look down to a load balancer, nor health wait behind them.
    const probePool = new pg.Pool({ connectionString: options.url, max: 1, connectionTimeoutMillis: 5000 });
    probePool.on("error", (error) => (options.onPoolError ?? defaultPoolError)(error));
    const db = drizzlePg(pool, { logger: queryWatch });
    return {
      db,
      kind: "postgres",
      migrate: () => migrateUnderLock(pool),
      listen: (channel, onNotice, onState) => listenOnServer(options.url!, channel, onNotice, onState),
      probe: () =>
        probePool.query("select 1").then(
          () => true,
          () => false,
        ),
      poolUse: () => ({ kind: "postgres", total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([pool.end(), probePool.end()]);
      },
    };
  }
  // pg_trgm: name searches with a leading wildcard use trigram indexes (migration 0016).
  const client = new PGlite(options.dataDir ?? "memory://", {
    extensions: { pg_trgm },
    ...(options.from && { loadDataDir: options.from }),
  });
  await client.waitReady;
  const turns = takeTurns(client);
  const db = drizzlePglite({ client: turns.client as PGlite, logger: queryWatch });
  return {
    db,
    kind: "pglite",
    probe: turns.probe,
    poolUse: () => {
      const { waiting, busy } = turns.queue();
      return { kind: "pglite", queued: waiting, busy };
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    snapshot: (alongside) =>
      turns
        .exclusive(async () => {
          // Written out to the data files, so the copy opens without replaying the log.
          await client.exec("CHECKPOINT");
          const needed = (await client.query<NeededWal>(NEEDED_WAL_SQL)).rows[0]!;
          const copy = await client.dumpDataDir("none");
          await alongside();
          return { copy, needed };
        })
        .then(({ copy, needed }) => withoutSpareWal(copy, needed)),
    // One process holds the embedded database: notices arrive as their transaction commits.
    listen: async (channel, onNotice, onState) => {
      const stop = await client.listen(channel, onNotice);
      onState(true);
      return async () => {
        onState(false);
        await stop();
      };
    },
    close: () => client.close(),
  };
}

/**
 * Runs the migrations on one connection holding an advisory lock, so that instances starting
 * together take turns: the second waits, then finds every migration applied.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it drops,
 * `onState(false)` lets the caller stop trusting what it kept, and a new connection is tried.
 */
async function listenOnServer(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
  onState: (listening: boolean) => void,
) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const attempt = async () => {
    const next = new pg.Client({ connectionString: url });
    let down = false;
    const lost = () => {
      if (down) return;
      down = true;
      onState(false);
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void attempt().catch(() => {}), RELISTEN_MS);
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === channel) onNotice(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost();
      throw error;
    }
    client = next;
    onState(true);
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    onState(false);
    await client?.end().catch(() => {});
  };
  try {
    await attempt();
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

function defaultPoolError(error: Error) {
  console.error(`PostgreSQL connection error (the pool will reconnect): ${error.message}`);
}

export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, "db");
}
