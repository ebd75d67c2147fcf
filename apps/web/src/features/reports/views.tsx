import { Stack, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { AGEING_BUCKETS, AGEING_LABEL_IDS, type Reports } from "@sprout/shared/schemas/reports";
import { countAxis, useCategoryXAxis, useCategoryYAxis, useValueXAxis } from "../../components/charts/categoryAxis";
import { formatCompactCurrency, formatCurrency, formatDate, formatNumber, formatShortMonth } from "../../format";
import { useSay } from "../../i18n/useSay";
import { ReportTable } from "./ReportTable";

const rate = (value: number | null) => (value === null ? "—" : `${value}%`);
const money = (value: number | null | undefined) => formatCurrency(value ?? 0);

export function EnrolmentView({ report }: { report: Reports["enrolment"] }) {
  const say = useSay();
  const months = report.months.map((row) => formatShortMonth(row.month));
  const { ref, axis, margin } = useCategoryXAxis(months, { scale: "point" });
  return (
    <Stack spacing={2} ref={ref}>
      <LineChart
        height={260}
        margin={margin}
        xAxis={[{ scaleType: "point", data: months, ...axis }]}
        yAxis={[countAxis(report.months.map((row) => row.enrolled))]}
        series={[
          { label: say("reports.enrolled"), data: report.months.map((row) => row.enrolled) },
          { label: say("reports.joined"), data: report.months.map((row) => row.joined) },
          { label: say("reports.left"), data: report.months.map((row) => row.left) },
        ]}
      />
      <ReportTable
        label={say("reports.enrolmentByMonth")}
        rows={report.months}
        rowKey={(row) => row.month}
        columns={[
          { header: say("reports.month"), cell: (row) => formatShortMonth(row.month) },
          { header: say("reports.enrolled"), cell: (row) => formatNumber(row.enrolled), numeric: true },
          { header: say("reports.joined"), cell: (row) => formatNumber(row.joined), numeric: true },
          { header: say("reports.left"), cell: (row) => formatNumber(row.left), numeric: true },
          {
            header: say("reports.occupancy"),
            cell: (row) =>
              say("reports.occupancyOf", { percent: row.occupancy, capacity: formatNumber(report.capacity) }),
            numeric: true,
          },
        ]}
      />
    </Stack>
  );
}

export function AttendanceView({ report }: { report: Reports["attendance"] }) {
  const say = useSay();
  const days = report.days.map((row) => formatDate(row.date));
  const { ref, axis, margin } = useCategoryXAxis(days, { scale: "point" });
  return (
    <Stack spacing={2} ref={ref}>
      <Typography data-testid="attendance-totals">
        {say("reports.attendanceTotals", {
          present: formatNumber(report.total_present),
          absent: formatNumber(report.total_absent),
        })}
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
          { label: say("reports.present"), data: report.days.map((row) => row.present), showMark: false },
          { label: say("reports.absent"), data: report.days.map((row) => row.absent), showMark: false },
        ]}
      />
    </Stack>
  );
}

export function RevenueView({ report }: { report: Reports["revenue"] }) {
  const say = useSay();
  const months = report.months.map((row) => formatShortMonth(row.month));
  const { ref, axis } = useCategoryXAxis(months, { scale: "band", valueAxisWidth: 64 });
  return (
    <Stack spacing={2} ref={ref}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: months, ...axis }]}
        yAxis={[{ width: 64, valueFormatter: (value: number) => formatCompactCurrency(value) }]}
        series={[
          { label: say("reports.invoiced"), data: report.months.map((row) => row.invoiced), valueFormatter: money },
          { label: say("reports.received"), data: report.months.map((row) => row.received), valueFormatter: money },
        ]}
      />
      <ReportTable
        label={say("reports.revenueByMonth")}
        rows={report.months}
        rowKey={(row) => row.month}
        columns={[
          { header: say("reports.month"), cell: (row) => formatShortMonth(row.month) },
          { header: say("reports.invoices"), cell: (row) => formatNumber(row.invoices), numeric: true },
          { header: say("reports.invoiced"), cell: (row) => formatCurrency(row.invoiced), numeric: true },
          { header: say("reports.payments"), cell: (row) => formatNumber(row.payments), numeric: true },
          { header: say("reports.received"), cell: (row) => formatCurrency(row.received), numeric: true },
          { header: say("reports.collected"), cell: (row) => rate(row.collection_rate), numeric: true },
        ]}
        footer={[
          say("reports.total"),
          "",
          formatCurrency(report.total_invoiced),
          "",
          formatCurrency(report.total_received),
          "",
        ]}
      />
    </Stack>
  );
}

