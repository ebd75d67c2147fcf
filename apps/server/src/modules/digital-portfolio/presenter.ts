import type { PortfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import { isFamily } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { mayDelete } from "./policy.ts";

export type ItemRow = typeof portfolioItems.$inferSelect & {
  childName: string;
  className: string | null;
  uploadedByName: string | null;
};

/**
 * A portfolio item as the spec names its fields. Files are reached only through the access-checked
 * routes. Parents get neither the other children's names in a group photo (another family's data)
 * nor the storage details staff use.
 */
export function toItem(caller: Caller, row: ItemRow, tagged: string[]): PortfolioItem {
  const family = isFamily(caller);
  const base = `/api/digital-portfolio/${row.id}`;
  const item: PortfolioItem = {
    id: row.id,
    title: row.title,
    description: row.description,
    file_name: row.fileName,
    file_url: `${base}/file`,
    thumbnail_url: row.thumbStoredName ? `${base}/thumbnail` : null,
    media_type: row.mediaType,
    is_favorite: row.isFavorite,
    upload_date: row.createdAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    capture_method: row.captureMethod,
    child_id: row.studentId,
    child_name: row.childName,
    class_name: row.className,
    uploaded_by_name: row.uploadedByName,
    tagged_children: family ? [] : tagged,
  };
  if (!family) {
    item.size_bytes = row.sizeBytes;
    item.capture_metadata = (row.captureMetadata as PortfolioItem["capture_metadata"]) ?? null;
    item.can_delete = mayDelete(caller, row);
  }
  return item;
}
