import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

/** An uploaded part written to a private temporary file, with its first bytes for sniffing. */
export interface ReceivedFile {
  name: string;
  path: string;
  size: number;
  head: Buffer;
}

/** Enough of the start of a file to tell what it is (magic numbers, the MP4 brand, WebM's doctype). */
const HEAD_BYTES = 4096;
export const INCOMING = path.join(tmpdir(), "sprout-incoming");
/** Names start with the process id, so a process (or a test worker) can tell its own files apart. */
export const OWN_PREFIX = `${process.pid}.`;

/**
 * Why a part is refused while it streams: `limitFor` sees the first bytes and answers the byte
 * limit for that kind of file, or throws to refuse the kind outright.
 */
export type LimitFor = (head: Buffer) => number;

/**
 * Counts and passes a part's bytes on until it is refused (too large, or a kind not taken); after
 * that the rest is read and dropped, so the browser still gets the answer instead of a reset
 * connection, and the refusal is raised at the end.
 */
class Measured extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  private limit = Number.POSITIVE_INFINITY;
  private judged = false;
  private refusal: Error | null = null;

  constructor(
    private readonly limitFor: LimitFor,
    private readonly tooLarge: (head: Buffer) => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.refusal) return done();
    try {
      if (this.head.length < HEAD_BYTES)
        this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
      if (!this.judged && this.head.length >= 64) this.judge();
      this.size += chunk.length;
      if (this.size > this.limit) throw this.tooLarge(this.head);
      done(null, chunk);
    } catch (error) {
      this.refusal = error as Error;
      done();
    }
  }

  override _flush(done: TransformCallback) {
    try {
      if (!this.refusal && !this.judged && this.size > 0) this.judge();
    } catch (error) {
      this.refusal = error as Error;
    }
    done(this.refusal);
  }

  private judge() {
    this.judged = true;
    this.limit = this.limitFor(this.head);
  }
}

/**
 * Streams one uploaded part to a temporary file readable only by the server, never holding more
 * than a chunk in memory. A part past its limit stops at once and leaves no file behind.
 */
export async function receiveToTemp(
  name: string,
  stream: NodeJS.ReadableStream,
  { limitFor, tooLarge }: { limitFor: LimitFor; tooLarge: (head: Buffer) => Error },
): Promise<ReceivedFile> {
  await mkdir(INCOMING, { recursive: true, mode: 0o700 });
  const target = path.join(INCOMING, OWN_PREFIX + randomUUID());
  const measured = new Measured(limitFor, tooLarge);
  try {
    await pipeline(stream, measured, createWriteStream(target, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { name, path: target, size: measured.size, head: measured.head };
}

export const discardReceived = (files: (ReceivedFile | null | undefined)[]) =>
  Promise.all(files.map((file) => file && rm(file.path, { force: true })));

/**
 * Temporary upload files left by a process that stopped mid-upload (a finished or refused upload
 * removes its own). Uses the machine's clock: these files' times are the file system's.
 */
export async function removeStaleIncoming(olderThanMs: number): Promise<number> {
  const names = await readdir(INCOMING).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const info = await stat(path.join(INCOMING, name)).catch(() => null);
    if (!info?.isFile() || info.mtimeMs >= before) continue;
    await rm(path.join(INCOMING, name), { force: true });
    removed += 1;
  }
  return removed;
}
