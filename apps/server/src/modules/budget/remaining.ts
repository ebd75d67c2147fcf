import { DEFAULT_MONTHLY_BUDGET_RUPEES, fiscalYearOf, fiscalYearStart } from "@sprout/shared/schemas/budget";
import { and, eq, gte, lte, sum } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { expenses } from "../../db/schema/budget.ts";
import { toPaise, toRupees } from "../../lib/money.ts";

export interface BudgetRemaining {
  /** The centre's budget for the fiscal year: twelve of the spec's monthly budgets, in rupees. */
  limit: number;
  /** Expenses logged for the centre from 1 April up to and including `today`, in rupees. */
  spent: number;
  /** `limit - spent`; negative once the centre has overspent. */
  remaining: number;
}

const YEARLY_BUDGET_PAISE = toPaise(DEFAULT_MONTHLY_BUDGET_RUPEES) * 12;

/**
 * What is left of a centre's budget in the fiscal year (April–March) that holds `today`, an ISO
 * date in the centre's time zone. The caller has already decided the centre is in scope.
 */
export async function budgetRemaining(db: Database, centerId: string, today: string): Promise<BudgetRemaining> {
  const yearStart = `${fiscalYearStart(fiscalYearOf(today))}-04-01`;
  const [row] = await db
    .select({ spent: sum(expenses.amountPaise).mapWith(Number) })
    .from(expenses)
    .where(
      and(eq(expenses.centerId, centerId), gte(expenses.expenseDate, yearStart), lte(expenses.expenseDate, today)),
    );
  const spentPaise = row?.spent ?? 0;
  return {
    limit: toRupees(YEARLY_BUDGET_PAISE),
    spent: toRupees(spentPaise),
    remaining: toRupees(YEARLY_BUDGET_PAISE - spentPaise),
  };
}
