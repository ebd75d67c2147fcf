import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";

/**
 * Matching a statement's credits, in the database and set-based: the UTRs and `tr` references each
 * credit names (read once at upload, `statement-references.ts`) are joined by equality to the
 * claims' and invoices' unique indexes, so no invoice is ever read into memory and the work grows
 * with the statement, not with the books.
 */

const OPEN = sql`('Pending', 'Overdue')`;

/**
 * Each credit of the statement with what it proposes: a Waiting claim of the centre whose UTR the
 * credit names and whose amount is the credit's, else an open invoice of the centre whose `tr` it
 * names, else nothing. Only Unmatched credits propose (and show their UTR).
 */
export function proposedCredits(statementId: string, centreId: string): SQL {
  return sql`
    with c as materialized (
      select sc.id, sc.credited_on, sc.narration, sc.reference, sc.amount_paise, sc.status, sc.payment_id,
             sc.utrs, sc.upi_references
      from statement_credits sc
      where sc.statement_id = ${statementId}
    ),
    by_utr as (
      select distinct on (c.id) c.id as credit_id, p.id as claim_id, p.invoice_id
      from c
      cross join lateral unnest(c.utrs) as t(utr)
      join payment_claims p on p.utr = t.utr and p.status = 'Waiting'
        and p.amount_paise = c.amount_paise and p.center_id = ${centreId}
      where c.status = 'Unmatched'
      order by c.id, p.claimed_at
    ),
    by_tr as (
      select distinct on (c.id) c.id as credit_id, i.id as invoice_id
      from c
      cross join lateral unnest(c.upi_references) as r(reference)
      join invoices i on i.payment_reference = r.reference and i.center_id = ${centreId} and i.status in ${OPEN}
      where c.status = 'Unmatched'
      order by c.id, i.due_date
    )
    select c.id, c.credited_on, c.narration, c.reference, c.amount_paise, c.status, c.payment_id,
           case when c.status = 'Unmatched' then c.utrs[1] end as utr,
           u.claim_id,
           coalesce(u.invoice_id, t.invoice_id) as invoice_id,
           case when u.claim_id is not null then 'claim' when t.invoice_id is not null then 'invoice' else 'none' end
             as proposal
    from c
    left join by_utr u on u.credit_id = c.id
    left join by_tr t on t.credit_id = c.id`;
}

/** A narration's words (letters only, lower case) for finding a child's first name in it. */
const wordsOf = (column: SQL) => sql`regexp_split_to_table(lower(${column}), '[^[:alpha:]]+')`;
/** Children's first names shorter than this are too common a word to suggest on. */
const MIN_NAME = 3;

export interface ProposedCredit {
  id: string;
  credited_on: string;
  narration: string;
  reference: string;
  amount_paise: number;
  status: "Unmatched" | "Recorded" | "Ignored";
  utr: string | null;
  proposal: "claim" | "invoice" | "none";
  claim_id: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  child_name: string | null;
  receipt_number: string | null;
}

/**
 * One page of the statement's credits: proposals first (to confirm), then the unmatched, then
 * those recorded or ignored; each with the invoice it proposes or paid, and its receipt.
 */
export async function pageOfCredits(
  db: Database,
  statement: { id: string; centerId: string },
  { limit, offset }: { limit: number; offset: number },
): Promise<ProposedCredit[]> {
  return rowsOf<ProposedCredit>(
    await db.execute(sql`
      with proposed as (${proposedCredits(statement.id, statement.centerId)})
      select p.id, p.credited_on::text, p.narration, p.reference, p.amount_paise::float8 as amount_paise,
             p.status, p.utr, p.proposal, p.claim_id, p.invoice_id,
             i.invoice_number, s.first_name || ' ' || s.last_name as child_name, pay.receipt_number
      from proposed p
      left join payments pay on pay.id = p.payment_id
      left join invoices i on i.id = coalesce(pay.invoice_id, p.invoice_id)
      left join students s on s.id = i.student_id
      order by case when p.status = 'Unmatched' and p.proposal <> 'none' then 0
                    when p.status = 'Unmatched' then 1 when p.status = 'Recorded' then 2 else 3 end,
               p.credited_on, p.id
      limit ${limit} offset ${offset}`),
  );
}

export interface SuggestionRow {
  credit_id: string;
  invoice_id: string;
  invoice_number: string;
  child_name: string;
  due_date: string;
  balance_paise: number;
  reason: "amount" | "child";
}

