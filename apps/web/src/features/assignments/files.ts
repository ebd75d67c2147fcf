import { english } from "@sprout/shared/i18n/english";
import {
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_FILE_TYPES,
  ASSIGNMENT_FILES_MAX,
} from "@sprout/shared/schemas/assignments";
import type { Say } from "../../i18n/useSay";

export const ACCEPT = ASSIGNMENT_FILE_TYPES.join(",");

/** The same checks the server makes, before anything is sent: type, size and count (`say`: the reader's language). */
export function checkFiles(list: FileList | null, say: Say = english): { files: File[]; error: string | null } {
  const picked = Array.from(list ?? []);
  if (picked.length > ASSIGNMENT_FILES_MAX) return { files: [], error: say("assignments.tooManyFiles") };
  if (picked.some((file) => file.size > ASSIGNMENT_FILE_MAX_BYTES))
    return { files: [], error: say("assignments.fileTooLarge") };
  if (picked.some((file) => !(ASSIGNMENT_FILE_TYPES as readonly string[]).includes(file.type)))
    return { files: [], error: say("assignments.fileType") };
  return { files: picked, error: null };
}
