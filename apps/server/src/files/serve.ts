import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoredFileMissing } from "./store.ts";

/** A stored file as a service hands it to its route, after the access check. */
export interface ServedFile {
  stream: Readable;
  mimeType: string;
  /** The uploader's file name, offered to the browser's save dialog. */
  name?: string;
  size?: number;
}

/** The image kinds the store keeps (every upload of these is re-encoded by sharp): safe to show in a page. */
const INLINE_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Sends a file a user uploaded. A document (a PDF may carry JavaScript, an Office file macros) is an
 * attachment the browser saves rather than opens on our origin, and were it opened anyway its
 * `sandbox` policy gives it no origin and no scripts; an image may be shown inline. Nothing is
 * sniffed as another type. The web app fetches files and opens them from a blob, which these
 * headers do not change.
 */
export function sendStoredFile(reply: FastifyReply, file: ServedFile, { download = false } = {}) {
  const disposition = !download && INLINE_IMAGES.has(file.mimeType) ? "inline" : "attachment";
  if (file.size !== undefined) reply.header("content-length", String(file.size));
  return reply
    .header("content-type", file.mimeType)
    .header(
      "content-disposition",
      file.name ? `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}` : disposition,
    )
    .header("content-security-policy", "sandbox")
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(file.stream);
}

/** Headers a file answer wrote to the response before its stream failed; they do not describe an error. */
const FILE_HEADERS = ["content-type", "content-length", "content-disposition", "cache-control"];

/**
 * A streamed answer that fails before its first byte (the stored file is missing, the store is
 * unreachable) has already written its headers to the response (Fastify must, to stream); an error
 * answered instead must not go out as a PDF or an attachment.
 */
export function forgetFileHeaders(reply: FastifyReply) {
  if (reply.raw.headersSent) return;
  for (const name of FILE_HEADERS) {
    reply.removeHeader(name);
    reply.raw.removeHeader(name);
  }
}

/** A row names a file the store lacks: the caller gets the usual 404, the operator a warning naming the file. */
export function answerMissingFile(error: StoredFileMissing, request: FastifyRequest, reply: FastifyReply) {
  request.log.warn({ file: error.storedName }, "stored file missing");
  return reply.code(404).send({ error: "File not found", code: "NOT_FOUND" });
}
