import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Both drivers expose the same PostgreSQL query builder; services are written against it. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; without it the embedded database lives in memory. */
  dataDir?: string;
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
    const db = drizzlePg(pool);
    return {
      db,
      kind: "postgres",
      migrate: () => migrateUnderLock(pool),
      close: () => pool.end(),
    };
  }
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client);
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
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

function defaultPoolError(error: Error) {
  console.error(`PostgreSQL connection error (the pool will reconnect): ${error.message}`);
}

export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, "db");
}
