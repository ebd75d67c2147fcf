import { Stack, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { AGEING_BUCKETS, AGEING_LABELS, type Reports } from "@sprout/shared/schemas/reports";
import { countAxis, useCategoryXAxis, useCategoryYAxis, useValueXAxis } from "../../components/charts/categoryAxis";
import { formatCompactCurrency, formatCurrency, formatDate, formatNumber } from "../../format";
import { ReportTable } from "./ReportTable";

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-IN", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
const rate = (value: number | null) => (value === null ? "—" : `${value}%`);
const money = (value: number | null | undefined) => formatCurrency(value ?? 0);

export function EnrolmentView({ report }: { report: Reports["enrolment"] }) {
  const months = report.months.map((row) => monthLabel(row.month));
  const { ref, axis, margin } = useCategoryXAxis(months, { scale: "point" });
  return (
    <Stack spacing={2} ref={ref}>
      <LineChart
        height={260}
        margin={margin}
        xAxis={[{ scaleType: "point", data: months, ...axis }]}
        yAxis={[countAxis(report.months.map((row) => row.enrolled))]}
        series={[
          { label: "Enrolled", data: report.months.map((row) => row.enrolled) },
          { label: "Joined", data: report.months.map((row) => row.joined) },
          { label: "Left", data: report.months.map((row) => row.left) },
        ]}
      />
      <ReportTable
        label="Enrolment by month"
        rows={report.months}
        rowKey={(row) => row.month}
        columns={[
          { header: "Month", cell: (row) => monthLabel(row.month) },
          { header: "Enrolled", cell: (row) => formatNumber(row.enrolled), numeric: true },
          { header: "Joined", cell: (row) => formatNumber(row.joined), numeric: true },
          { header: "Left", cell: (row) => formatNumber(row.left), numeric: true },
          {
            header: "Occupancy",
            cell: (row) => `${row.occupancy}% of ${formatNumber(report.capacity)}`,
            numeric: true,
          },
        ]}
      />
    </Stack>
  );
}

export function AttendanceView({ report }: { report: Reports["attendance"] }) {
  const days = report.days.map((row) => formatDate(row.date));
  const { ref, axis, margin } = useCategoryXAxis(days, { scale: "point" });
  return (
    <Stack spacing={2} ref={ref}>
      <Typography data-testid="attendance-totals">
        {formatNumber(report.total_present)} child-days present · {formatNumber(report.total_absent)} marked absent
      </Typography>
      <LineChart
        height={260}
        margin={margin}
        xAxis={[{ scaleType: "point", data: days, ...axis }]}
        yAxis={[
          countAxis(
            report.days.map((row) => row.present),
            report.days.map((row) => row.absent),
          ),
        ]}
        series={[
          { label: "Present", data: report.days.map((row) => row.present), showMark: false },
          { label: "Absent", data: report.days.map((row) => row.absent), showMark: false },
        ]}
      />
    </Stack>
  );
}

export function RevenueView({ report }: { report: Reports["revenue"] }) {
  const months = report.months.map((row) => monthLabel(row.month));
  const { ref, axis } = useCategoryXAxis(months, { scale: "band", valueAxisWidth: 64 });
  return (
    <Stack spacing={2} ref={ref}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: months, ...axis }]}
        yAxis={[{ width: 64, valueFormatter: (value: number) => formatCompactCurrency(value) }]}
        series={[
          { label: "Invoiced", data: report.months.map((row) => row.invoiced), valueFormatter: money },
          { label: "Received", data: report.months.map((row) => row.received), valueFormatter: money },
        ]}
      />
      <ReportTable
        label="Revenue by month"
        rows={report.months}
        rowKey={(row) => row.month}
        columns={[
          { header: "Month", cell: (row) => monthLabel(row.month) },
          { header: "Invoices", cell: (row) => formatNumber(row.invoices), numeric: true },
          { header: "Invoiced", cell: (row) => formatCurrency(row.invoiced), numeric: true },
          { header: "Payments", cell: (row) => formatNumber(row.payments), numeric: true },
          { header: "Received", cell: (row) => formatCurrency(row.received), numeric: true },
          { header: "Collected", cell: (row) => rate(row.collection_rate), numeric: true },
        ]}
        footer={["Total", "", formatCurrency(report.total_invoiced), "", formatCurrency(report.total_received), ""]}
      />
    </Stack>
  );
}

