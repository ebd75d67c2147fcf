import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { embeddedDataDir } from "../db/client.ts";
import { BackupError, type Ending, type Manifest, readArchive } from "./archive.ts";
import { claimDataDir } from "./control-socket.ts";

/**
 * Brings a backup back into an empty (or missing) DATA_DIR: the database, the app secret, the
 * VAPID keys and every stored file. Anything else there would be overwritten or mixed in, so a folder with
 * anything in it is refused; a restore that fails leaves the folder empty again.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<{ manifest: Manifest } & Ending> {
  const existed = await refuseNonEmpty(dataDir);
  await mkdir(dataDir, { recursive: true });
  // Held while restoring, so that a server started meanwhile does not make a database of its own.
  const claim = await claimDataDir(dataDir, "A restore");
  let restored = false;
  try {
    const filesDir = path.join(dataDir, "files");
    let database: Buffer | undefined;
    let files = 0;
    const contents = await readArchive(await openArchive(archive), {
      database: (content) => {
        database = content;
      },
      appSecret: async (content) => {
        await writeFile(path.join(dataDir, "app-secret"), content, { flag: "wx", mode: 0o600 });
      },
      vapidKeys: async (content) => {
        await writeFile(path.join(dataDir, "vapid-keys.json"), content, { flag: "wx", mode: 0o600 });
      },
      file: async (name, content) => {
        if (files === 0) await mkdir(filesDir, { mode: 0o700 });
        files += 1;
        const handle = await open(path.join(filesDir, name), "wx", 0o600);
        try {
          for await (const chunk of content) await handle.write(chunk);
        } finally {
          await handle.close();
        }
      },
    });
    if (!database) throw new BackupError("The backup holds no database");
    // Last, from a whole archive only: a database folder means a usable Sprout to the server.
    await loadDatabase(embeddedDataDir(dataDir), database);
    restored = true;
    return contents;
  } finally {
    await claim.close();
    await rm(path.join(dataDir, "run"), { recursive: true, force: true });
    if (!restored) await emptyAgain(dataDir, existed);
  }
}

/** Returns whether the folder exists (empty); throws when it holds anything. */
async function refuseNonEmpty(dataDir: string): Promise<boolean> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    if (error.code === "ENOTDIR") throw new BackupError(`${dataDir} is a file, not a folder`);
    throw error;
  });
  if (entries && entries.length > 0)
    throw new BackupError(
      `${dataDir} is not empty (${entries.slice(0, 3).join(", ")}${entries.length > 3 ? ", ..." : ""}). ` +
        "A restore goes only into an empty or missing folder, so that nothing there is overwritten: " +
        "move that folder aside, or set DATA_DIR to a new one.",
    );
  return entries !== null;
}

/** The archive's bytes, unzipped when it is a .tar.gz (told by its first bytes, not its name). */
async function openArchive(file: string): Promise<Readable> {
  const handle = await open(file).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot read ${file}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
  });
  const head = Buffer.alloc(2);
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const raw = createReadStream(file);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return raw;
  const gunzip = createGunzip();
  raw.on("error", (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

async function loadDatabase(dir: string, dump: Buffer) {
  let pglite: PGlite | undefined;
  try {
    pglite = new PGlite(dir, { loadDataDir: new Blob([dump as Buffer<ArrayBuffer>]), extensions: { pg_trgm } });
    await pglite.waitReady;
    // A Sprout database has had its migrations applied (drizzle keeps their list here).
    await pglite.query("select count(*) from drizzle.__drizzle_migrations");
  } catch (error) {
    throw new BackupError(`The database in the backup does not open: ${(error as Error).message}`);
  } finally {
    await pglite?.close().catch(() => {});
  }
}

/** Undoes a failed restore: the folder was empty (or missing) before, so all in it is ours. */
async function emptyAgain(dataDir: string, existed: boolean) {
  if (!existed) return rm(dataDir, { recursive: true, force: true });
  for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
}
