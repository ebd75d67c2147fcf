import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
// @ts-expect-error s3rver ships no types; it is a real S3-compatible server on the local disk
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3FileStore, parseStorageUrl } from "./s3-store.ts";
import { type FileStore, StoredFileMissing } from "./store.ts";

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let store: FileStore;
const folder = mkdtempSync(path.join(tmpdir(), "sprout-s3rver-"));

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: folder,
    configureBuckets: [{ name: "sprout-files" }],
  });
  const { port } = await server.run();
  // s3rver accepts its documented default key pair.
  store = createS3FileStore(
    parseStorageUrl(`s3+http://S3RVER:S3RVER@127.0.0.1:${port}/sprout-files/uploads?region=ap-south-1`),
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the S3-compatible file store", () => {
  it("reads the storage URL: endpoint, bucket, prefix, region, keys", () => {
    expect(parseStorageUrl("s3://AK:S%2FK@s3.ap-south-1.amazonaws.com/photos/centre-a?region=ap-south-1")).toEqual({
      endpoint: "https://s3.ap-south-1.amazonaws.com",
      bucket: "photos",
      prefix: "centre-a/",
      region: "ap-south-1",
      credentials: { accessKeyId: "AK", secretAccessKey: "S/K" },
    });
    expect(() => parseStorageUrl("https://example.com/bucket")).toThrow(/s3:\/\//);
    expect(() => parseStorageUrl("s3://example.com/")).toThrow(/bucket/);
  });

  it("saves under a generated name, reads it back, lists it by age and removes it", async () => {
    const content = Buffer.from("a photo's bytes");
    const name = await store.save(content, "jpg");
    expect(name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(await read(store.open(name))).toEqual(content);
    expect(await store.listOlderThan(new Date(Date.now() + 60_000))).toContain(name);
    expect(await store.listOlderThan(new Date(Date.now() - 60_000))).not.toContain(name);
    await store.remove(name);
    // Gone from the bucket: the stream fails with the error the routes answer 404 for.
    await expect(read(store.open(name))).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it("refuses names it did not make (no path tricks into other keys)", () => {
    expect(() => store.open("../secrets.txt")).toThrow("Not a stored file name");
  });
});
