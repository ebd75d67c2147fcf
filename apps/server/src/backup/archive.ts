import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { type Pack, pack as tarPack, extract as untar } from "tar-stream";
import { STORED_NAME } from "../files/store.ts";

/**
 * A Sprout backup is one tar: this manifest first (so a restore knows at once whether it holds a
 * backup at all), the embedded database, the app secret, the VAPID keys (without them every phone
 * would have to turn notifications on again), the stored files, and an ending last (so
 * a copy cut short is told apart from a whole one: tar itself has no such mark).
 */
const MANIFEST = "sprout-backup.json";
const DATABASE = "database.tar";
const APP_SECRET = "app-secret";
const VAPID_KEYS = "vapid-keys.json";
const FILES = "files/";
const ENDING = "sprout-backup-end.json";
const FORMAT = "sprout-backup";
const VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: "pglite";
  /** "object-storage": STORAGE_URL was set, the files are in the bucket and not in the archive. */
  files: "disk" | "object-storage";
}

export interface Ending {
  files: number;
  databaseBytes: number;
  appSecret: boolean;
  /** Absent from backups made before the keys were kept (read as false). */
  vapidKeys?: boolean;
}

/** A message for the person running the command: the CLIs print it alone, without a stack. */
export class BackupError extends Error {}

export interface ArchiveParts {
  /** PGlite's dumpDataDir("none"): a tar of its data folder. */
  database: Blob;
  appSecret?: Buffer;
  vapidKeys?: Buffer;
  files: "disk" | "object-storage";
  /** The folder holding the files to put in, under their stored names. */
  filesDir?: string;
  fileNames: string[];
}

export async function writeArchive(out: Writable, parts: ArchiveParts): Promise<Ending> {
  const pack = tarPack();
  const written = new Promise<void>((resolve, reject) => {
    let finished = false;
    // The reader gone (the CLI stopped), the entries waiting on it must fail rather than wait.
    const stop = (error: Error) => {
      pack.destroy(error);
      reject(error);
    };
    pack.on("error", reject);
    out.on("error", stop);
    out.on("finish", () => {
      finished = true;
      resolve();
    });
    out.on("close", () => finished || stop(new Error("the backup's reader went away")));
  });
  // Without a listener a failure would surface as an unhandled rejection before it is awaited.
  written.catch(() => {});
  pack.pipe(out);
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    database: "pglite",
    files: parts.files,
  };
  await addBuffer(pack, MANIFEST, Buffer.from(JSON.stringify(manifest)));
  const database = Buffer.from(await parts.database.arrayBuffer());
  await addBuffer(pack, DATABASE, database);
  if (parts.appSecret) await addBuffer(pack, APP_SECRET, parts.appSecret);
  if (parts.vapidKeys) await addBuffer(pack, VAPID_KEYS, parts.vapidKeys);
  for (const name of parts.fileNames) await addFile(pack, `${FILES}${name}`, path.join(parts.filesDir!, name));
  const ending: Ending = {
    files: parts.fileNames.length,
    databaseBytes: database.length,
    appSecret: !!parts.appSecret,
    vapidKeys: !!parts.vapidKeys,
  };
  await addBuffer(pack, ENDING, Buffer.from(JSON.stringify(ending)));
  pack.finalize();
  await written;
  return ending;
}

function addBuffer(pack: Pack, name: string, content: Buffer) {
  return new Promise<void>((resolve, reject) => {
    pack.entry({ name, mode: 0o600, mtime: new Date() }, content, (error) => (error ? reject(error) : resolve()));
  });
}

async function addFile(pack: Pack, name: string, file: string) {
  const info = await stat(file);
  if (info.size === 0) return addBuffer(pack, name, Buffer.alloc(0));
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size: info.size, mode: 0o600, mtime: info.mtime }, (error) =>
      error ? reject(error) : resolve(),
    );
    // Exactly the size in the header: a file still being written (no row can name it yet) keeps
    // growing, and a tar entry must not.
    const content = createReadStream(file, { start: 0, end: info.size - 1 });
    content.on("error", (error) => {
      entry.destroy(error);
      reject(error);
    });
    content.pipe(entry);
  });
}

export interface ArchiveReader {
  database(content: Buffer): Promise<void> | void;
  appSecret(content: Buffer): Promise<void> | void;
  vapidKeys(content: Buffer): Promise<void> | void;
  /** Must read `content` to its end. */
  file(name: string, content: AsyncIterable<Buffer>): Promise<void>;
}

/**
 * Reads a backup entry by entry, refusing anything that is not one: another tar, a file name
 * that is not a stored name (no `../` reaches outside the files folder), or a copy cut short.
 */
export async function readArchive(input: Readable, on: ArchiveReader): Promise<{ manifest: Manifest } & Ending> {
  const extract = untar();
  input.on("error", (error) => extract.destroy(error));
  input.pipe(extract);
  let manifest: Manifest | undefined;
  let ending: Ending | undefined;
  let files = 0;
  let databaseBytes = -1;
  let appSecret = false;
  let vapidKeys = false;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      const content = entry as AsyncIterable<Buffer>;
      if (!manifest) {
        manifest = parseManifest(name, await readAll(content));
        continue;
      }
      if (ending) throw new BackupError(`Unexpected ${name} after the end of the backup`);
      if (name === ENDING) ending = JSON.parse((await readAll(content)).toString("utf8")) as Ending;
      else if (name === DATABASE && databaseBytes < 0) {
        const database = await readAll(content);
        databaseBytes = database.length;
        await on.database(database);
      } else if (name === APP_SECRET && !appSecret) {
        appSecret = true;
        await on.appSecret(await readAll(content));
      } else if (name === VAPID_KEYS && !vapidKeys) {
        vapidKeys = true;
        await on.vapidKeys(await readAll(content));
      } else if (name.startsWith(FILES) && STORED_NAME.test(name.slice(FILES.length))) {
        files += 1;
        await on.file(name.slice(FILES.length), content);
      } else throw new BackupError(`Unexpected entry ${name} in the backup`);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const reason = (error as Error).message;
    if (!manifest) throw new BackupError(`This is not a Sprout backup (${reason})`);
    throw new BackupError(`The backup is damaged or incomplete: ${reason}`);
  }
  if (!manifest) throw new BackupError("This is not a Sprout backup (it is empty)");
  if (!ending) throw new BackupError("The backup is incomplete: it ends before its last entry");
  if (
    ending.files !== files ||
    ending.databaseBytes !== databaseBytes ||
    ending.appSecret !== appSecret ||
    (ending.vapidKeys ?? false) !== vapidKeys
  )
    throw new BackupError("The backup is damaged: its contents differ from what its last entry lists");
  return { manifest, ...ending };
}

function parseManifest(name: string, content: Buffer): Manifest {
  let manifest: Partial<Manifest> | undefined;
  try {
    manifest = name === MANIFEST ? (JSON.parse(content.toString("utf8")) as Partial<Manifest>) : undefined;
  } catch {}
  if (manifest?.format !== FORMAT) throw new BackupError(`This is not a Sprout backup (it starts with ${name})`);
  if (manifest.version !== VERSION)
    throw new BackupError(`This backup has format version ${manifest.version}; this Sprout reads version ${VERSION}`);
  return manifest as Manifest;
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
