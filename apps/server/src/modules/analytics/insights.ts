import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import { INSIGHT_RULES, type Insight } from "@sprout/shared/schemas/analytics";
import type { Caller } from "../../auth/caller.ts";
import { intlFor } from "../../i18n/intl.ts";
import type { ComparisonService } from "./comparison.ts";
import type { createFinancialService } from "./financial.ts";
import type { createOverviewService } from "./overview.ts";
import { seesMoney } from "./policy.ts";

interface Deps {
  overview: ReturnType<typeof createOverviewService>;
  financial: ReturnType<typeof createFinancialService>;
  comparison: ComparisonService;
}

/**
 * Key Business Insights: the spec's two thresholds (open enquiries above 10, pending invoices
 * above 0) and its standing review reminder, plus what the data shows: centres below 70 %
 * occupancy, collections that fell from one full month to the next, and rooms out of ratio now.
 */
export function createInsightsService({ overview, financial, comparison }: Deps) {
  return {
    /** Written in the reader's language: `language` is the caller's (`languageOf`). */
    async insights(caller: Caller, language: Language): Promise<{ insights: Insight[] }> {
      const intl = intlFor(language);
      const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
      const title = (key: string) => say("analytics.server.title", { key });
      const inr = (rupees: number) =>
        intl.formatNumber(rupees, { style: "currency", currency: "INR", maximumFractionDigits: 0 });
      const monthName = (month: string) =>
        intl.formatDate(new Date(`${month}-01T00:00:00Z`), { month: "long", year: "numeric", timeZone: "UTC" });
      const scope = await caller.scope();
      const money = seesMoney(caller);
      const [figures, centres, finance] = await Promise.all([
        overview.figures(scope),
        comparison.compare(scope.centerIds),
        money ? financial.financialOverview(caller) : Promise.resolve(null),
      ]);
      const list: Insight[] = [];
      if (figures.open_enquiries > INSIGHT_RULES.highEnquiryVolume)
        list.push({
          key: "high-enquiry-volume",
          title: title("highEnquiry"),
          message: say("analytics.server.highEnquiry", { count: figures.open_enquiries }),
          severity: "info",
          link: "/enquiries",
        });
      if (money && figures.pending_invoices > INSIGHT_RULES.outstandingPayments)
        list.push({
          key: "outstanding-payments",
          title: title("outstanding"),
          message: say("analytics.server.outstanding", {
            pending: figures.pending_invoices,
            overdue: figures.overdue_invoices,
          }),
          severity: "warning",
          link: "/billing?status=Pending",
        });
      for (const centre of centres) {
        if (centre.is_active && centre.occupancy < INSIGHT_RULES.lowOccupancyPercent)
          list.push({
            key: `low-occupancy-${centre.id}`,
            title: title("lowOccupancy"),
            message: say("analytics.server.lowOccupancy", {
              centre: centre.name,
              percent: centre.occupancy,
              capacity: centre.capacity,
            }),
            severity: "warning",
            link: "/reports",
          });
        if (centre.rooms_out_of_ratio > 0)
          list.push({
            key: `out-of-ratio-${centre.id}`,
            title: title("outOfRatio"),
            message: say("analytics.server.outOfRatio", { centre: centre.name, rooms: centre.rooms_out_of_ratio }),
            severity: "error",
            link: "/attendance",
          });
      }
      if (finance) {
        // Full months only: the running month is always behind the last one until it ends.
        const [before, last] = finance.months.slice(-3, -1);
        if (before && last && last.received < before.received)
          list.push({
            key: "collections-falling",
            title: title("collectionsFalling"),
            message: say("analytics.server.collectionsFalling", {
              before: inr(before.received),
              beforeMonth: monthName(before.month),
              last: inr(last.received),
              lastMonth: monthName(last.month),
            }),
            severity: "warning",
            link: "/reports",
          });
      }
      list.push({
        key: "monthly-review",
        title: title("monthlyReview"),
        message: say("analytics.server.monthlyReview"),
        severity: "info",
        link: "/reports",
      });
      return { insights: list };
    },
  };
}
