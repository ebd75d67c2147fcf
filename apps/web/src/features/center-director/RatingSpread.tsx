import { Box } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { StaffOverview } from "@sprout/shared/schemas/center-director";
import { useCategoryYAxis, useValueXAxis } from "../../components/charts/categoryAxis";
import { useSay } from "../../i18n/useSay";
import { RATING_LABELS } from "./labels";

/** How many of the staff had each rating at their latest review, one bar a rating. */
export function RatingSpread({ spread }: { spread: StaffOverview["rating_spread"] }) {
  const say = useSay();
  const labels = spread.map((row) => say(RATING_LABELS[row.overall_rating]));
  const { ref, axis } = useCategoryYAxis(labels);
  const valueAxis = useValueXAxis();
  return (
    <Box ref={ref}>
      <BarChart
        height={220}
        layout="horizontal"
        yAxis={[{ scaleType: "band", data: labels, ...axis }]}
        xAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => String(value), ...valueAxis }]}
        series={[{ data: spread.map((row) => row.count), label: say("centerDirector.staffSeries") }]}
        hideLegend
      />
    </Box>
  );
}
