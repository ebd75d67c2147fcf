import { type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

/**
 * How many matches a search counts beyond the first row of the page asked for. Past it the total is
 * shown as "100+": counting every match of a wide search (a common name over many centres) read all
 * of them on every page (40,000 invoices, 17–67 ms at 100,000), and even 300 matches past the page
 * read ~2,600 invoices when one in ten matches. Nobody pages through more; the next pages stay
 * reachable because the cap moves with the page.
 */
export const SEARCH_COUNT_CAP = 100;

export interface CappedCount {
  total: number;
  /** True when there are more matches than `total` (the list shows "100+"). */
  lowerBound: boolean;
}

/**
 * Counts the rows `matches` selects, stopping at `SEARCH_COUNT_CAP` past `offset`, so that the
 * next pages stay reachable while the count never reads more than a few hundred rows.
 * `matches` is a select without limit (`db.select({ one: sql`1` }).from(...).where(...)`).
 */
export async function cappedCount(
  db: Database,
  matches: SQLWrapper,
  offset: number,
  cap = SEARCH_COUNT_CAP,
): Promise<CappedCount> {
  const ceiling = offset + cap;
  const result = await db.execute(sql`select count(*)::int as count from (${matches} limit ${ceiling + 1}) as matches`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const count = (rows[0] as { count: number } | undefined)?.count ?? 0;
  return count > ceiling ? { total: ceiling, lowerBound: true } : { total: count, lowerBound: false };
}
