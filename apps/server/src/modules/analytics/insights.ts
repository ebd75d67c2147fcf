import { INSIGHT_RULES, type Insight } from "@sprout/shared/schemas/analytics";
import type { Caller } from "../../auth/caller.ts";
import type { ComparisonService } from "./comparison.ts";
import type { createFinancialService } from "./financial.ts";
import type { createOverviewService } from "./overview.ts";
import { seesMoney } from "./policy.ts";

interface Deps {
  overview: ReturnType<typeof createOverviewService>;
  financial: ReturnType<typeof createFinancialService>;
  comparison: ComparisonService;
}

const inr = (rupees: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(rupees);
const invoices = (n: number, kind: string) => `${n} ${kind} ${n === 1 ? "invoice" : "invoices"}`;
const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * Key Business Insights: the spec's two thresholds (open enquiries above 10, pending invoices
 * above 0) and its standing review reminder, plus what the data shows: centres below 70 %
 * occupancy, collections that fell from one full month to the next, and rooms out of ratio now.
 */
export function createInsightsService({ overview, financial, comparison }: Deps) {
  return {
    async insights(caller: Caller): Promise<{ insights: Insight[] }> {
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
          title: "High Enquiry Volume",
          message: `${figures.open_enquiries} open enquiries need follow-up.`,
          severity: "info",
          link: "/enquiries",
        });
      if (money && figures.pending_invoices > INSIGHT_RULES.outstandingPayments)
        list.push({
          key: "outstanding-payments",
          title: "Outstanding Payments",
          message: `${invoices(figures.pending_invoices, "pending")}${figures.overdue_invoices ? ` and ${invoices(figures.overdue_invoices, "overdue")}` : ""} await payment.`,
          severity: "warning",
          link: "/billing?status=Pending",
        });
      for (const centre of centres) {
        if (centre.is_active && centre.occupancy < INSIGHT_RULES.lowOccupancyPercent)
          list.push({
            key: `low-occupancy-${centre.id}`,
            title: "Low Occupancy",
            message: `${centre.name} is at ${centre.occupancy}% of its capacity of ${centre.capacity}.`,
            severity: "warning",
            link: "/reports",
          });
        if (centre.rooms_out_of_ratio > 0)
          list.push({
            key: `out-of-ratio-${centre.id}`,
            title: "Out of Ratio",
            message: `${centre.name}: ${centre.rooms_out_of_ratio} ${centre.rooms_out_of_ratio === 1 ? "room needs" : "rooms need"} more staff right now.`,
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
            title: "Collections Falling",
            message: `Payments received fell from ${inr(before.received)} in ${monthName(before.month)} to ${inr(last.received)} in ${monthName(last.month)}.`,
            severity: "warning",
            link: "/reports",
          });
      }
      list.push({
        key: "monthly-review",
        title: "Monthly Performance Review",
        message: "Review each centre's enrolment, attendance and collections for the month.",
        severity: "info",
        link: "/reports",
      });
      return { insights: list };
    },
  };
}
