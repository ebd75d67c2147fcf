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
  Tabs,
  Typography,
} from "@mui/material";
import {
  REPORT_MESSAGES,
  REPORT_TITLES,
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
  const report = useReport(name, filters, valid);
  const download = useReportDownload();
  const view: (typeof VIEWS)[K] = VIEWS[name];
  return (
    <Card variant="outlined" component="section" aria-labelledby="report-heading">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography id="report-heading" variant="h6" component="h2">
            {REPORT_TITLES[name]}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<Download />}
            disabled={!valid || download.isPending}
            onClick={() => download.mutate({ name, filters })}
          >
            {download.isPending ? "Preparing…" : "Download .xlsx"}
          </Button>
        </Stack>
        {download.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {REPORT_MESSAGES.downloadFailed}
          </Alert>
        )}
        {report.isFetching && <LinearProgress aria-label="Loading report" sx={{ mt: 1 }} />}
        {report.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {report.error instanceof ApiError ? report.error.message : REPORT_MESSAGES.loadFailed}
          </Alert>
        )}
        {report.data && <Box sx={{ mt: 2 }}>{view(report.data)}</Box>}
      </CardContent>
    </Card>
  );
}

/** Reports & Analytics (/reports): each report the role may read, for a date range and a centre. */
export function ReportsPage() {
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

  if (!name) return <Alert severity="info">No reports are available to your role.</Alert>;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Reports & Analytics
        </Typography>
        <Typography color="text.secondary">
          The last six months by default; every figure matches its list and downloads as a spreadsheet.
        </Typography>
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} component="section" aria-label="Report filters">
        <DateField label="From" value={filters.from ?? ""} onChange={(value) => set("from", value)} size="small" />
        <DateField label="To" value={filters.to ?? ""} onChange={(value) => set("to", value)} size="small" />
        {(centres.data?.length ?? 0) > 1 && (
          <FormControl size="small" fullWidth>
            <InputLabel id="report-centre-label">Center</InputLabel>
            <Select
              labelId="report-centre-label"
              label="Center"
              value={filters.center_id ?? ""}
              onChange={(event) => set("center", event.target.value || undefined)}
            >
              <MenuItem value="">All centres</MenuItem>
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
      <Tabs
        value={name}
        onChange={(_, value: ReportName) => set("report", value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Reports"
      >
        {available.map((report) => (
          <Tab key={report} value={report} label={REPORT_TITLES[report]} />
        ))}
      </Tabs>
      <ReportPanel key={name} name={name} filters={filters} valid={checked.success} />
    </Stack>
  );
}
