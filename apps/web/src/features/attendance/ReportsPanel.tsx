import Download from "@mui/icons-material/Download";
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { type ReportAnswer, reportAnswer } from "@sprout/shared/schemas/attendance";
import { useMutation, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useState } from "react";
import { api, apiDownload, saveDownload } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { RowsTable } from "../../components/PagedTable/RowsTable";
import { formatDate, formatMonth } from "../../format";
import { useSay } from "../../i18n/useSay";

type Kind = "daily" | "monthly" | "staff_hours";
type ReportRow = ReportAnswer["rows"][number];
const KINDS: readonly Kind[] = ["daily", "monthly", "staff_hours"];

/** The last twelve months, newest first, as YYYY-MM, named in the reader's language. */
const MONTHS = Array.from({ length: 12 }, (_, back) => dayjs().subtract(back, "month").format("YYYY-MM"));

/** The attendance reports on screen, and as .xlsx or CSV downloads of the same figures. */
export function ReportsPanel({ today, centerId }: { today: string; centerId?: string }) {
  const say = useSay();
  const [kind, setKind] = useState<Kind>("daily");
  const [date, setDate] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const query = { ...(kind === "daily" ? { kind, date } : { kind, month }), center_id: centerId };
  const valid = kind !== "daily" || /^\d{4}-\d{2}-\d{2}$/.test(date);
  const report = useQuery({
    queryKey: ["attendance", "report", query],
    queryFn: () => api.get("/attendance/reports", reportAnswer, { query }),
    enabled: valid,
  });
  const download = useMutation({
    mutationFn: async (format: "xlsx" | "csv") =>
      saveDownload(await apiDownload("/attendance/reports", { query: { ...query, format } }), `attendance.${format}`),
  });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          select
          label={say("attendance.report")}
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          sx={{ minWidth: 280 }}
        >
          {KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {say("attendance.reportKind", { kind: value })}
            </MenuItem>
          ))}
        </TextField>
        {kind === "daily" ? (
          <Box sx={{ minWidth: 200 }}>
            <DateField label={say("attendance.day")} value={date} onChange={setDate} max={today} error={!valid} />
          </Box>
        ) : (
          <TextField
            select
            label={say("attendance.month")}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {MONTHS.map((option) => (
              <MenuItem key={option} value={option}>
                {formatMonth(option)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction="row" spacing={1} sx={{ alignSelf: { sm: "center" } }}>
          <Button
            startIcon={<Download />}
            variant="outlined"
            disabled={!valid || download.isPending}
            onClick={() => download.mutate("xlsx")}
          >
            {say("attendance.downloadXlsx")}
          </Button>
          <Button
            startIcon={<Download />}
            variant="outlined"
            disabled={!valid || download.isPending}
            onClick={() => download.mutate("csv")}
          >
            {say("attendance.downloadCsv")}
          </Button>
        </Stack>
      </Stack>
      {download.isError && (
        <Alert severity="error">{refusalMessage(download.error, say("attendance.downloadFailed"))}</Alert>
      )}
      {report.isFetching && <LinearProgress aria-label={say("attendance.loadingReport")} />}
      {report.isError && <Alert severity="error">{refusalMessage(report.error, say("attendance.reportFailed"))}</Alert>}
      {report.data && (
        <>
          <Typography variant="h6" component="h2">
            {say("attendance.reportKind", { kind })} · {kind === "daily" ? formatDate(date) : formatMonth(month)}
          </Typography>
          {report.data.rows.length === 0 ? (
            <Alert severity="info">{say("attendance.nothingToReport")}</Alert>
          ) : (
            // On a phone a card per row (classroom, child, member of staff) with every figure in it.
            <RowsTable
              label={report.data.title}
              maxHeight={520}
              rows={report.data.rows}
              rowKey={(row) => String(row[0]) + String(row[1])}
              columns={report.data.columns.map((header, index) => ({
                header,
                cell: (row: ReportRow) => row[index],
                align: typeof report.data.rows[0]?.[index] === "number" ? "right" : undefined,
                nowrap: true,
              }))}
            />
          )}
        </>
      )}
    </Stack>
  );
}
