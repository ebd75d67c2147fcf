import { createWriteStream, existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createGzip } from "node:zlib";
import { BackupError, readArchive } from "../backup/archive.ts";
import { claimDataDir, requestBackup } from "../backup/control-socket.ts";
import { writeBackup } from "../backup/snapshot.ts";
import { embeddedDataDir, openDatabase } from "../db/client.ts";

const SEE_README = 'see "Backup and restore" in README.md';

/**
 * `npm run backup -- --out FILE`: one archive of the embedded database, the app secret and the
 * stored files. With a server running it is asked for the copy (backup/control-socket.ts), since
 * only one process may open the database; with none, this process opens DATA_DIR itself.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) throw new BackupError("Usage: npm run backup -- --out FILE (FILE.tar, or FILE.tar.gz to compress)");
  if (process.env.DATABASE_URL)
    throw new BackupError(
      `DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc and the file store with its own tools (${SEE_README}).`,
    );
  // The server's own defaults (config.ts), read without loadConfig, which would create files in DATA_DIR.
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const filesDir = process.env.STORAGE_URL ? undefined : path.join(dataDir, "files");
  const out = path.resolve(values.out);
  const fromServer = await requestBackup(dataDir);
  const contents = fromServer ? await save(fromServer, out) : await backupWithoutServer(dataDir, filesDir, out);
  console.log(
    `Backup written to ${out}${fromServer ? " by the running server" : ""}: the database ` +
      `(${(contents.databaseBytes / 1e6).toFixed(1)} MB), ${contents.files} stored files` +
      `${contents.appSecret ? ", the app secret" : ""}${contents.vapidKeys ? ", the push (VAPID) keys" : ""}. It holds every family's data: keep it as safe as DATA_DIR.`,
  );
  if (contents.manifest.files === "object-storage")
    console.warn(
      `STORAGE_URL is set: the uploaded files are in the bucket, not in this archive; copy it too (${SEE_README}).`,
    );
  // Without its secret, a restored server cannot read two-factor secrets or queued mail.
  if (!contents.appSecret || process.env.APP_SECRET)
    console.warn(`APP_SECRET comes from the environment, not DATA_DIR: keep it with this backup (${SEE_README}).`);
}

/** Writes the archive to FILE.partial while checking it entry by entry; renamed to FILE once whole. */
async function save(archive: Readable, out: string) {
  const partial = `${out}.partial`;
  const toFile = new PassThrough();
  const toCheck = new PassThrough();
  archive.on("error", (error) => {
    toFile.destroy(error);
    toCheck.destroy(error);
  });
  archive.pipe(toFile);
  archive.pipe(toCheck);
  const file = createWriteStream(partial, { mode: 0o600 });
  const writing = /\.(gz|tgz)$/.test(out) ? pipeline(toFile, createGzip(), file) : pipeline(toFile, file);
  try {
    const [, contents] = await Promise.all([
      writing,
      readArchive(toCheck, { database() {}, appSecret() {}, vapidKeys() {}, file: (_name, content) => drain(content) }),
    ]);
    await rename(partial, out);
    return contents;
  } catch (error) {
    archive.destroy();
    toFile.destroy();
    await writing.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

async function drain(content: AsyncIterable<Buffer>) {
  for await (const _chunk of content);
}

async function backupWithoutServer(dataDir: string, filesDir: string | undefined, out: string) {
  const dbDir = embeddedDataDir(dataDir);
  if (!existsSync(path.join(dbDir, "PG_VERSION")))
    throw new BackupError(`No Sprout database in ${dbDir}: set DATA_DIR to the folder the server uses.`);
  const claim = await claimDataDir(dataDir, "A backup");
  try {
    // PGlite leaves this file while the database is open and removes it on a clean close.
    if (existsSync(path.join(dbDir, "postmaster.pid")))
      throw new BackupError(
        `No server answers at ${dataDir}/run/sprout.sock, yet the database was not closed (db/postmaster.pid): ` +
          "a server may still be using it, or the last one stopped abruptly. Start Sprout and run the backup " +
          "again: it is then taken through the server.",
      );
    const database = await openDatabase({ dataDir: dbDir });
    try {
      const archive = new PassThrough();
      const written = writeBackup({ database, dataDir, filesDir }, archive).catch((error: Error) => {
        archive.destroy(error);
        throw error;
      });
      const [contents] = await Promise.all([save(archive, out), written]);
      return contents;
    } finally {
      await database.close();
    }
  } finally {
    await claim.close();
  }
}

main().catch((error: Error) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
