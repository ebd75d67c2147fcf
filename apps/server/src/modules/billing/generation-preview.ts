import type { GenerationPreview } from "@sprout/shared/schemas/billing";
import { sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import type { Clock } from "../../lib/clock.ts";
import { toRupees } from "../../lib/money.ts";
import {
  type Batch,
  batchSummary,
  billedStudents,
  breakdownOf,
  inBatches,
  type Outcome,
  runCentres,
} from "./generation.ts";

/**
 * The invoices a batch of the run would create, and their totals, without writing: the run's own
 * CTEs, with the insert replaced by the rows the monthly unique index would let through (those
 * without a monthly invoice for their billing month, whatever its status).
 */
export function monthlyPreviewStatement(centerIds: readonly string[], now: Date, batch?: Batch) {
  return sql`
    ${billedStudents(centerIds, now, batch)},
    would as (
      select e.student_id, e.base - coalesce(ct.amount, 0) as total_paise
      from eligible e
      left join credit_total ct using (student_id)
      where not exists (
        select 1 from invoices i
        where i.student_id = e.student_id and i.kind = 'monthly' and i.billing_month = e.month_start)
    )
    ${batchSummary(sql`(select count(*) from would)`, sql`(select coalesce(sum(total_paise), 0) from would)`)}
  `;
}

/** What "Generate Monthly Invoices" would create now, for the confirmation before the real call. */
export function createGenerationPreview({ db, clock }: { db: Database; clock: Clock }) {
  return async function previewMonthly(caller: Caller, centerId?: string): Promise<GenerationPreview> {
    const centerIds = await runCentres(caller, centerId);
    const now = clock.now();
    const tally = await inBatches(async (batch) => {
      const [row] = rowsOf<Outcome>(await db.execute(monthlyPreviewStatement(centerIds, now, batch)));
      return row!;
    });
    return {
      invoices: tally.counts.created,
      total: toRupees(tally.totalPaise),
      skipped: tally.skipped,
      skipped_breakdown: breakdownOf(tally),
      months: tally.months,
    };
  };
}
