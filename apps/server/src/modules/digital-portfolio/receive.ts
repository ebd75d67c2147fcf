import {
  batchCaptureMethodField,
  batchMetadataField,
  type CAPTURE_METHODS,
  type captureMetadata,
  PORTFOLIO_BATCH_MAX,
  PORTFOLIO_MESSAGES,
  type UploadFields,
  uploadFields,
} from "@sprout/shared/schemas/digital-portfolio";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { discardReceived, type ReceivedFile, receiveToTemp } from "../../files/incoming.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import { tooLargeFor, uploadLimit } from "./media.ts";

export interface IncomingFile extends ReceivedFile {
  metadata: z.output<typeof captureMetadata> | undefined;
  /** How this file was taken (`captureMethod[i]` in a batch); none given means the form's. */
  captureMethod: (typeof CAPTURE_METHODS)[number] | undefined;
  /** A clip's poster frame, taken by the browser (`poster`, or `poster[i]` in a batch). */
  poster: ReceivedFile | null;
}

export interface ReceivedUpload {
  fields: UploadFields;
  incoming: IncomingFile[];
  /** Removes whatever temporary file is left (a stored clip has already moved out). */
  discard(): Promise<void>;
}

const MALFORMED = "The upload is not a valid multipart form";
const POSTER = /^poster(?:\[(\d{1,2})\])?$/;

const refusalOf = (failure: unknown) => {
  if (failure instanceof HttpError) return failure;
  const code = (failure as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, "FILE_TOO_LARGE", PORTFOLIO_MESSAGES.videoTooLarge);
  if (code === "FST_FILES_LIMIT") return badRequest(PORTFOLIO_MESSAGES.tooManyFiles);
  return badRequest(MALFORMED);
};

/**
 * Reads an upload form part by part, each file streamed to a temporary file with its limit
 * enforced as it arrives (nothing is held in memory). On any refusal every part already written is
 * removed and the first refusal is raised once the form has been read to its end.
 */
export async function receiveUpload(request: FastifyRequest, fileField: "file" | "files"): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest(MALFORMED);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const posters = new Map<number, ReceivedFile>();
  const discard = async () => {
    await discardReceived([...files, ...posters.values()]);
  };
  let refusal: HttpError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      const poster = POSTER.exec(part.fieldname);
      const wanted = part.fieldname === fileField || poster;
      if (refusal || !wanted) {
        part.file.resume();
        continue;
      }
      try {
        const received = await receiveToTemp(part.filename, part.file, {
          limitFor: (head) => uploadLimit(head, { poster: Boolean(poster) }),
          tooLarge: tooLargeFor,
        });
        if (received.size === 0) await discardReceived([received]);
        else if (poster) posters.set(Number(poster[1] ?? 0), received);
        else files.push(received);
        if (files.length > PORTFOLIO_BATCH_MAX) refusal = badRequest(PORTFOLIO_MESSAGES.tooManyFiles);
      } catch (failure) {
        refusal = refusalOf(failure);
      }
    }
  } catch (failure) {
    refusal ??= refusalOf(failure);
  }
  if (refusal) {
    await discard();
    throw refusal;
  }
  try {
    return { fields: parseFields(fields), incoming: withMetadata(files, posters, fields), discard };
  } catch (failure) {
    await discard();
    throw failure;
  }
}

function parseFields(fields: Record<string, string>): UploadFields {
  const parsed = uploadFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(issue.message, { [String(issue.path[0] ?? "form")]: issue.message });
}

function withMetadata(
  files: ReceivedFile[],
  posters: Map<number, ReceivedFile>,
  fields: Record<string, string>,
): IncomingFile[] {
  const parsed = <T>(schema: z.ZodType<T>, text: string | undefined): T | undefined => {
    if (text === undefined) return undefined;
    const result = schema.safeParse(text);
    if (!result.success) throw badRequest(result.error.issues[0]!.message);
    return result.data;
  };
  return files.map((file, index) => ({
    ...file,
    metadata: parsed(batchMetadataField, fields[`captureMetadata[${index}]`]),
    captureMethod: parsed(batchCaptureMethodField, fields[`captureMethod[${index}]`]),
    poster: posters.get(index) ?? null,
  }));
}
