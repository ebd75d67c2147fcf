import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import type { Language } from "@sprout/shared/i18n/languages";
import {
  CATEGORY_LABELS,
  DASHBOARD_LIST_MAX,
  type FinanceDashboard,
  fiscalYearOf,
  fiscalYearStart,
} from "@sprout/shared/schemas/budget";
import { todayIn } from "@sprout/shared/schemas/children";
import { and, asc, count, desc, eq, gte, inArray, ne, sql, sum } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { budgetLimits, budgetQuotes, budgetRequests, expenses } from "../../db/schema/budget.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { toRupees } from "../../lib/money.ts";
import type { OversightService } from "./oversight.ts";
import { assert, mayDecide } from "./policy.ts";
import { toBudgetLimit, toPendingApproval } from "./presenter.ts";

const ACTIVITY_MONTHS = 6;

/** GET /api/financial-manager/dashboard: everything the finance dashboard shows, for the caller's centres. */
export function createDashboardService({
  db,
  clock,
  oversight,
}: {
  db: Database;
  clock: Clock;
  oversight: OversightService;
}) {
  return {
    async load(caller: Caller, language: Language = "en"): Promise<FinanceDashboard> {
      assert(mayDecide(caller));
      const scope = await caller.scope();
      const ids = scope.centerIds;
      const now = clock.now();
      const fiscalYear = fiscalYearOf(todayIn(DEFAULT_TIME_ZONE, now));
      const fyStart = fiscalYearStart(fiscalYear);
      const inScope = (table: typeof budgetLimits | typeof budgetRequests | typeof expenses) =>
        ids.length > 0 ? inArray(table.centerId, ids) : sql`false`;
      // Pending Approvals are what the caller may decide: an owner's own requests wait for someone else.
      const pendingWhere = and(
        inScope(budgetRequests),
        eq(budgetRequests.status, "pending"),
        ne(budgetRequests.requesterId, caller.userId),
      );
      const activeLimits = and(inScope(budgetLimits), eq(budgetLimits.fiscalYear, fyStart));
      const activityFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (ACTIVITY_MONTHS - 1), 1));
      // A literal zone (a constant), so that the SELECT and the GROUP BY are the same expression.
      const monthOf = sql<string>`to_char(${budgetRequests.decidedAt} at time zone ${sql.raw(`'${DEFAULT_TIME_ZONE}'`)}, 'YYYY-MM')`;

      const [centreRows, limitRows, [authority], pendingRows, [pendingCount], activity, distribution, items] =
        await Promise.all([
          db
            .select({ id: centers.id, name: centers.name, time_zone: centers.timeZone })
            .from(centers)
            .where(ids.length > 0 ? inArray(centers.id, ids) : sql`false`)
            .orderBy(asc(centers.name)),
          db
            .select({ limit: budgetLimits, centerName: centers.name })
            .from(budgetLimits)
            .innerJoin(centers, eq(centers.id, budgetLimits.centerId))
            .where(activeLimits)
            .orderBy(asc(centers.name), asc(budgetLimits.role), asc(budgetLimits.id))
            .limit(DASHBOARD_LIST_MAX),
          db
            .select({ total: sum(budgetLimits.approvalLimitPaise).mapWith(Number) })
            .from(budgetLimits)
            .where(and(activeLimits, eq(budgetLimits.isActive, true))),
          db
            .select({
              request: budgetRequests,
              centerName: centers.name,
              requesterName: users.fullName,
              quoteName: budgetQuotes.fileName,
            })
            .from(budgetRequests)
            .innerJoin(centers, eq(centers.id, budgetRequests.centerId))
            .innerJoin(users, eq(users.id, budgetRequests.requesterId))
            .leftJoin(budgetQuotes, eq(budgetQuotes.id, budgetRequests.quoteId))
            .where(pendingWhere)
            .orderBy(asc(budgetRequests.createdAt), asc(budgetRequests.id))
            .limit(DASHBOARD_LIST_MAX),
          db.select({ total: count() }).from(budgetRequests).where(pendingWhere),
          db
            .select({ month: monthOf, approvals: count() })
            .from(budgetRequests)
            .where(
              and(
                inScope(budgetRequests),
                eq(budgetRequests.status, "approved"),
                gte(budgetRequests.decidedAt, activityFrom),
              ),
            )
            .groupBy(monthOf),
          db
            .select({ category: expenses.category, total: sum(expenses.amountPaise).mapWith(Number) })
            .from(expenses)
            .where(and(inScope(expenses), gte(expenses.expenseDate, `${fyStart}-04-01`)))
            .groupBy(expenses.category)
            .orderBy(desc(sum(expenses.amountPaise))),
          oversight.items(ids, `${fyStart}-04-01`, language),
        ]);

      const counts = new Map(activity.map((row) => [row.month, row.approvals]));
      const approvalActivity = Array.from({ length: ACTIVITY_MONTHS }, (_, index) => {
        const month = new Date(Date.UTC(activityFrom.getUTCFullYear(), activityFrom.getUTCMonth() + index, 1));
        const key = month.toISOString().slice(0, 7);
        return { month: key, approvals: counts.get(key) ?? 0 };
      });
      return {
        overview: {
          totalBudget: toRupees(authority?.total ?? 0),
          pendingApprovals: pendingCount?.total ?? 0,
          oversightItems: items.length,
          centersManaged: centreRows.length,
        },
        budgetLimits: limitRows.map((row) => toBudgetLimit({ ...row.limit, centerName: row.centerName })),
        pendingApprovals: pendingRows.map((row) =>
          toPendingApproval({
            ...row.request,
            centerName: row.centerName,
            requesterName: row.requesterName,
            quoteName: row.quoteName,
          }),
        ),
        oversightItems: items,
        centers: centreRows,
        analytics: {
          approvalActivity,
          budgetDistribution: distribution.map((row) => ({
            name: CATEGORY_LABELS[row.category],
            value: toRupees(row.total),
          })),
        },
        fiscal_year: fiscalYear,
      };
    },
  };
}
