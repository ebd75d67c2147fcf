import type { FastifyRequest } from "fastify";
import { HttpError } from "../lib/errors.ts";

export interface MultipartUpload {
  fields: Record<string, string>;
  file?: { name: string; content: Buffer };
}

const MALFORMED = "The upload is not a valid multipart form";

/**
 * Reads a multipart form holding at most one file (under `fileField`) and text fields. A body
 * that is cut short or not multipart at all is the caller's mistake: 400, never 500; a file past
 * the route's size limit answers 413 with `tooLarge`.
 */
export async function readMultipart(
  request: FastifyRequest,
  { fileField, tooLarge }: { fileField: string; tooLarge: string },
): Promise<MultipartUpload> {
  const upload: MultipartUpload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        if (part.fieldname === fileField) upload.file = { name: part.filename, content };
      } else if (typeof part.value === "string") {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new HttpError(413, "FILE_TOO_LARGE", tooLarge);
    throw new HttpError(400, "INVALID_MULTIPART", MALFORMED);
  }
  return upload;
}
