import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { PassThrough, type Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { type FileStore, type SignedUrlOptions, StoredFileMissing } from "./store.ts";

const STORED_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

export interface S3Location {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * `STORAGE_URL`: `s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=...` (HTTPS) or
 * `s3+http://...` for a plain-HTTP endpoint (a MinIO on the same network). Without KEY:SECRET the
 * SDK's own chain is used (instance role, AWS_* variables).
 */
export function parseStorageUrl(value: string): S3Location {
  const url = new URL(value);
  if (url.protocol !== "s3:" && url.protocol !== "s3+http:")
    throw new Error("STORAGE_URL must start with s3:// or s3+http://");
  const [bucket, ...rest] = url.pathname.replace(/^\/+/, "").split("/").filter(Boolean);
  if (!bucket) throw new Error("STORAGE_URL must name a bucket: s3://host/bucket");
  return {
    endpoint: `${url.protocol === "s3:" ? "https" : "http"}://${url.host}`,
    bucket,
    prefix: rest.length ? `${rest.join("/")}/` : "",
    region: url.searchParams.get("region") ?? "us-east-1",
    ...(url.username && {
      credentials: {
        accessKeyId: decodeURIComponent(url.username),
        secretAccessKey: decodeURIComponent(url.password),
      },
    }),
  };
}

/**
 * The same store on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2): objects under
 * generated names in a private bucket, read only by the server and handed out through the routes
 * that check access.
 */
export function createS3Client(location: S3Location) {
  return new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    // Checksums only where S3 demands them: the default sends streamed bodies aws-chunked with a
    // CRC trailer, which some S3-compatible servers (R2, s3rver, older MinIO) store as framing.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(location.credentials && { credentials: location.credentials }),
  });
}

export function createS3FileStore(location: S3Location): FileStore {
  const client = createS3Client(location);
  const keyOf = (storedName: string) => {
    if (!STORED_NAME.test(storedName)) throw new Error("Not a stored file name");
    return `${location.prefix}${storedName}`;
  };
  return {
    async save(content: Buffer, ext: string): Promise<string> {
      const storedName = `${randomUUID()}.${ext}`;
      await client.send(new PutObjectCommand({ Bucket: location.bucket, Key: keyOf(storedName), Body: content }));
      return storedName;
    },
    /**
     * Streamed from the local file (one PUT with its length: uploads are at most 50 MB, under the
     * 5 GB a single PUT takes), so memory stays flat whatever the size.
     */
    async saveFile(localPath: string, ext: string): Promise<string> {
      const storedName = `${randomUUID()}.${ext}`;
      const { size } = await stat(localPath);
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: keyOf(storedName),
          Body: createReadStream(localPath),
          ContentLength: size,
        }),
      );
      await rm(localPath, { force: true });
      return storedName;
    },
    /** Signed with the machine's time, which is also what the expiry is counted from. */
    async signedUrl(storedName: string, options: SignedUrlOptions) {
      const command = new GetObjectCommand({
        Bucket: location.bucket,
        Key: keyOf(storedName),
        ResponseContentType: options.mimeType,
        ResponseContentDisposition: `${options.disposition}; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
        ResponseCacheControl: "private, no-store",
      });
      const signedAt = new Date();
      const url = await getSignedUrl(client, command, { expiresIn: options.expiresInSeconds, signingDate: signedAt });
      return { url, expiresAt: new Date(signedAt.getTime() + options.expiresInSeconds * 1000) };
    },
    /** A stream at once (as the disk store gives), filled when the object arrives. */
    open(storedName: string): Readable {
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket: location.bucket, Key: keyOf(storedName) }))
        .then((answer) => {
          const body = answer.Body as Readable | undefined;
          if (!body) throw new Error("The stored file is empty");
          body.on("error", (error) => out.destroy(error));
          body.pipe(out);
        })
        .catch((error: Error) => out.destroy(error.name === "NoSuchKey" ? new StoredFileMissing(storedName) : error));
      return out;
    },
    async remove(storedName: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: keyOf(storedName) }));
    },
    async listOlderThan(before: Date): Promise<string[]> {
      const old: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: location.bucket, Prefix: location.prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(location.prefix.length) ?? "";
          if (STORED_NAME.test(name) && object.LastModified && object.LastModified < before) old.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return old;
    },
  };
}
