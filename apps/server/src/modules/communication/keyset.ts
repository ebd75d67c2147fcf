import { KEYSET_CURSOR } from "@sprout/shared/schemas/communication";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * The rows after a cursor in a newest-first list ordered by (time, id): a row tuple comparison, so
 * rows of the same millisecond as the page's last one are neither skipped nor shown twice. The
 * times are written by the application's clock, so they carry milliseconds, as the cursor does.
 */
export function olderThan(at: PgColumn, id: PgColumn, cursor: string | undefined): SQL | undefined {
  const parts = cursor?.match(KEYSET_CURSOR);
  if (!parts) return undefined;
  return sql`(${at}, ${id}) < (${parts[1]}::timestamptz, ${parts[2]}::uuid)`;
}