/**
 * Invoices an unmatched credit may pay: open invoices of the centre whose balance is the credit's
 * amount, and open invoices of children whose first name is a word of the narration (those whose
 * last name is there too first); at most three of each per credit, oldest due first.
 */
export async function suggestionsFor(
  db: Database,
  centreId: string,
  credits: { id: string; amount_paise: number; narration: string }[],
): Promise<SuggestionRow[]> {
  if (credits.length === 0) return [];
  const page = JSON.stringify(
    credits.map((credit) => ({ id: credit.id, amount: credit.amount_paise, text: credit.narration })),
  );
  return rowsOf<SuggestionRow>(
    await db.execute(sql`
      with page as (
        select * from jsonb_to_recordset(${page}::jsonb) as r(id uuid, amount bigint, text text)
      ),
      open as (
        select i.id, i.invoice_number, i.student_id, i.due_date, i.total_paise - i.paid_paise - i.credited_paise as balance
        from invoices i
        where i.center_id = ${centreId} and i.status in ${OPEN}
      ),
      -- One scan of the open invoices for the page's amounts, at most three per amount.
      by_amount as (
        select * from (
          select o.*, row_number() over (partition by o.balance order by o.due_date, o.invoice_number) as rank
          from open o where o.balance in (select distinct amount from page)
        ) ranked where rank <= 3
      ),
      named as (
        select distinct page.id as credit_id, s.id as student_id,
               position(lower(s.last_name) in lower(page.text)) > 0 as full_name
        from page
        cross join lateral ${wordsOf(sql`page.text`)} as w(word)
        join students s on s.center_id = ${centreId} and lower(s.first_name) = w.word
        where length(w.word) >= ${MIN_NAME}
      ),
      by_child as (
        select * from (
          select n.credit_id, o.*, row_number() over (
            partition by n.credit_id order by n.full_name desc, o.due_date, o.invoice_number) as rank
          from named n join open o on o.student_id = n.student_id
        ) ranked where rank <= 3
      )
      select x.credit_id, x.invoice_id, x.invoice_number, x.due_date, x.balance_paise, x.reason,
             s.first_name || ' ' || s.last_name as child_name
      from (
        select page.id as credit_id, a.id as invoice_id, a.invoice_number, a.due_date::text,
               a.balance::float8 as balance_paise, 'amount' as reason, a.student_id, a.rank
        from page join by_amount a on a.balance = page.amount
        union all
        select c.credit_id, c.id, c.invoice_number, c.due_date::text, c.balance::float8, 'child', c.student_id, c.rank
        from by_child c
      ) x
      join students s on s.id = x.student_id
      order by x.credit_id, x.reason, x.rank`),
  );
}

/** How many credits of the statement are of each kind, over the whole statement. */
export async function totalsOf(db: Database, statement: { id: string; centerId: string }) {
  const [row] = rowsOf<Record<"claim" | "invoice" | "suggested" | "unmatched" | "recorded" | "ignored", number>>(
    await db.execute(sql`
      with proposed as (${proposedCredits(statement.id, statement.centerId)}),
      open as (
        select i.student_id, i.total_paise - i.paid_paise - i.credited_paise as balance
        from invoices i where i.center_id = ${statement.centerId} and i.status in ${OPEN}
      ),
      lone as (select * from proposed where status = 'Unmatched' and proposal = 'none'),
      suggested as (
        select id from lone where amount_paise in (select balance from open)
        union
        select lone.id from lone
        cross join lateral ${wordsOf(sql`lone.narration`)} as w(word)
        join students s on s.center_id = ${statement.centerId} and lower(s.first_name) = w.word
        where length(w.word) >= ${MIN_NAME} and exists (select 1 from open o where o.student_id = s.id)
      )
      select count(*) filter (where status = 'Unmatched' and proposal = 'claim')::int as claim,
             count(*) filter (where status = 'Unmatched' and proposal = 'invoice')::int as invoice,
             (select count(*) from suggested)::int as suggested,
             (count(*) filter (where status = 'Unmatched' and proposal = 'none')
               - (select count(*) from suggested))::int as unmatched,
             count(*) filter (where status = 'Recorded')::int as recorded,
             count(*) filter (where status = 'Ignored')::int as ignored
      from proposed`),
  );
  return row!;
}
