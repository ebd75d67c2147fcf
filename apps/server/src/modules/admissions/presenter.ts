import type { LinkRequest } from "@sprout/shared/schemas/link-requests";

/** A pending link request as read, with the child's names and centre. */
export interface LinkRequestRow {
  id: string;
  firstName: string;
  lastName: string;
  centerName: string;
  createdAt: Date;
}

/** A link request as the parent it was made for reads it: whose child, where, since when. */
export const toLinkRequest = (row: LinkRequestRow): LinkRequest => ({
  id: row.id,
  child_first_name: row.firstName,
  child_last_name: row.lastName,
  center_name: row.centerName,
  requested_at: row.createdAt.toISOString(),
});
