import { Box, Card, CardContent, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { FinancialOverview } from "@sprout/shared/schemas/analytics";
import { useCategoryXAxis } from "../../components/charts/categoryAxis";
import { formatCompactCurrency, formatCurrency, formatShortMonth } from "../../format";
import { useSay } from "../../i18n/useSay";

/** Six months of money invoiced and received, the overview's trend. */
export function RevenueTrend({ financial }: { financial: FinancialOverview }) {
  const say = useSay();
  const months = financial.months.map((row) => formatShortMonth(row.month, { year: false }));
  const { ref, axis } = useCategoryXAxis(months, { scale: "band", valueAxisWidth: 64 });
  return (
    <Card variant="outlined" component="section" aria-labelledby="revenue-trend-heading">
      <CardContent>
        <Typography id="revenue-trend-heading" variant="h6" component="h2">
          {say("dashboard.revenueTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {financial.collection_rate === null
            ? say("dashboard.nothingInvoiced")
            : say("dashboard.collectionRate", { percent: financial.collection_rate })}
          {say("dashboard.outstanding", { amount: formatCurrency(financial.outstanding) })}
        </Typography>
        <Box ref={ref}>
          <BarChart
            height={240}
            xAxis={[{ scaleType: "band", data: months, ...axis }]}
            yAxis={[{ width: 64, valueFormatter: (value: number) => formatCompactCurrency(value) }]}
            series={[
              {
                label: say("dashboard.invoiced"),
                data: financial.months.map((row) => row.invoiced),
                valueFormatter: (v) => formatCurrency(v ?? 0),
              },
              {
                label: say("dashboard.received"),
                data: financial.months.map((row) => row.received),
                valueFormatter: (v) => formatCurrency(v ?? 0),
              },
            ]}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