export function DuesView({ report }: { report: Reports["dues"] }) {
  const buckets = report.buckets.map((row) => AGEING_LABELS[row.bucket]);
  const { ref, axis } = useCategoryXAxis(buckets, { scale: "band", valueAxisWidth: 64 });
  return (
    <Stack spacing={2} ref={ref}>
      <Typography color="text.secondary">
        Days past the due date on {formatDate(report.as_of)}; invoices not yet due count in 0–30 days.
      </Typography>
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: buckets, ...axis }]}
        yAxis={[{ width: 64, valueFormatter: (value: number) => formatCompactCurrency(value) }]}
        series={[{ label: "Owed", data: report.buckets.map((row) => row.amount), valueFormatter: money }]}
      />
      <ReportTable
        label="Dues by centre"
        rows={report.centers}
        rowKey={(row) => row.id}
        columns={[
          { header: "Center", cell: (row) => row.name },
          ...AGEING_BUCKETS.map((bucket, index) => ({
            header: AGEING_LABELS[bucket],
            cell: (row: Reports["dues"]["centers"][number]) => formatCurrency(row.amounts[index] ?? 0),
            numeric: true,
          })),
          { header: "Total", cell: (row) => formatCurrency(row.total), numeric: true },
        ]}
        footer={[
          `${formatNumber(report.total_invoices)} invoices`,
          ...report.buckets.map((row) => formatCurrency(row.amount)),
          formatCurrency(report.total_amount),
        ]}
      />
    </Stack>
  );
}

export function EnquiriesView({ report }: { report: Reports["enquiries"] }) {
  const { funnel } = report;
  const stages = [
    { label: "Received", value: funnel.received },
    { label: "Visited", value: funnel.visited },
    { label: "Followed up", value: funnel.followed_up },
    { label: "Converted", value: funnel.converted },
    { label: "Lost", value: funnel.lost },
  ];
  const labels = stages.map((stage) => stage.label);
  const { ref, axis } = useCategoryYAxis(labels);
  const valueAxis = useValueXAxis();
  return (
    <Stack spacing={2} ref={ref}>
      <BarChart
        height={260}
        layout="horizontal"
        yAxis={[{ scaleType: "band", data: labels, ...axis }]}
        xAxis={[{ tickMinStep: 1, ...valueAxis }]}
        series={[{ label: "Enquiries", data: stages.map((stage) => stage.value) }]}
      />
      <ReportTable
        label="Conversion by source"
        rows={report.sources}
        rowKey={(row) => row.source}
        columns={[
          { header: "Source", cell: (row) => row.source },
          { header: "Enquiries", cell: (row) => formatNumber(row.enquiries), numeric: true },
          { header: "Converted", cell: (row) => formatNumber(row.converted), numeric: true },
          { header: "Conversion", cell: (row) => `${row.conversion}%`, numeric: true },
        ]}
        footer={["Total", formatNumber(funnel.received), formatNumber(funnel.converted), ""]}
      />
    </Stack>
  );
}

export function CentersView({ report }: { report: Reports["centers"] }) {
  const withMoney = report.centers.some((row) => row.invoiced !== undefined);
  const names = report.centers.map((row) => row.name);
  const { ref, axis } = useCategoryXAxis(names, { scale: "band" });
  return (
    <Stack spacing={2} ref={ref}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: names, ...axis }]}
        series={[{ label: "Occupancy %", data: report.centers.map((row) => row.occupancy) }]}
      />
      <ReportTable
        label="Centres compared"
        rows={report.centers}
        rowKey={(row) => row.id}
        columns={[
          { header: "Center", cell: (row) => row.name },
          { header: "Enrolled", cell: (row) => formatNumber(row.enrolled), numeric: true },
          { header: "Occupancy", cell: (row) => `${row.occupancy}%`, numeric: true },
          { header: "Child-days present", cell: (row) => formatNumber(row.present_days), numeric: true },
          { header: "Enquiries", cell: (row) => formatNumber(row.enquiries), numeric: true },
          { header: "Converted", cell: (row) => formatNumber(row.converted), numeric: true },
          ...(withMoney
            ? [
                {
                  header: "Invoiced",
                  cell: (row: Reports["centers"]["centers"][number]) => money(row.invoiced),
                  numeric: true,
                },
                {
                  header: "Received",
                  cell: (row: Reports["centers"]["centers"][number]) => money(row.received),
                  numeric: true,
                },
              ]
            : []),
        ]}
      />
    </Stack>
  );
}
