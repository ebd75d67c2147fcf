import { getTableName, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { invoiceCounts, studentCounts } from "../db/schema/counts.ts";
import { anyOf, idList, preparedQueries } from "./prepared.ts";

/** Each database's prepared count statements; every list page runs one. */
const preparedOf = new WeakMap<Database, ReturnType<typeof preparedQueries>>();

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
  let prepared = preparedOf.get(db);
  if (!prepared) {
    prepared = preparedQueries();
    preparedOf.set(db, prepared);
  }
  const counts = prepared(getTableName(table), () =>
    db
      .select({ status: table.status, n: sql<number>`sum(${table.n})::int` })
      .from(table)
      .where(anyOf(table.centerId, "centres"))
      .groupBy(table.status),
  );
  const rows = await counts.execute({ centres: idList(centerIds) });
  return new Map(rows.map((row) => [row.status, row.n]));
}
