import type { Policy } from "@sprout/shared/schemas/policies";
import type { policies } from "../../db/schema/policies.ts";

/** A policy as read, with the caller's own acknowledgement of its current version. */
export interface PolicyRow {
  policy: typeof policies.$inferSelect;
  centerName: string;
  publishedByName: string | null;
  acknowledgedAt: Date | null;
}

/**
 * A policy as the caller reads it: its audience's members see whether they acknowledged it, its
 * managers how many of the audience did; everyone else neither.
 */
export function toPolicy(
  row: PolicyRow,
  view: { manages: boolean; member: boolean; counts: { acknowledged: number; total: number } | null },
): Policy {
  return {
    id: row.policy.id,
    title: row.policy.title,
    body: row.policy.body,
    version: row.policy.version,
    audience: row.policy.audience,
    effective_date: row.policy.effectiveDate,
    center_id: row.policy.centerId,
    center_name: row.centerName,
    published_at: row.policy.publishedAt.toISOString(),
    published_by: row.publishedByName ?? "",
    pdf: row.policy.pdfName ? { name: row.policy.pdfName, url: `/api/policies/${row.policy.id}/file` } : null,
    can_manage: view.manages,
    ...(view.member && { acknowledged_at: row.acknowledgedAt?.toISOString() ?? null }),
    ...(view.counts && { acknowledged_count: view.counts.acknowledged, audience_count: view.counts.total }),
  };
}
