import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Uploaded files on disk, under names the server makes up (never the uploader's name), in a
 * folder outside the web root. Served only through routes that check access.
 */
export function createFileStore(dir: string) {
  const pathOf = (storedName: string) => {
    if (!/^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/.test(storedName)) throw new Error("Not a stored file name");
    return path.join(dir, storedName);
  };
  return {
    async save(content: Buffer, ext: string): Promise<string> {
      await mkdir(dir, { recursive: true });
      const storedName = `${randomUUID()}.${ext}`;
      await writeFile(pathOf(storedName), content, { flag: "wx" });
      return storedName;
    },
    open(storedName: string) {
      return createReadStream(pathOf(storedName));
    },
    async remove(storedName: string): Promise<void> {
      await rm(pathOf(storedName), { force: true });
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;
