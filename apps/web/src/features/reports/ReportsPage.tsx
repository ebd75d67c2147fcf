import Download from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  Tab,
  Typography,
} from "@mui/material";
import {
  REPORT_TITLE_IDS,
  type ReportName,
  type ReportQuery,
  type Reports,
  reportQuery,
  reportsFor,
} from "@sprout/shared/schemas/reports";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { DateField } from "../../components/DateField";
import { ScrollableTabs } from "../../components/ScrollableTabs";
import { useSay } from "../../i18n/useSay";
import { useCentres, useReport, useReportDownload } from "./api";
import { AttendanceView, CentersView, DuesView, EnquiriesView, EnrolmentView, RevenueView } from "./views";

const VIEWS: { [K in ReportName]: (report: Reports[K]) => ReactNode } = {
  enrolment: (report) => <EnrolmentView report={report} />,
  attendance: (report) => <AttendanceView report={report} />,
  revenue: (report) => <RevenueView report={report} />,
  dues: (report) => <DuesView report={report} />,
  enquiries: (report) => <EnquiriesView report={report} />,
  centers: (report) => <CentersView report={report} />,
};

function ReportPanel<K extends ReportName>({
  name,
  filters,
  valid,
}: {
  name: K;
  filters: ReportQuery;
  valid: boolean;
}) {
  const say = useSay();
  const report = useReport(name, filters, valid);
  const download = useReportDownload();
  const view: (typeof VIEWS)[K] = VIEWS[name];
  return (
    <Card variant="outlined" component="section" aria-labelledby="report-heading">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography id="report-heading" variant="h6" component="h2">
            {say(REPORT_TITLE_IDS[name])}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<Download />}
            disabled={!valid || download.isPending}
            onClick={() => download.mutate({ name, filters })}
          >
            {download.isPending ? say("reports.preparing") : say("reports.downloadXlsx")}
          </Button>
        </Stack>
        {download.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {say("reports.downloadFailed")}
          </Alert>
        )}
        {report.isFetching && <LinearProgress aria-label={say("reports.loading")} sx={{ mt: 1 }} />}
        {report.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {report.error instanceof ApiError ? report.error.message : say("reports.loadFailed")}
          </Alert>
        )}
        {report.data && <Box sx={{ mt: 2 }}>{view(report.data)}</Box>}
      </CardContent>
    </Card>
  );
}

/** Reports & Analytics (/reports): each report the role may read, for a date range and a centre. */
export function ReportsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const available = reportsFor(user.role);
  const [params, setParams] = useSearchParams();
  const chosen = params.get("report");
  const name = available.find((report) => report === chosen) ?? available[0];
  const filters: ReportQuery = {
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    center_id: params.get("center") ?? undefined,
  };
  const checked = reportQuery.safeParse(filters);
  const problem = checked.success ? undefined : checked.error.issues[0]?.message;
  const centres = useCentres();
  const set = (key: string, value: string | undefined) =>
    setParams(
      () => {
        // The address bar, not this render's copy of it: a tab clicked while the render for a
        // date just typed is still pending (a transition a click interrupts) would drop the date.
        const next = new URLSearchParams(window.location.search);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  if (!name) return <Alert severity="info">{say("reports.noneForRole")}</Alert>;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("reports.title")}
        </Typography>
        <Typography color="text.secondary">{say("reports.subtitle")}</Typography>
      </Box>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        component="section"
        aria-label={say("reports.filters")}
      >
        <DateField
          label={say("reports.from")}
          value={filters.from ?? ""}
          onChange={(value) => set("from", value)}
          size="small"
        />
        <DateField
          label={say("reports.to")}
          value={filters.to ?? ""}
          onChange={(value) => set("to", value)}
          size="small"
        />
        {(centres.data?.length ?? 0) > 1 && (
          <FormControl size="small" fullWidth>
            <InputLabel id="report-centre-label">{say("reports.center")}</InputLabel>
            <Select
              labelId="report-centre-label"
              label={say("reports.center")}
              value={filters.center_id ?? ""}
              onChange={(event) => set("center", event.target.value || undefined)}
            >
              <MenuItem value="">{say("reports.allCentres")}</MenuItem>
              {centres.data?.map((centre) => (
                <MenuItem key={centre.id} value={centre.id}>
                  {centre.center_name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
      </Stack>
      {problem && <Alert severity="warning">{problem}</Alert>}
      <ScrollableTabs
        value={name}
        onChange={(_, value: ReportName) => set("report", value)}
        aria-label={say("reports.tabsLabel")}
      >
        {available.map((report) => (
          <Tab key={report} value={report} label={say(REPORT_TITLE_IDS[report])} />
        ))}
      </ScrollableTabs>
      <ReportPanel key={name} name={name} filters={filters} valid={checked.success} />
    </Stack>
  );
}
