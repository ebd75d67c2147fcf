import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { LIST_MAX_PAGE, listPagination, pageParams, safeString, searchParam } from "./primitives.ts";

export const DOCUMENT_TYPES = ["policy", "contract", "report", "form", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** The catalogue's words for each type; `DOCUMENT_TYPE_LABELS` is their English. */
export const DOCUMENT_TYPE_LABEL_IDS: Record<DocumentType, MessageId> = {
  policy: "documents.typePolicy",
  contract: "documents.typeContract",
  report: "documents.typeReport",
  form: "documents.typeForm",
  other: "documents.typeOther",
};
export const DOCUMENT_TYPE_LABELS = Object.fromEntries(
  DOCUMENT_TYPES.map((type) => [type, english(DOCUMENT_TYPE_LABEL_IDS[type])]),
) as Record<DocumentType, string>;

/** 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What an uploaded file may be, judged by its content (not its name). */
export const DOCUMENT_ACCEPT = ".pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx";

export const DOCUMENT_MESSAGES = {
  fileRequired: english("documents.fileRequired"),
  typeRequired: english("documents.typeRequired"),
  tooLarge: english("documents.tooLarge"),
  badType: english("documents.badType"),
  chooseCentre: english("documents.chooseCentre"),
  uploadFailed: english("documents.uploadFailed"),
  fetchFailed: english("documents.fetchFailed"),
  deleteFailed: english("documents.deleteFailed"),
} as const;

export const documentItem = z.object({
  id: safeString(),
  name: safeString(),
  type: z.enum(DOCUMENT_TYPES),
  description: safeString().nullable(),
  uploadedBy: safeString().nullable(),
  uploadDate: safeString(),
  url: safeString(),
  mime_type: safeString(),
  size: z.number().int(),
  center_id: safeString().nullable(),
  center_name: safeString().nullable(),
});
export type DocumentItem = z.infer<typeof documentItem>;

/** The text fields of the multipart upload. */
export const uploadFields = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: DOCUMENT_MESSAGES.typeRequired }),
  description: safeString().trim().max(500).optional().default(""),
  center_id: z.uuid({ error: DOCUMENT_MESSAGES.chooseCentre }).optional(),
});

export const documentIdParams = z.object({ id: z.uuid({ error: english("documents.notFound") }) });
/** GET /documents: a page of documents, newest first, searched by name or description. */
export const documentsQuery = z.object({
  type: z.enum(DOCUMENT_TYPES).optional(),
  center_id: z.uuid().optional(),
  search: searchParam(),
  ...pageParams,
});
export const documentsResponse = z.object({
  documents: z.array(documentItem).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type DocumentsPage = z.infer<typeof documentsResponse>;
