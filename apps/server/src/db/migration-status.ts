import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, migrationsFolder } from "./client.ts";
import { rowsOf } from "./rows.ts";

export interface ShippedMigration {
  tag: string;
  /** drizzle-kit's timestamp of the migration: what the migrator records as `created_at`. */
  when: number;
}

/** The migrations this build carries, in order, from drizzle-kit's journal. */
export function shippedMigrations(folder = migrationsFolder): ShippedMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: ShippedMigration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export interface MigrationStatus {
  applied: number;
  expected: number;
  /** Tags of the shipped migrations the database has no record of. */
  pending: string[];
}

/** PostgreSQL's "relation does not exist": the migrator has never run on this database. */
const UNDEFINED_TABLE = "42P01";

/**
 * Which shipped migrations the database has applied. Drizzle's migrator writes one row per applied
 * migration to `drizzle.__drizzle_migrations`, with the journal entry's `when` as `created_at`; a
 * shipped migration without such a row has not run here.
 */
export async function migrationStatus(db: Database, shipped: ShippedMigration[]): Promise<MigrationStatus> {
  let recorded: Set<number>;
  try {
    const rows = rowsOf<{ created_at: string | number }>(
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
    );
    recorded = new Set(rows.map((row) => Number(row.created_at)));
  } catch (error) {
    if (errorCode(error) !== UNDEFINED_TABLE) throw error;
    recorded = new Set();
  }
  const pending = shipped.filter((migration) => !recorded.has(migration.when)).map((migration) => migration.tag);
  return { applied: shipped.length - pending.length, expected: shipped.length, pending };
}

/** The SQLSTATE of a driver error, which Drizzle wraps in its own error as `cause`. */
function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
