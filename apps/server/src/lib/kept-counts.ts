import { inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { invoiceCounts, studentCounts } from "../db/schema/counts.ts";

/**
 * How many rows each status has over the given centres, read from a table the database keeps
 * (db/schema/counts.ts): a few rows per centre, whatever the size of the list they count.
 */
export async function keptCounts(
  db: Database,
  table: typeof studentCounts | typeof invoiceCounts,
  centerIds: readonly string[],
): Promise<Map<string, number>> {
  if (centerIds.length === 0) return new Map();
  const rows = await db
    .select({ status: table.status, n: sql<number>`sum(${table.n})::int` })
    .from(table)
    .where(inArray(table.centerId, [...centerIds]))
    .groupBy(table.status);
  return new Map(rows.map((row) => [row.status, row.n]));
}
