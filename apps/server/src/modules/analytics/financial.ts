import type { FinancialOverview } from "@sprout/shared/schemas/analytics";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { toRupees } from "../../lib/money.ts";
import { firstDay, monthOf, nextMonthStart, scopeToday } from "./calendar.ts";
import { moneyByMonth, outstandingByCentre } from "./money.ts";
import { centresOf } from "./policy.ts";
import { percent } from "./presenter.ts";

const MONTHS_SHOWN = 6;

/** The financial overview: this month's money in and billed, what is owed, and six months' trend. */
export function createFinancialService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async financialOverview(caller: Caller, centerId?: string): Promise<FinancialOverview> {
      const ids = centresOf(await caller.scope(), centerId);
      const today = await scopeToday(db, ids, clock.now());
      const thisMonth = monthOf(today);
      const months = Array.from({ length: MONTHS_SHOWN }, (_, index) => monthOf(today, index - (MONTHS_SHOWN - 1)));
      const [money, owed] = await Promise.all([
        moneyByMonth(db, ids, firstDay(months[0]!), nextMonthStart(thisMonth)),
        outstandingByCentre(db, ids),
      ]);
      const totals = months.map((month) => {
        const rows = money.filter((row) => row.month === month);
        return {
          month,
          invoicedPaise: rows.reduce((sum, row) => sum + row.invoicedPaise, 0),
          receivedPaise: rows.reduce((sum, row) => sum + row.receivedPaise, 0),
        };
      });
      const current = totals.at(-1)!;
      const previous = totals.at(-2)!;
      return {
        month: thisMonth,
        received_this_month: toRupees(current.receivedPaise),
        invoiced_this_month: toRupees(current.invoicedPaise),
        received_last_month: toRupees(previous.receivedPaise),
        outstanding: toRupees(owed.reduce((sum, row) => sum + row.outstandingPaise, 0)),
        overdue: toRupees(owed.reduce((sum, row) => sum + row.overduePaise, 0)),
        collection_rate: current.invoicedPaise > 0 ? percent(current.receivedPaise, current.invoicedPaise) : null,
        months: totals.map((row) => ({
          month: row.month,
          invoiced: toRupees(row.invoicedPaise),
          received: toRupees(row.receivedPaise),
        })),
      };
    },
  };
}
