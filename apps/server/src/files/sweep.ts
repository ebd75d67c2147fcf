import { getTableName, inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import { assignmentFiles, submissionFiles } from "../db/schema/assignments.ts";
import { pickupPeople } from "../db/schema/attendance.ts";
import { budgetQuotes, expenseReceipts } from "../db/schema/budget.ts";
import { observationAttachments } from "../db/schema/child-day.ts";
import { dataExports } from "../db/schema/data-requests.ts";
import { portfolioItems } from "../db/schema/digital-portfolio.ts";
import { documents } from "../db/schema/documents.ts";
import { incidentPhotos } from "../db/schema/incidents.ts";
import { policies } from "../db/schema/policies.ts";
import type { Clock } from "../lib/clock.ts";
import { removeStaleIncoming } from "./incoming.ts";
import type { FileStore } from "./store.ts";

/**
 * Every column that names a stored file: a file that none of them names is an orphan. A column
 * missing here would have its files swept away, so a test compares this list with the database.
 */
export const FILE_COLUMNS: readonly PgColumn[] = [
  documents.storedName,
  incidentPhotos.storedName,
  observationAttachments.storedName,
  pickupPeople.photoStoredName,
  assignmentFiles.storedName,
  submissionFiles.storedName,
  portfolioItems.storedName,
  portfolioItems.thumbStoredName,
  expenseReceipts.storedName,
  budgetQuotes.storedName,
  policies.pdfStoredName,
  dataExports.storedName,
];

/** `table.column` of a file column, as the database names it. */
export const fileColumnName = (column: PgColumn) => `${getTableName(column.table)}.${column.name}`;

async function namedIn(db: Database, column: PgColumn, names: string[]): Promise<string[]> {
  const rows = await db.select({ name: column }).from(column.table).where(inArray(column, names));
  return rows.map((row) => row.name as string);
}

/**
 * An upload writes its file before the row that names it, so a crash between the two leaves a
 * file without a row. A file older than this is not waiting for its row any more.
 */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

/** Removes stored files older than an hour that no row names. Returns how many went. */
export async function sweepOrphanFiles({ db, files, clock }: { db: Database; files: FileStore; clock: Clock }) {
  const candidates = await files.listOlderThan(new Date(clock.now().getTime() - ORPHAN_AGE_MS));
  let removed = 0;
  for (let start = 0; start < candidates.length; start += BATCH) {
    const names = candidates.slice(start, start + BATCH);
    const kept = new Set<string>();
    for (const column of FILE_COLUMNS) {
      for (const name of await namedIn(db, column, names)) kept.add(name);
    }
    for (const name of names.filter((candidate) => !kept.has(candidate))) {
      await files.remove(name);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Sweeps every hour (and once shortly after start). Each instance sweeps the folder it writes
 * to; on a shared folder two sweeps at once are harmless (removing a removed file is a no-op).
 */
export function startFileSweep({
  db,
  files,
  clock,
  log,
}: {
  db: Database;
  files: FileStore;
  clock: Clock;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}) {
  const sweep = async () => {
    try {
      const removed = await sweepOrphanFiles({ db, files, clock });
      if (removed > 0) log.info({ removed }, "stored files without a row removed");
      const stale = await removeStaleIncoming(ORPHAN_AGE_MS);
      if (stale > 0) log.info({ removed: stale }, "temporary upload files of interrupted uploads removed");
    } catch (error) {
      log.error({ err: error }, "sweeping stored files without a row failed");
    }
  };
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, ORPHAN_AGE_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
