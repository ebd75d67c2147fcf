import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const STORED_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/**
 * Uploaded files on disk, under names the server makes up (never the uploader's name), in a
 * folder outside the web root. Served only through routes that check access. Only the server's
 * own user may read them: the folder is 0700 and every file 0600, whatever the umask.
 */
export function createFileStore(dir: string) {
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
    open(storedName: string) {
      return createReadStream(pathOf(storedName));
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
export type FileStore = ReturnType<typeof createFileStore>;
