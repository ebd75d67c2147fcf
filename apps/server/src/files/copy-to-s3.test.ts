import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { PutObjectCommand } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no types; it is a real S3-compatible server on the local disk
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFilesToS3 } from "./copy-to-s3.ts";
import { createS3Client, createS3FileStore, parseStorageUrl, type S3Location } from "./s3-store.ts";

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Byte for byte (vitest's deep equality walks a 3 MB buffer for a minute). */
const same = (a: Buffer, b: Buffer) => a.equals(b);

const bucketFolder = mkdtempSync(path.join(tmpdir(), "sprout-s3rver-copy-"));
const local = mkdtempSync(path.join(tmpdir(), "sprout-files-copy-"));
let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let location: S3Location;

/** Files as the disk store leaves them: generated names, one of them large enough to stream. */
const files = {
  [`${randomUUID()}.jpg`]: Buffer.alloc(3 * 1024 * 1024, 1),
  [`${randomUUID()}.pdf`]: Buffer.from("%PDF-1.4 a receipt"),
  [`${randomUUID()}.mp4`]: Buffer.alloc(1000, 7),
};

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: bucketFolder,
    configureBuckets: [{ name: "sprout-files" }],
  });
  const { port } = await server.run();
  location = parseStorageUrl(`s3+http://S3RVER:S3RVER@127.0.0.1:${port}/sprout-files/uploads`);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(local, name), content);
  writeFileSync(path.join(local, "notes.txt"), "not a stored file");
});

afterAll(async () => {
  await server?.close();
  rmSync(bucketFolder, { recursive: true, force: true });
  rmSync(local, { recursive: true, force: true });
});

describe("npm run files:to-s3", () => {
  it("copies every stored file under its name, readable through the S3 store, and nothing else", async () => {
    expect(await copyFilesToS3(local, location)).toEqual({ total: 3, copied: 3, skipped: 0, failed: [] });
    const store = createS3FileStore(location);
    for (const [name, content] of Object.entries(files)) expect(same(await read(store.open(name)), content)).toBe(true);
    expect(await store.listOlderThan(new Date(Date.now() + 60_000))).toHaveLength(3);
  });

  it("is safe to run again: what is there is skipped, a partial object is copied again", async () => {
    expect(await copyFilesToS3(local, location)).toEqual({ total: 3, copied: 0, skipped: 3, failed: [] });
    const [cut] = Object.keys(files);
    await createS3Client(location).send(
      new PutObjectCommand({ Bucket: location.bucket, Key: `uploads/${cut}`, Body: Buffer.alloc(10) }),
    );
    expect(await copyFilesToS3(local, location)).toEqual({ total: 3, copied: 1, skipped: 2, failed: [] });
    expect(same(await read(createS3FileStore(location).open(cut!)), files[cut!]!)).toBe(true);
  });

  it("reports a file it cannot copy instead of stopping", async () => {
    const missing = parseStorageUrl(
      `${location.endpoint.replace("http://", "s3+http://S3RVER:S3RVER@")}/no-such-bucket`,
    );
    const report = await copyFilesToS3(local, missing);
    expect(report).toMatchObject({ total: 3, copied: 0, skipped: 0 });
    expect(report.failed).toHaveLength(3);
  });
});
