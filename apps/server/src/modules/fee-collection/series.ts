import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import type { DOCUMENT_SERIES } from "../../db/schema/fee-collection.ts";

/*
 * A centre's document numbers run per financial year (April to March), consecutive and unique:
 *   invoice      KOR/26-27/000123
 *   credit note  KOR/C26-27/00012
 *   receipt      KOR/R26-27/00012
 * all at most 16 characters with a 3-character code. Numbers are taken from `document_series`
 * by one `insert ... on conflict do update ... returning`, whose row lock holds until the taking
 * transaction ends: two instances issuing at once each get their own block, in turn.
 */

export type Series = (typeof DOCUMENT_SERIES)[number];

/** "26-27" for any date from 1 April 2026 to 31 March 2027 (an ISO date, "2026-11-20"). */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, "0")}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The same in SQL, for numbering inside one statement (`date` is a SQL date). */
export const financialYearSql = (date: SQL) =>
  sql`(to_char(${date} - interval '3 months', 'YY') || '-' || to_char(${date} + interval '9 months', 'YY'))`;

/** A centre's series code in SQL: the one its settings name, else the first three letters or digits of its name. */
export const seriesCodeSql = (centerId: SQL) => sql`(select coalesce(
    (select s.series_code from center_collection_settings s where s.center_id = ${centerId}),
    nullif(upper(left(regexp_replace(c.center_name, '[^A-Za-z0-9]', '', 'g'), 3)), ''),
    'SPR') from centers c where c.id = ${centerId})`;

const PREFIX: Record<Series, string> = { invoice: "", credit_note: "C", receipt: "R" };
const DIGITS: Record<Series, number> = { invoice: 6, credit_note: 5, receipt: 5 };

/** The printed number: `documentNumber("KOR", "invoice", "26-27", 123)` is KOR/26-27/000123. */
export function documentNumber(code: string, series: Series, financialYear: string, number: number): string {
  return `${code}/${PREFIX[series]}${financialYear}/${String(number).padStart(DIGITS[series], "0")}`;
}

/**
 * Takes `count` numbers of a centre's series in the caller's transaction and answers the first;
 * the numbers are `first` to `first + count - 1`. Call it inside the transaction that writes the
 * documents, so a rolled-back write gives its numbers back.
 */
export async function takeNumbers(
  tx: Database,
  centerId: string,
  series: Series,
  financialYear: string,
  count = 1,
): Promise<{ first: number; code: string }> {
  const result = await tx.execute(sql`
    insert into document_series (center_id, series, financial_year, last_number)
    values (${centerId}::uuid, ${series}, ${financialYear}, ${count})
    on conflict (center_id, series, financial_year)
      do update set last_number = document_series.last_number + excluded.last_number
    returning last_number, ${seriesCodeSql(sql`${centerId}::uuid`)} as code`);
  const [row] = rowsOf<{ last_number: number; code: string }>(result);
  return { first: Number(row!.last_number) - count + 1, code: row!.code };
}
