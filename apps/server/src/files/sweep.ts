import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { observationAttachments } from "../db/schema/child-day.ts";
import { documents } from "../db/schema/documents.ts";
import { incidentPhotos } from "../db/schema/incidents.ts";
import type { Clock } from "../lib/clock.ts";
import type { FileStore } from "./store.ts";

/** Every table whose rows name a stored file: a file that none of them names is an orphan. */
const FILE_REFERENCES = [
  (db: Database, names: string[]) =>
    db.select({ name: documents.storedName }).from(documents).where(inArray(documents.storedName, names)),
  (db: Database, names: string[]) =>
    db
      .select({ name: incidentPhotos.storedName })
      .from(incidentPhotos)
      .where(inArray(incidentPhotos.storedName, names)),
  (db: Database, names: string[]) =>
    db
      .select({ name: observationAttachments.storedName })
      .from(observationAttachments)
      .where(inArray(observationAttachments.storedName, names)),
];

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
    for (const referencing of FILE_REFERENCES) {
      for (const row of await referencing(db, names)) kept.add(row.name);
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
