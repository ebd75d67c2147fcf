import { randomBytes } from "node:crypto";
import { link, mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import type { DatabaseHandle } from "../db/client.ts";
import { STORED_NAME } from "../files/store.ts";
import { type ArchiveParts, BackupError, writeArchive } from "./archive.ts";

export interface BackupSource {
  database: Pick<DatabaseHandle, "snapshot">;
  dataDir: string;
  /** DATA_DIR/files; unset when the files are in object storage (STORAGE_URL). */
  filesDir?: string;
}

/** Where a backup links the stored files it takes; inside the files folder, so on its disk. */
const STAGING_PREFIX = ".backup-";

/**
 * Writes one consistent backup to `out`. The database is copied in one turn of the embedded
 * database, so every transaction is wholly in it or not at all. A row names a file written
 * before the row committed, so every file a copied row names exists at that moment: in the same
 * turn each stored file is hard-linked into a staging folder, and the archive is filled from
 * those links. A file deleted after the copy (its row deleted after it) therefore still goes into
 * the backup through its link, as the copied row expects; a file written after the copy may go
 * in too, named by no row, and the restored server's orphan sweep removes it. Linking first,
 * outside the turn, keeps the turn short: inside it only files newer than that pass are linked.
 */
export async function writeBackup(source: BackupSource, out: Writable) {
  const snapshot = await takeSnapshot(source);
  try {
    return await writeArchive(out, snapshot);
  } finally {
    await snapshot.dispose();
  }
}

/** The consistent part of a backup: the database copy and links to the files; `dispose` drops the links. */
export async function takeSnapshot(source: BackupSource): Promise<ArchiveParts & { dispose(): Promise<void> }> {
  if (!source.database.snapshot) throw new BackupError("Only the embedded database is backed up by Sprout");
  const filesDir = source.filesDir;
  const staging = filesDir && path.join(filesDir, `${STAGING_PREFIX}${randomBytes(8).toString("hex")}`);
  const dispose = async () => {
    if (staging) await rm(staging, { recursive: true, force: true });
  };
  try {
    if (filesDir && staging) {
      await mkdir(filesDir, { recursive: true, mode: 0o700 });
      await mkdir(staging, { mode: 0o700 });
      await linkStoredFiles(filesDir, staging);
    }
    const database = await source.database.snapshot(async () => {
      if (filesDir && staging) await linkStoredFiles(filesDir, staging);
    });
    const appSecret = await readFile(path.join(source.dataDir, "app-secret")).catch(absentIsUndefined);
    const vapidKeys = await readFile(path.join(source.dataDir, "vapid-keys.json")).catch(absentIsUndefined);
    return {
      database,
      appSecret,
      vapidKeys,
      files: filesDir ? "disk" : "object-storage",
      filesDir: staging,
      fileNames: staging ? (await readdir(staging)).sort() : [],
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Links every stored file not linked yet; one deleted meanwhile is skipped (no row names it then). */
async function linkStoredFiles(from: string, to: string) {
  const linked = new Set(await readdir(to));
  for (const name of await readdir(from)) {
    if (!STORED_NAME.test(name) || linked.has(name)) continue;
    await link(path.join(from, name), path.join(to, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }
}

/** Staging folders of a backup that stopped midway (the process ended); only links, so cheap to drop. */
export async function removeStaleStaging(filesDir: string) {
  const names = await readdir(filesDir).catch(absentIsUndefined);
  for (const name of names ?? []) {
    if (name.startsWith(STAGING_PREFIX)) await rm(path.join(filesDir, name), { recursive: true, force: true });
  }
}

function absentIsUndefined(error: NodeJS.ErrnoException): undefined {
  if (error.code === "ENOENT") return undefined;
  throw error;
}
