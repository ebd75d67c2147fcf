import type { GenerateMonthlyResult } from "@sprout/shared/schemas/billing";
import { MONTHLY_INVOICE_DUE_DAYS } from "@sprout/shared/schemas/billing";
import { type SQL, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { PRE_PRIMARY_SAC } from "../../db/schema/billing.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { toRupees } from "../../lib/money.ts";
import type { PushQueue } from "../push/area.ts";
import { lockInvoiceSeries, seriesCte, taxCtes } from "./generation-tax.ts";
import { pushInvoices } from "./push.ts";
import { uuidArray } from "./queries.ts";

export interface Outcome {
  created: number;
  total_paise: string | number;
  already_invoiced: number;
  paused: number;
  left: number;
  no_monthly_fee: number;
  not_yet_enrolled: number;
  months: string[] | null;
  scanned: number;
  last_student: string | null;
}

/**
 * Students per batch. Each batch is its own transaction (with its audit row), and the run
 * yields to the event loop between batches: on the embedded database, which runs in this
 * thread, one statement for 30,000 children would stall every other request for seconds.
 */
export const GENERATION_BATCH = 250;

const COUNTS = ["created", "already_invoiced", "paused", "left", "no_monthly_fee", "not_yet_enrolled"] as const;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The monthly run, as one set-based statement (fast for ten thousand students, and safe when two
 * clicks or two servers run it at once: the unique index on (student, billing month) for monthly
 * invoices makes the second insert of a pair do nothing).
 *
 * For each centre in scope, "today" is the date in the centre's time zone; the billing month is
 * the month of that date; invoices are issued today and due in 30 days. Who is billed:
 * - left students: never (their final dues go through an invoice request);
 * - students enrolled after the billing month ends: not yet;
 * - paused students: skipped when the pause covers the whole billing month; otherwise the paused
 *   school days (Monday to Friday) are credited pro rata: those of the billing month known at
 *   generation, and those of the month before not credited yet (a pause recorded after that
 *   month's invoice), as negative "Pause credit" lines;
 * - the monthly fee is the student's own monthly fee when set, otherwise the monthly fee of the fee
 *   structure of their program for the academic year (April-March) of the billing month, plus that
 *   structure's recurring, non-optional components; students with neither are not on monthly
 *   billing and are skipped.
 */
/** The academic year label (April-March) of a date expression: 2026-11-01 -> '2026-27'. */
const academicYear = (date: SQL) => sql`(
  (extract(year from ${date})::int - (extract(month from ${date})::int < 4)::int)::text || '-' ||
  lpad(((extract(year from ${date})::int - (extract(month from ${date})::int < 4)::int + 1) % 100)::text, 2, '0')
)`;

/** One batch of the run: the students after `after` (by id), at most `size` of them. */
export interface Batch {
  after: string | null;
  size: number;
}

/**
 * Who the run bills and for how much, as the CTEs the run and its preview both start from:
 * `candidate` (every student looked at, with why not billed), `eligible` (with `base`, the fee and
 * its recurring components) and `credit_total` (the pause credit taken off).
 */
export function billedStudents(centerIds: readonly string[], now: Date, batch?: Batch) {
  const inBatch = batch
    ? sql`and (${batch.after}::uuid is null or s.id > ${batch.after}::uuid) order by s.id limit ${batch.size}`
    : sql``;
  return sql`
    with centre as (
      select c.id, c.organisation_id, c.time_zone, t.today,
             date_trunc('month', t.today)::date as month_start,
             (date_trunc('month', t.today) + interval '1 month - 1 day')::date as month_end
      from centers c
      cross join lateral (select (${now.toISOString()}::timestamptz at time zone c.time_zone)::date as today) t
      where c.id = any(${uuidArray(centerIds)})
    ),
    candidate as (
      select s.id as student_id, s.center_id, c.organisation_id, c.time_zone, c.today, c.month_start, c.month_end,
             coalesce(s.monthly_fee_paise, fs.monthly_fee_paise) as fee,
             fs.id as structure_id,
             coalesce((select sum(fc.amount_paise) from fee_components fc
                       where fc.fee_structure_id = fs.id and fc.component_type = 'recurring' and not fc.is_optional), 0)::bigint as extras,
             case
               when s.status = 'left' then 'left'
               when s.enrollment_date > c.month_end then 'not_yet_enrolled'
               when s.status = 'paused' and s.pause_start_date <= c.month_start and s.pause_end_date >= c.month_end then 'paused'
               when coalesce(s.monthly_fee_paise, fs.monthly_fee_paise) is null then 'no_monthly_fee'
               else 'eligible'
             end as category
      from students s
      join centre c on c.id = s.center_id
      left join fee_structures fs
        on fs.organisation_id = c.organisation_id
       and fs.program_name = s.program_name
       and fs.academic_year = ${academicYear(sql`c.month_start`)}
      where (s.status <> 'left' or s.exit_date is null or s.exit_date >= c.month_start)
      ${inBatch}
    ),
    eligible as (
      select *, fee + extras as base from candidate where category = 'eligible' and fee + extras > 0
    ),
    -- Paused school days (Monday to Friday) of each child in the billing month and the month
    -- before. A pause covers its start date up to the day before the child is back: the end
    -- date, or the day it was ended early in the centre's time zone.
    pause_days as (
      select e.student_id, m.credit_month, m.is_current, count(distinct d.day)::int as paused
      from eligible e
      join student_pauses p on p.student_id = e.student_id
      cross join lateral (values (e.month_start, true), ((e.month_start - interval '1 month')::date, false))
        as m(credit_month, is_current)
      cross join lateral generate_series(
        greatest(p.start_date, m.credit_month),
        least(
          case when p.ended_at is null then p.end_date
               else least(p.end_date, (p.ended_at at time zone e.time_zone)::date) end - 1,
          (m.credit_month + interval '1 month - 1 day')::date),
        interval '1 day') as d(day)
      where extract(isodow from d.day) < 6
      group by e.student_id, m.credit_month, m.is_current
    ),
    -- Days not credited yet by an invoice that still stands; the month before counts only when
    -- it was billed (a child not billed for a month gets no credit for it).
    credit as (
      select pd.student_id, pd.credit_month, pd.paused - coalesce(done.days, 0) as days, school.days as school_days
      from pause_days pd
      cross join lateral (
        select count(*)::int as days
        from generate_series(pd.credit_month, (pd.credit_month + interval '1 month - 1 day')::date, interval '1 day') as d(day)
        where extract(isodow from d.day) < 6
      ) school
      cross join lateral (
        select sum(l.credit_days)::int as days
        from invoices i join invoice_lines l on l.invoice_id = i.id
        where i.student_id = pd.student_id and i.status <> 'Cancelled' and l.credit_month = pd.credit_month
      ) done
      where pd.paused > coalesce(done.days, 0)
        and (pd.is_current or exists (
          select 1 from invoices i
          where i.student_id = pd.student_id and i.kind = 'monthly' and i.billing_month = pd.credit_month
            and i.status <> 'Cancelled'))
    ),
    -- Fee x paused school days / school days of that month, to the nearest paisa; the billing
    -- month's credit first, and never more in all than the invoice's fee.
    credit_amount as (
      select c.student_id, c.credit_month, c.days,
             greatest(0, least(
               round(e.base::numeric * c.days / c.school_days)::bigint,
               e.base - coalesce(sum(round(e.base::numeric * c.days / c.school_days)::bigint) over (
                 partition by c.student_id order by c.credit_month desc
                 rows between unbounded preceding and 1 preceding), 0)))::bigint as amount
      from credit c join eligible e on e.student_id = c.student_id
    ),
    credit_total as (
      select student_id, sum(amount)::bigint as amount from credit_amount group by student_id
    )`;
}

/** The counts of a batch, `created` being what the run made (or, in a preview, would make). */
export const batchSummary = (created: SQL, totalPaise: SQL) => sql`
    select
      ${created}::int as created,
      ${totalPaise}::bigint as total_paise,
      (select count(*) from eligible)::int - ${created}::int as already_invoiced,
      (select count(*) from candidate where category = 'paused')::int as paused,
      (select count(*) from candidate where category = 'left')::int as left,
      (select count(*) from candidate where category = 'no_monthly_fee' or (category = 'eligible' and fee + extras <= 0))::int as no_monthly_fee,
      (select count(*) from candidate where category = 'not_yet_enrolled')::int as not_yet_enrolled,
      (select array_agg(distinct to_char(month_start, 'YYYY-MM')) from centre) as months,
      (select count(*) from candidate)::int as scanned,
      (select student_id from candidate order by student_id desc limit 1) as last_student`;

export function monthlyGenerationStatement(
  centerIds: readonly string[],
  now: Date,
  actorId: string | null,
  batch?: Batch,
) {
  return sql`
    ${billedStudents(centerIds, now, batch)},
    ${seriesCte},
    -- Who this run bills: the eligible not invoiced for the month yet (the series lock taken
    -- before this statement makes that final), numbered per centre in student order.
    to_bill as (
      select e.*, coalesce(ct.amount, 0) as credit, sr.gstin, sr.supplier_state, sr.financial_year,
             sr.code, sr.last_number + row_number() over (partition by e.center_id order by e.student_id) as number,
             coalesce(s.payer_state_code, sr.supplier_state) as place_of_supply
      from eligible e
      join series sr on sr.center_id = e.center_id
      join students s on s.id = e.student_id
      left join credit_total ct on ct.student_id = e.student_id
      where not exists (select 1 from invoices i
                        where i.student_id = e.student_id and i.kind = 'monthly' and i.billing_month = e.month_start)
    ),
    -- The lines of each invoice with their tax class: the monthly fee (the structure's SAC and
    -- rate), the recurring components (their own) and pause credits (the monthly fee's class).
    draft_lines as (
      select b.student_id as doc, 0 as position, 'Monthly fee - ' || to_char(b.month_start, 'FMMonth YYYY') as description,
             b.fee as amount, coalesce(fs.sac_code, ${PRE_PRIMARY_SAC}::text) as sac_code, coalesce(fs.gst_rate, 0) as rate,
             null::date as credit_month, null::int as credit_days,
             b.gstin is not null as registered, b.place_of_supply = b.supplier_state as intra
      from to_bill b left join fee_structures fs on fs.id = b.structure_id
      where b.fee > 0
      union all
      select b.student_id, 1 + fc.position, fc.name, fc.amount_paise, fc.sac_code, fc.gst_rate, null, null,
             b.gstin is not null, b.place_of_supply = b.supplier_state
      from to_bill b
      join fee_components fc on fc.fee_structure_id = b.structure_id and fc.component_type = 'recurring' and not fc.is_optional
      union all
      select b.student_id, case when ca.credit_month < b.month_start then 900 else 901 end,
             'Pause credit - ' || ca.days || ' school day' || case when ca.days = 1 then '' else 's' end
               || ' of ' || to_char(ca.credit_month, 'FMMonth YYYY'),
             -ca.amount, coalesce(fs.sac_code, ${PRE_PRIMARY_SAC}::text), coalesce(fs.gst_rate, 0), ca.credit_month, ca.days,
             b.gstin is not null, b.place_of_supply = b.supplier_state
      from to_bill b
      join credit_amount ca on ca.student_id = b.student_id
      left join fee_structures fs on fs.id = b.structure_id
      where ca.amount > 0
    ),
    ${taxCtes(sql`draft_lines`)},
    documents as (
      select doc as student_id,
             case when bool_or(not registered) then 'invoice'
                  when bool_or(rate > 0) then 'tax_invoice' else 'bill_of_supply' end as tax_document
      from draft_lines group by doc
    ),
    inserted as (
      insert into invoices (organisation_id, center_id, student_id, invoice_number, kind, billing_month, description,
                            issue_date, due_date, total_paise, status, financial_year, tax_document, supplier_gstin,
                            place_of_supply, created_by, created_at, updated_at)
      select b.organisation_id, b.center_id, b.student_id,
             b.code || '/' || b.financial_year || '/' || lpad(b.number::text, 6, '0'),
             'monthly', b.month_start, 'Monthly fee for ' || to_char(b.month_start, 'FMMonth YYYY'),
             b.today, b.today + ${MONTHLY_INVOICE_DUE_DAYS}::int, b.base - b.credit, 'Pending', b.financial_year,
             coalesce(d.tax_document, 'invoice'), b.gstin, case when b.gstin is not null then b.place_of_supply end,
             ${actorId}::uuid, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from to_bill b
      left join documents d on d.student_id = b.student_id
      on conflict do nothing
      returning id, student_id, center_id, total_paise
    ),
    lines as (
      insert into invoice_lines (invoice_id, position, description, amount_paise, credit_month, credit_days,
                                 sac_code, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise)
      select i.id, t.position, t.description, t.amount, t.credit_month, t.credit_days,
             t.sac_code, case when t.registered then t.rate else 0 end, t.taxable, t.cgst, t.sgst, t.igst
      from inserted i
      join taxed t on t.doc = i.student_id
      returning invoice_id
    ),
    -- The numbers this run gave, once per centre (the rows are locked by lockInvoiceSeries).
    numbered as (
      insert into document_series (center_id, series, financial_year, last_number)
      select b.center_id, 'invoice', b.financial_year, max(b.number) from to_bill b group by b.center_id, b.financial_year
      on conflict (center_id, series, financial_year) do update set last_number = excluded.last_number
      returning 1
    )
    ${batchSummary(sql`(select count(*) from inserted)`, sql`(select coalesce(sum(total_paise), 0) from inserted)`)},
      (select count(*) from lines)::int as lines,
      (select count(*) from numbered)::int as series,
      (select array_agg(student_id::text) from inserted) as invoiced
  `;
}

/** A run's counts over all its batches. */
export interface Tally {
  counts: Record<(typeof COUNTS)[number], number>;
  totalPaise: number;
  skipped: number;
  months: string[];
}

/**
 * Runs `step` over the students in batches by keyset on the student id, yielding to the event
 * loop between batches, and adds up what each batch answers.
 */
export async function inBatches(step: (batch: Batch, number: number) => Promise<Outcome>): Promise<Tally> {
  const counts = Object.fromEntries(COUNTS.map((count) => [count, 0])) as Tally["counts"];
  let totalPaise = 0;
  const months = new Set<string>();
  let batch: Batch = { after: null, size: GENERATION_BATCH };
  for (let number = 1; ; number++) {
    const result = await step(batch, number);
    for (const count of COUNTS) counts[count] += result[count];
    // bigint arrives as text from the driver; a month's total in paise is well within 2^53.
    totalPaise += Number(result.total_paise);
    for (const month of result.months ?? []) months.add(month);
    if (result.scanned < batch.size || !result.last_student) break;
    batch = { after: result.last_student, size: GENERATION_BATCH };
    await nextTick();
  }
  const skipped =
    counts.already_invoiced + counts.paused + counts.left + counts.no_monthly_fee + counts.not_yet_enrolled;
  return { counts, totalPaise, skipped, months: [...months].sort() };
}

/** The centres a run covers: the one asked for (in scope, or it does not exist), else every one in scope. */
export async function runCentres(caller: Caller, centerId?: string) {
  const scope = await caller.scope();
  if (centerId && !scope.centerIds.includes(centerId)) throw notFound("Center");
  return centerId ? [centerId] : scope.centerIds;
}

export const breakdownOf = ({ counts }: Tally) => ({
  already_invoiced: counts.already_invoiced,
  paused: counts.paused,
  left: counts.left,
  no_monthly_fee: counts.no_monthly_fee,
  not_yet_enrolled: counts.not_yet_enrolled,
});

export function createMonthlyGeneration({
  db,
  clock,
  push,
}: {
  db: Database;
  clock: Clock;
  push?: Pick<PushQueue, "toFamilies">;
}) {
  return async function generateMonthly(caller: Caller, centerId?: string): Promise<GenerateMonthlyResult> {
    const centerIds = await runCentres(caller, centerId);
    const now = clock.now();
    // Batch by batch, each committed with its audit row: a crash keeps the batches done, and the
    // next run (the unique index makes it idempotent) completes the rest.
    const tally = await inBatches((batch, number) =>
      transaction(db, async (tx) => {
        await lockInvoiceSeries(tx, centerIds, now);
        const [row] = rowsOf<Outcome & { invoiced: string[] | null }>(
          await tx.execute(monthlyGenerationStatement(centerIds, now, caller.userId, batch)),
        );
        await pushInvoices(push, tx, row!.invoiced ?? [], "issued");
        const counts = Object.fromEntries(COUNTS.map((count) => [count, row![count]]));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "invoice.generate_monthly",
          entity: "invoice",
          after: { ...counts, total_paise: Number(row!.total_paise), batch: number, center_ids: centerIds },
        });
        return row!;
      }),
    );
    const { skipped } = tally;
    const created = tally.counts.created;
    const message =
      created === 0
        ? `No new invoices: ${skipped} student${skipped === 1 ? "" : "s"} skipped.`
        : `Generated ${created} invoice${created === 1 ? "" : "s"}; ${skipped} student${skipped === 1 ? "" : "s"} skipped.`;
    return {
      message,
      created,
      total: toRupees(tally.totalPaise),
      skipped,
      skipped_breakdown: breakdownOf(tally),
      months: tally.months,
    };
  };
}