export function DuesView({ report }: { report: Reports["dues"] }) {
  const say = useSay();
  const buckets = report.buckets.map((row) => say(AGEING_LABEL_IDS[row.bucket]));
  const { ref, axis } = useCategoryXAxis(buckets, { scale: "band", valueAxisWidth: 64 });
  return (
    <Stack spacing={2} ref={ref}>
      <Typography color="text.secondary">{say("reports.duesNote", { date: formatDate(report.as_of) })}</Typography>
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: buckets, ...axis }]}
        yAxis={[{ width: 64, valueFormatter: (value: number) => formatCompactCurrency(value) }]}
        series={[{ label: say("reports.owed"), data: report.buckets.map((row) => row.amount), valueFormatter: money }]}
      />
      <ReportTable
        label={say("reports.duesByCentre")}
        rows={report.centers}
        rowKey={(row) => row.id}
        columns={[
          { header: say("reports.center"), cell: (row) => row.name },
          ...AGEING_BUCKETS.map((bucket, index) => ({
            header: say(AGEING_LABEL_IDS[bucket]),
            cell: (row: Reports["dues"]["centers"][number]) => formatCurrency(row.amounts[index] ?? 0),
            numeric: true,
          })),
          { header: say("reports.total"), cell: (row) => formatCurrency(row.total), numeric: true },
        ]}
        footer={[
          say("reports.invoiceCount", { count: report.total_invoices }),
          ...report.buckets.map((row) => formatCurrency(row.amount)),
          formatCurrency(report.total_amount),
        ]}
      />
    </Stack>
  );
}

export function EnquiriesView({ report }: { report: Reports["enquiries"] }) {
  const say = useSay();
  const { funnel } = report;
  const stages = [
    { label: say("reports.stageReceived"), value: funnel.received },
    { label: say("reports.stageVisited"), value: funnel.visited },
    { label: say("reports.stageFollowedUp"), value: funnel.followed_up },
    { label: say("reports.converted"), value: funnel.converted },
    { label: say("reports.stageLost"), value: funnel.lost },
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
        series={[{ label: say("reports.enquiries"), data: stages.map((stage) => stage.value) }]}
      />
      <ReportTable
        label={say("reports.conversionBySource")}
        rows={report.sources}
        rowKey={(row) => row.source}
        columns={[
          { header: say("reports.source"), cell: (row) => row.source },
          { header: say("reports.enquiries"), cell: (row) => formatNumber(row.enquiries), numeric: true },
          { header: say("reports.converted"), cell: (row) => formatNumber(row.converted), numeric: true },
          { header: say("reports.conversion"), cell: (row) => `${row.conversion}%`, numeric: true },
        ]}
        footer={[say("reports.total"), formatNumber(funnel.received), formatNumber(funnel.converted), ""]}
      />
    </Stack>
  );
}

export function CentersView({ report }: { report: Reports["centers"] }) {
  const say = useSay();
  const withMoney = report.centers.some((row) => row.invoiced !== undefined);
  const names = report.centers.map((row) => row.name);
  const { ref, axis } = useCategoryXAxis(names, { scale: "band" });
  return (
    <Stack spacing={2} ref={ref}>
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: names, ...axis }]}
        series={[{ label: say("reports.occupancyPercent"), data: report.centers.map((row) => row.occupancy) }]}
      />
      <ReportTable
        label={say("reports.centresCompared")}
        rows={report.centers}
        rowKey={(row) => row.id}
        columns={[
          { header: say("reports.center"), cell: (row) => row.name },
          { header: say("reports.enrolled"), cell: (row) => formatNumber(row.enrolled), numeric: true },
          { header: say("reports.occupancy"), cell: (row) => `${row.occupancy}%`, numeric: true },
          { header: say("reports.childDaysPresent"), cell: (row) => formatNumber(row.present_days), numeric: true },
          { header: say("reports.enquiries"), cell: (row) => formatNumber(row.enquiries), numeric: true },
          { header: say("reports.converted"), cell: (row) => formatNumber(row.converted), numeric: true },
          ...(withMoney
            ? [
                {
                  header: say("reports.invoiced"),
                  cell: (row: Reports["centers"]["centers"][number]) => money(row.invoiced),
                  numeric: true,
                },
                {
                  header: say("reports.received"),
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
