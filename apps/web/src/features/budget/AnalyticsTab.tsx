import { Box, Card, CardContent, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import type { FinanceDashboard } from "@sprout/shared/schemas/budget";
import { countAxis, useCategoryXAxis } from "../../components/charts/categoryAxis";
import { formatCurrency, formatShortMonth } from "../../format";
import { useSay } from "../../i18n/useSay";

/** Approvals by month (bar) and where this fiscal year's money went (pie), from the books. */
export function AnalyticsTab({ analytics }: { analytics: FinanceDashboard["analytics"] }) {
  const say = useSay();
  const months = analytics.approvalActivity.map((row) => formatShortMonth(row.month));
  const { ref, axis } = useCategoryXAxis(months, { scale: "band" });
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
      <Card variant="outlined" component="section" aria-label={say("budget.approvalsByMonth")}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {say("budget.approvalsByMonth")}
          </Typography>
          <Box ref={ref}>
            <BarChart
              height={280}
              skipAnimation
              xAxis={[{ scaleType: "band", data: months, ...axis }]}
              yAxis={[countAxis(analytics.approvalActivity.map((row) => row.approvals))]}
              series={[
                { data: analytics.approvalActivity.map((row) => row.approvals), label: say("budget.approvals") },
              ]}
            />
          </Box>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {say("budget.distribution")}
          </Typography>
          {analytics.budgetDistribution.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 6, textAlign: "center" }}>
              {say("budget.noExpensesThisYear")}
            </Typography>
          ) : (
            <PieChart
              height={280}
              skipAnimation
              series={[
                {
                  data: analytics.budgetDistribution.map((slice, index) => ({
                    id: index,
                    label: slice.name,
                    value: slice.value,
                  })),
                  valueFormatter: (item) => formatCurrency(item.value),
                  innerRadius: 40,
                },
              ]}
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
