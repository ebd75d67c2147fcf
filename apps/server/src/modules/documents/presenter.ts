import type { DocumentItem, DocumentType } from "@sprout/shared/schemas/documents";

/** A document as read, with its uploader's and its centre's names. */
export interface DocumentRow {
  id: string;
  name: string;
  type: DocumentType;
  description: string | null;
  uploadedBy: string | null;
  uploadedAt: Date;
  mimeType: string;
  size: number;
  centerId: string | null;
  centerName: string | null;
}

/** A document as the Documents page lists it, with the address of its file (never its stored name). */
export const toDocumentItem = (row: DocumentRow): DocumentItem => ({
  id: row.id,
  name: row.name,
  type: row.type,
  description: row.description,
  uploadedBy: row.uploadedBy,
  uploadDate: row.uploadedAt.toISOString(),
  url: `/api/documents/${row.id}/file`,
  mime_type: row.mimeType,
  size: row.size,
  center_id: row.centerId,
  center_name: row.centerName,
});
