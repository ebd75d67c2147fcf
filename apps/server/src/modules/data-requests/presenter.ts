import type {
  DataExport,
  DeskDataRequest,
  ParentDataRequest,
  RetentionSetting,
} from "@sprout/shared/schemas/data-requests";
import type { dataExports, dataRequests, retentionSettings } from "../../db/schema/data-requests.ts";

/** Row → answer mapping for the data-rights area: the parent's view and the desk's view. */

const iso = (value: Date | null) => (value ? value.toISOString() : null);
export const fullName = (first: string, last: string) => [first, last].filter(Boolean).join(" ");

export function toExport(row: typeof dataExports.$inferSelect, childName: string, now: Date): DataExport {
  const expired = row.status === "ready" && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    student_id: row.studentId,
    child_name: childName,
    status: expired ? "expired" : row.status,
    progress: row.progress,
    size_bytes: expired ? null : row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    ready_at: iso(row.readyAt),
    expires_at: iso(row.expiresAt),
  };
}

type RequestRow = typeof dataRequests.$inferSelect;

/** The parent sees their words, the due date and the centre's answer; not who on the staff answered. */
export function toParentRequest(row: RequestRow, childName: string): ParentDataRequest {
  return {
    id: row.id,
    student_id: row.studentId,
    child_name: childName,
    kind: row.kind,
    details: row.details,
    correction: row.correction,
    status: row.status,
    due_date: row.dueDate,
    answer: row.answer,
    answered_at: iso(row.answeredAt),
    created_at: row.createdAt.toISOString(),
  };
}

export function toDeskRequest(
  row: RequestRow,
  extra: {
    childName: string;
    childStatus: "active" | "paused" | "left";
    childErased: boolean;
    requestedByName: string;
    answeredByName: string | null;
  },
): DeskDataRequest {
  return {
    ...toParentRequest(row, extra.childName),
    center_id: row.centerId,
    requested_by_name: extra.requestedByName,
    child_status: extra.childStatus,
    child_erased: extra.childErased,
    answered_by_name: extra.answeredByName,
  };
}

export function toRetention(
  centerId: string,
  row: typeof retentionSettings.$inferSelect | undefined,
  defaults: { records: number; books: number },
): RetentionSetting {
  return {
    center_id: centerId,
    enabled: row?.enabled ?? false,
    records_years: row?.recordsYears ?? defaults.records,
    books_years: row?.booksYears ?? defaults.books,
    updated_at: iso(row?.updatedAt ?? null),
  };
}
