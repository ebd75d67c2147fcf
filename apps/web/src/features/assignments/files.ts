import {
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_FILE_TYPES,
  ASSIGNMENT_FILES_MAX,
  ASSIGNMENT_MESSAGES,
} from "@sprout/shared/schemas/assignments";

export const ACCEPT = ASSIGNMENT_FILE_TYPES.join(",");

/** The same checks the server makes, before anything is sent: type, size and count. */
export function checkFiles(list: FileList | null): { files: File[]; error: string | null } {
  const picked = Array.from(list ?? []);
  if (picked.length > ASSIGNMENT_FILES_MAX) return { files: [], error: ASSIGNMENT_MESSAGES.tooManyFiles };
  if (picked.some((file) => file.size > ASSIGNMENT_FILE_MAX_BYTES))
    return { files: [], error: ASSIGNMENT_MESSAGES.fileTooLarge };
  if (picked.some((file) => !(ASSIGNMENT_FILE_TYPES as readonly string[]).includes(file.type)))
    return { files: [], error: ASSIGNMENT_MESSAGES.fileType };
  return { files: picked, error: null };
}
