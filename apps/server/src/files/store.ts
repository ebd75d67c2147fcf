import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";

export const STORED_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/**
 * A row names a file the store does not have (removed by hand, a restore without the files). The
 * stream of `open` fails with it before its first byte, so the answer can still be a 404.
 */
export class StoredFileMissing extends Error {
  constructor(readonly storedName: string) {
    super(`Stored file ${storedName} is missing`);
  }
}

/**
 * Uploaded files on disk, under names the server makes up (never the uploader's name), in a
 * folder outside the web root. Served only through routes that check access. Only the server's
 * own user may read them: the folder is 0700 and every file 0600, whatever the umask.
 */
export function createFileStore(dir: string): FileStore {
  const pathOf = (storedName: string) => {
    if (!STORED_NAME.test(storedName)) throw new Error("Not a stored file name");
    return path.join(dir, storedName);
  };
  return {
    async save(content: Buffer, ext: string): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const storedName = `${randomUUID()}.${ext}`;
      await writeFile(pathOf(storedName), content, { flag: "wx", mode: 0o600 });
      return storedName;
    },
    /** Moves a finished temporary file in (a copy when it lives on another disk). */
    async saveFile(localPath: string, ext: string): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      const storedName = `${randomUUID()}.${ext}`;
      await rename(localPath, pathOf(storedName)).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "EXDEV") throw error;
        await copyFile(localPath, pathOf(storedName));
        await rm(localPath, { force: true });
      });
      await chmod(pathOf(storedName), 0o600);
      return storedName;
    },
    open(storedName: string) {
      const source = createReadStream(pathOf(storedName));
      const out = new PassThrough();
      source.on("error", (error: NodeJS.ErrnoException) =>
        out.destroy(error.code === "ENOENT" ? new StoredFileMissing(storedName) : error),
      );
      out.once("close", () => source.destroy());
      return source.pipe(out);
    },
    async remove(storedName: string): Promise<void> {
      await rm(pathOf(storedName), { force: true });
    },
    /** Stored files last changed before `before` (candidates for the orphan sweep). */
    async listOlderThan(before: Date): Promise<string[]> {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const old: string[] = [];
      for (const name of names.filter((entry) => STORED_NAME.test(entry))) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info?.isFile() && info.mtime < before) old.push(name);
      }
      return old;
    },
  };
}
/** Where uploads live: this folder by default, S3-compatible storage with STORAGE_URL (s3-store.ts). */
export interface FileStore {
  save(content: Buffer, ext: string): Promise<string>;
  /** Stores a file already written to local disk (a streamed upload); the local file is gone after. */
  saveFile(localPath: string, ext: string): Promise<string>;
  /** The file's bytes; the stream fails with `StoredFileMissing` when the store does not have it. */
  open(storedName: string): Readable;
  remove(storedName: string): Promise<void>;
  /** Stored files last changed before `before` (candidates for the orphan sweep). */
  listOlderThan(before: Date): Promise<string[]>;
  /**
   * Object storage only: a short-lived address the browser fetches the file from directly, handed
   * out after the route's access check. The disk store has none (its files stream through the server).
   */
  signedUrl?(storedName: string, options: SignedUrlOptions): Promise<{ url: string; expiresAt: Date }>;
}

export interface SignedUrlOptions {
  fileName: string;
  mimeType: string;
  disposition: "inline" | "attachment";
  expiresInSeconds: number;
}
