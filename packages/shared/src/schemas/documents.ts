import { z } from "zod";
import { LIST_MAX_PAGE, listPagination, pageParams, safeString, searchParam } from "./primitives.ts";

export const DOCUMENT_TYPES = ["policy", "contract", "report", "form", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  policy: "Policy",
  contract: "Contract",
  report: "Report",
  form: "Form",
  other: "Other",
};

/** 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What an uploaded file may be, judged by its content (not its name). */
export const DOCUMENT_ACCEPT = ".pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx";

export const DOCUMENT_MESSAGES = {
  fileRequired: "Please choose a file",
  typeRequired: "Please choose a document type",
  tooLarge: "File size must be less than 10MB",
  badType: "Only PDF, image (PNG, JPEG, GIF, WebP) and Office (Word, Excel, PowerPoint) files can be uploaded",
  chooseCentre: "Please choose a centre",
  uploadFailed: "Could not upload document",
  fetchFailed: "Could not fetch documents",
  deleteFailed: "Could not delete document",
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

export const documentIdParams = z.object({ id: z.uuid({ error: "Document not found" }) });
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
