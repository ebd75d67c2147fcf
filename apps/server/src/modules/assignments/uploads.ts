import {
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_FILE_TYPES,
  ASSIGNMENT_MESSAGES,
} from "@sprout/shared/schemas/assignments";
import { reencodeIfImage } from "../../files/images.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import { HttpError } from "../../lib/errors.ts";

export interface Upload {
  name: string;
  content: Buffer;
}
export interface StoredFile {
  name: string;
  storedName: string;
  mime: string;
  size: number;
}

const ALLOWED = new Set<string>(ASSIGNMENT_FILE_TYPES);

/**
 * Checks every file by its content (not its name or declared type), re-encodes images so their
 * metadata (a child's photo's GPS position) is gone, and stores them; all or none.
 */
export async function storeUploads(files: FileStore, uploads: Upload[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const upload of uploads) {
      if (upload.content.length > ASSIGNMENT_FILE_MAX_BYTES)
        throw new HttpError(413, "FILE_TOO_LARGE", ASSIGNMENT_MESSAGES.fileTooLarge);
      const kind = sniff(upload.content);
      if (!kind || !ALLOWED.has(kind.mime))
        throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", ASSIGNMENT_MESSAGES.fileType);
      const content = await reencodeIfImage(upload.content, kind.mime);
      const storedName = await files.save(content, kind.ext);
      stored.push({
        name: upload.name.slice(0, 200) || `file.${kind.ext}`,
        storedName,
        mime: kind.mime,
        size: content.length,
      });
    }
  } catch (error) {
    await removeStored(files, stored);
    throw error;
  }
  return stored;
}

export const removeStored = (files: FileStore, stored: { storedName: string }[]) =>
  Promise.all(stored.map((file) => files.remove(file.storedName)));
