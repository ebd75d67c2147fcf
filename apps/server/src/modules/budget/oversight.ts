import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import {
  DEFAULT_MONTHLY_BUDGET_RUPEES,
  type OversightItem,
  RECEIPT_REQUIRED_ABOVE_RUPEES,
  REQUEST_WAIT_DAYS,
  SPIKE_FACTOR,
} from "@sprout/shared/schemas/budget";
import { and, asc, count, eq, gte, inArray, isNull, lt, sql, sum } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { budgetRequests, expenses } from "../../db/schema/budget.ts";
import { centers } from "../../db/schema/organisations.ts";
import { intlFor } from "../../i18n/intl.ts";
import type { Clock } from "../../lib/clock.ts";
import { toPaise, toRupees } from "../../lib/money.ts";
import { spentPaise } from "./requests.ts";

const MONTHS_OF_AVERAGE = 6;
const OVERSPENT_SHOWN = 20;
const rupees = (paise: number) => `₹${toRupees(paise).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

/**
 * Oversight alerts, computed from the books each time (never typed in): a centre over its monthly
 * budget or spending far above its own average, a request spent past its approval, requests left
 * waiting, and large expenses without a receipt.
 */
export function createOversightService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async items(centerIds: string[], fiscalYearStartDate: string, language: Language = "en"): Promise<OversightItem[]> {
      const intl = intlFor(language);
      const say = (id: MessageId, values: Record<string, string | number>) => intl.formatMessage({ id }, values);
      if (centerIds.length === 0) return [];
      const now = clock.now();
      const monthStart = sql`date_trunc('month', (${now.toISOString()}::timestamptz at time zone ${centers.timeZone}))::date`;
      const averageFrom = sql`(${monthStart} - interval '${sql.raw(String(MONTHS_OF_AVERAGE))} months')::date`;
      const [months, overspent, waiting, unreceipted] = await Promise.all([
        db
          .select({
            id: centers.id,
            name: centers.name,
            thisMonth:
              sql<number>`coalesce(sum(${expenses.amountPaise}) filter (where ${expenses.expenseDate} >= ${monthStart}), 0)::bigint`.mapWith(
                Number,
              ),
            before:
              sql<number>`coalesce(sum(${expenses.amountPaise}) filter (where ${expenses.expenseDate} < ${monthStart}), 0)::bigint`.mapWith(
                Number,
              ),
          })
          .from(centers)
          .leftJoin(expenses, and(eq(expenses.centerId, centers.id), gte(expenses.expenseDate, averageFrom)))
          .where(inArray(centers.id, centerIds))
          .groupBy(centers.id, centers.name, centers.timeZone)
          .orderBy(asc(centers.name)),
        db
          .select({
            id: budgetRequests.id,
            description: budgetRequests.description,
            amountPaise: budgetRequests.amountPaise,
            spent: spentPaise.mapWith(Number),
            centerName: centers.name,
          })
          .from(budgetRequests)
          .innerJoin(centers, eq(centers.id, budgetRequests.centerId))
          .where(
            and(
              inArray(budgetRequests.centerId, centerIds),
              eq(budgetRequests.status, "approved"),
              sql`${spentPaise} > ${budgetRequests.amountPaise}`,
            ),
          )
          .orderBy(asc(budgetRequests.createdAt))
          .limit(OVERSPENT_SHOWN),
        db
          .select({
            centerId: centers.id,
            centerName: centers.name,
            waiting: count(),
            totalPaise: sum(budgetRequests.amountPaise).mapWith(Number),
          })
          .from(budgetRequests)
          .innerJoin(centers, eq(centers.id, budgetRequests.centerId))
          .where(
            and(
              inArray(budgetRequests.centerId, centerIds),
              eq(budgetRequests.status, "pending"),
              lt(budgetRequests.createdAt, new Date(now.getTime() - REQUEST_WAIT_DAYS * 86_400_000)),
            ),
          )
          .groupBy(centers.id, centers.name)
          .orderBy(asc(centers.name)),
        db
          .select({
            centerId: centers.id,
            centerName: centers.name,
            missing: count(),
            totalPaise: sum(expenses.amountPaise).mapWith(Number),
          })
          .from(expenses)
          .innerJoin(centers, eq(centers.id, expenses.centerId))
          .where(
            and(
              inArray(expenses.centerId, centerIds),
              isNull(expenses.receiptId),
              gte(expenses.amountPaise, toPaise(RECEIPT_REQUIRED_ABOVE_RUPEES)),
              gte(expenses.expenseDate, fiscalYearStartDate),
            ),
          )
          .groupBy(centers.id, centers.name)
          .orderBy(asc(centers.name)),
      ]);

      const items: OversightItem[] = [];
      const budget = toPaise(DEFAULT_MONTHLY_BUDGET_RUPEES);
      for (const centre of months) {
        if (centre.thisMonth > budget)
          items.push({
            id: `monthly-budget:${centre.id}`,
            title: say("budget.server.overBudgetTitle", { centre: centre.name }),
            description: say("budget.server.overBudgetText", {
              spent: rupees(centre.thisMonth),
              budget: rupees(budget),
            }),
            amount: toRupees(centre.thisMonth - budget),
            severity: "critical",
          });
        const average = centre.before / MONTHS_OF_AVERAGE;
        if (average > 0 && centre.thisMonth > average * SPIKE_FACTOR)
          items.push({
            id: `spike:${centre.id}`,
            title: say("budget.server.spikeTitle", { centre: centre.name }),
            description: say("budget.server.spikeText", {
              spent: rupees(centre.thisMonth),
              times: (centre.thisMonth / average).toFixed(1),
              average: rupees(Math.round(average)),
            }),
            amount: toRupees(centre.thisMonth),
            severity: "info",
          });
      }
      for (const request of overspent)
        items.push({
          id: `overspent:${request.id}`,
          title: say("budget.server.overspentTitle", { centre: request.centerName }),
          description: say("budget.server.overspentText", {
            description: request.description,
            approved: rupees(request.amountPaise),
            spent: rupees(request.spent),
          }),
          amount: toRupees(request.spent - request.amountPaise),
          severity: "critical",
        });
      for (const centre of waiting)
        items.push({
          id: `waiting:${centre.centerId}`,
          title: say("budget.server.waitingTitle", { days: REQUEST_WAIT_DAYS, centre: centre.centerName }),
          description: say("budget.server.waitingText", { count: centre.waiting, days: REQUEST_WAIT_DAYS }),
          amount: toRupees(centre.totalPaise),
          severity: "warning",
        });
      for (const centre of unreceipted)
        items.push({
          id: `no-receipt:${centre.centerId}`,
          title: say("budget.server.noReceiptTitle", { centre: centre.centerName }),
          description: say("budget.server.noReceiptText", {
            count: centre.missing,
            above: rupees(toPaise(RECEIPT_REQUIRED_ABOVE_RUPEES)),
          }),
          amount: toRupees(centre.totalPaise),
          severity: "warning",
        });
      const order = { critical: 0, warning: 1, info: 2 } as const;
      return items.sort((a, b) => order[a.severity] - order[b.severity]);
    },
  };
}
export type OversightService = ReturnType<typeof createOversightService>;
