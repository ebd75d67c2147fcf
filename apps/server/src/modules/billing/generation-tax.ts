import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { financialYearSql, seriesCodeSql } from "../fee-collection/series.ts";
import { uuidArray } from "./queries.ts";
import { TAX_SCALE } from "./tax.ts";

/*
 * Set-based forms of tax.ts and of the invoice series, for the monthly run's one statement.
 */

/** a mod TAX_SCALE, never negative. */
const modScale = (value: SQL) =>
  sql`(((${value}) % ${TAX_SCALE}::bigint + ${TAX_SCALE}::bigint) % ${TAX_SCALE}::bigint)`;

/**
 * `computeInvoiceTax` in SQL: from a relation `source` with columns `doc` (the invoice the line
 * belongs to), `position`, `amount` (tax-inclusive paise), `rate`, `registered` and `intra`
 * (same state), two CTEs: `tax_parts` and `taxed` (adds `taxable`, `cgst`, `sgst`, `igst`).
 * Each head is rounded once per `doc` (half up) and shared out by largest remainder, ties to the
 * lower position, exactly as tax.ts does; `generation-tax.test.ts` holds the two together.
 */
export function taxCtes(source: SQL) {
  return sql`
    tax_parts as (
      select l.*, p.scaled, ${modScale(sql`p.scaled`)} as remainder,
             (p.scaled - ${modScale(sql`p.scaled`)}) / ${TAX_SCALE}::bigint as floor_share
      from ${source} l
      cross join lateral (
        select case when l.registered and l.rate > 0
                    then l.amount::bigint * l.rate * (${TAX_SCALE}::bigint / ((case when l.intra then 2 else 1 end) * (100 + l.rate)))
                    else 0::bigint end as scaled
      ) p
    ),
    tax_shares as (
      select t.*,
             sum(t.scaled) over (partition by t.doc) + ${TAX_SCALE / 2}::bigint as half_up,
             sum(t.floor_share) over (partition by t.doc) as floors,
             row_number() over (partition by t.doc order by t.remainder desc, t.position) as rank
      from tax_parts t
    ),
    taxed as (
      select s.*, x.share,
             case when s.intra then x.share else 0 end as cgst,
             case when s.intra then x.share else 0 end as sgst,
             case when s.intra then 0 else x.share end as igst,
             s.amount - case when s.intra then 2 * x.share else x.share end as taxable
      from tax_shares s
      cross join lateral (
        select s.floor_share + case
          when s.rank <= (s.half_up - ${modScale(sql`s.half_up`)}) / ${TAX_SCALE}::bigint - s.floors then 1 else 0 end as share
      ) x
    )`;
}

/**
 * The centres' tax and series facts for a run: GSTIN, its state, the financial year of the
 * centre's today, the series code and the last invoice number given in that year.
 */
export const seriesCte = sql`
    series as (
      select ctr.id as center_id, cs.gstin, left(cs.gstin, 2) as supplier_state,
             ${financialYearSql(sql`ctr.today`)} as financial_year,
             ${seriesCodeSql(sql`ctr.id`)} as code,
             coalesce(ds.last_number, 0) as last_number
      from centre ctr
      left join center_collection_settings cs on cs.center_id = ctr.id
      left join document_series ds
        on ds.center_id = ctr.id and ds.series = 'invoice' and ds.financial_year = ${financialYearSql(sql`ctr.today`)}
    )`;

/**
 * Locks the invoice series rows of the centres for this financial year (making them when new),
 * in centre order so that two runs never wait on each other crosswise. Call it in the run's
 * transaction BEFORE the statement that decides who is billed: under READ COMMITTED that
 * statement then sees every invoice the other instance committed before it let the lock go, so
 * both runs never bill the same child and the numbers stay consecutive.
 */
export async function lockInvoiceSeries(tx: Database, centerIds: readonly string[], now: Date) {
  const years = sql`
    select ctr.id, ${financialYearSql(sql`(${now.toISOString()}::timestamptz at time zone ctr.time_zone)::date`)} as financial_year
    from centers ctr where ctr.id = any(${uuidArray(centerIds)})`;
  await tx.execute(sql`
    insert into document_series (center_id, series, financial_year, last_number)
    select y.id, 'invoice', y.financial_year, 0 from (${years}) y order by y.id
    on conflict do nothing`);
  await tx.execute(sql`
    select ds.last_number from document_series ds
    join (${years}) y on y.id = ds.center_id and y.financial_year = ds.financial_year
    where ds.series = 'invoice'
    order by ds.center_id
    for update of ds`);
}
