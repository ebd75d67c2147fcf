import { chmod, mkdir, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import { BackupError, writeArchive } from "./archive.ts";
import { type BackupSource, removeStaleStaging, takeSnapshot } from "./snapshot.ts";

/**
 * The embedded database can be open in one process only (PGlite does not lock its folder: a
 * second one opens it and both write). So the process that holds DATA_DIR (the server, or a
 * backup or restore run while none runs) listens on a Unix socket inside it, and whoever finds
 * that socket answering keeps out; `npm run backup` asks the server for its copy through it.
 * It is a file in a 0700 folder, itself 0600: only the user that may read DATA_DIR may connect,
 * and reaching DATA_DIR already means holding all the data. No port is opened.
 */
export function controlSocket(dataDir: string): string {
  const file = path.join(dataDir, "run", "sprout.sock");
  // Longer socket paths are cut short by the system, silently: the socket would land elsewhere.
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH)
    throw new BackupError(
      `DATA_DIR is too long a path for its control socket ${file} (at most ${MAX_SOCKET_PATH} bytes): choose a shorter one.`,
    );
  return file;
}

/** sun_path holds 104 bytes on macOS and 108 on Linux, with the closing NUL. */
const MAX_SOCKET_PATH = 103;

export interface DataDirClaim {
  /** From now on, backups are answered from `source`; before, callers are told to come back. */
  serve(source: BackupSource & { log?: Log }): void;
  /** Stops answering (a backup under way is cut off) and gives DATA_DIR up. */
  close(): Promise<void>;
}

interface Log {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** Takes DATA_DIR for this process, or refuses when another Sprout process holds it. */
export async function claimDataDir(dataDir: string, holder: string): Promise<DataDirClaim> {
  const file = controlSocket(dataDir);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(file), 0o700);
  if (await answers(file))
    throw new BackupError(
      `Another Sprout process (a server, a backup or a restore) is using ${dataDir}; stop it first or wait for it to end.`,
    );
  // Nobody answers: the socket file of a process that stopped without removing it. (Two processes
  // started in the same instant could both find it silent; a lock file would not do better, as a
  // stopped process leaves it behind just the same.)
  await rm(file, { force: true });
  let source: (BackupSource & { log?: Log }) | undefined;
  let running: Promise<unknown> | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    // A caller that connects and says nothing does not keep its connection.
    socket.setTimeout(10_000, () => socket.destroy());
    void readRequest(socket).then((request) => {
      socket.setTimeout(0);
      const from = source;
      const refusal =
        request !== "backup"
          ? "Unknown request"
          : !from
            ? `${holder} holds ${dataDir} and takes no backup now; try again when it has started or ended.`
            : running
              ? "A backup is already being taken; try again when it ends."
              : undefined;
      if (refusal || !from) return socket.end(`${JSON.stringify({ ok: false, error: refusal })}\n`);
      running = sendBackup(socket, from).finally(() => {
        running = undefined;
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, resolve);
  });
  await chmod(file, 0o600);
  return {
    serve(next) {
      // Staging folders of a backup cut off by a stop go first, before a new backup makes its own.
      void (next.filesDir ? removeStaleStaging(next.filesDir) : Promise.resolve())
        .catch((error: Error) => next.log?.error({ err: error }, "removing an old backup's staging folder failed"))
        .then(() => {
          source = next;
        });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await running;
      await closed;
      await rm(file, { force: true });
    },
  };
}

/**
 * Answers `ok` only once the consistent copy is taken, so a failure there reaches the caller as a
 * message; a failure while the archive streams can only cut it short (the CLI then refuses it).
 */
async function sendBackup(socket: net.Socket, from: BackupSource & { log?: Log }) {
  const started = Date.now();
  let snapshot: Awaited<ReturnType<typeof takeSnapshot>>;
  try {
    snapshot = await takeSnapshot(from);
  } catch (error) {
    from.log?.error({ err: error }, "backup failed");
    const message = `The server could not take the backup: ${(error as Error).message}`;
    socket.end(`${JSON.stringify({ ok: false, error: message })}\n`);
    return;
  }
  try {
    socket.write(`${JSON.stringify({ ok: true })}\n`);
    const ending = await writeArchive(socket, snapshot);
    from.log?.info({ ...ending, ms: Date.now() - started }, "backup taken");
  } catch (error) {
    from.log?.error({ err: error }, "backup failed");
    socket.destroy(error as Error);
  } finally {
    await snapshot.dispose();
  }
}

/**
 * Asks the process holding DATA_DIR for a backup. Null when none answers (no server runs);
 * otherwise the archive's bytes as they come.
 */
export async function requestBackup(dataDir: string): Promise<Readable | null> {
  const socket = await connect(controlSocket(dataDir));
  if (!socket) return null;
  socket.write('"backup"\n');
  const status = await readLine(socket);
  let answer: { ok?: boolean; error?: string } = {};
  try {
    answer = JSON.parse(status ?? "");
  } catch {}
  if (!answer.ok) {
    socket.destroy();
    throw new BackupError(answer.error ?? "The running server did not answer the backup request");
  }
  return socket;
}

async function answers(file: string): Promise<boolean> {
  const socket = await connect(file);
  socket?.destroy();
  return !!socket;
}

function connect(file: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    socket.once("connect", () => {
      socket.removeAllListeners("error");
      resolve(socket);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}

async function readRequest(socket: net.Socket): Promise<string | undefined> {
  const line = await readLine(socket);
  try {
    return JSON.parse(line ?? "");
  } catch {
    return undefined;
  }
}

/** The first line; what follows it is put back for the next reader. */
function readLine(socket: net.Socket, limit = 4096): Promise<string | undefined> {
  return new Promise((resolve) => {
    let seen = Buffer.alloc(0);
    const done = (line: string | undefined) => {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.pause();
      resolve(line);
    };
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const end = seen.indexOf(10);
      if (end >= 0) {
        done(seen.subarray(0, end).toString("utf8"));
        if (end + 1 < seen.length) socket.unshift(seen.subarray(end + 1));
      } else if (seen.length > limit) done(undefined);
    };
    const onEnd = () => done(undefined);
    socket.on("data", onData);
    socket.on("end", onEnd);
  });
}
