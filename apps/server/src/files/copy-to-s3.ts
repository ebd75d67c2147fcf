import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { createS3Client, type S3Location } from "./s3-store.ts";
import { STORED_NAME } from "./store.ts";

export interface CopyReport {
  total: number;
  copied: number;
  skipped: number;
  failed: { name: string; reason: string }[];
}

/** Files copied at once: enough to keep the link busy without opening hundreds of sockets. */
const AT_ONCE = 4;

/**
 * Copies every stored file of the disk store (DATA_DIR/files) to the bucket of STORAGE_URL under
 * the same name, so existing rows keep working once the server is switched over. An object already
 * there with the same size is skipped, so a run that stopped half way is simply run again; each
 * copy is checked by reading the object's size back. Local files are left in place.
 */
export async function copyFilesToS3(dir: string, location: S3Location): Promise<CopyReport> {
  const client = createS3Client(location);
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const names = entries.filter((name) => STORED_NAME.test(name)).sort();
  const report: CopyReport = { total: names.length, copied: 0, skipped: 0, failed: [] };
  const sizeThere = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: location.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  };
  const copyOne = async (name: string) => {
    const file = path.join(dir, name);
    const key = `${location.prefix}${name}`;
    const { size } = await stat(file);
    if ((await sizeThere(key)) === size) {
      report.skipped += 1;
      return;
    }
    await client.send(
      new PutObjectCommand({ Bucket: location.bucket, Key: key, Body: createReadStream(file), ContentLength: size }),
    );
    const copied = await sizeThere(key);
    if (copied !== size) throw new Error(`${copied ?? "no"} bytes in the bucket, ${size} on disk`);
    report.copied += 1;
  };
  const queue = [...names];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        await copyOne(name).catch((error: Error) => report.failed.push({ name, reason: error.message }));
      }
    }),
  );
  return report;
}
