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
import { formatDate } from "../../format";

type Kind = "daily" | "monthly" | "staff_hours";
type ReportRow = ReportAnswer["rows"][number];
const KINDS: Record<Kind, string> = {
  daily: "Daily attendance per classroom",
  monthly: "Monthly attendance per child",
  staff_hours: "Staff hours",
};

/** The last twelve months, newest first, as YYYY-MM with an en-IN label. */
const MONTHS = Array.from({ length: 12 }, (_, back) => {
  const month = dayjs().subtract(back, "month");
  return {
    value: month.format("YYYY-MM"),
    label: month.toDate().toLocaleDateString("en-IN", { month: "long", year: "numeric" }),
  };
});

/** The attendance reports on screen, and as .xlsx or CSV downloads of the same figures. */
export function ReportsPanel({ today, centerId }: { today: string; centerId?: string }) {
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
          label="Report"
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          sx={{ minWidth: 280 }}
        >
          {(Object.keys(KINDS) as Kind[]).map((value) => (
            <MenuItem key={value} value={value}>
              {KINDS[value]}
            </MenuItem>
          ))}
        </TextField>
        {kind === "daily" ? (
          <Box sx={{ minWidth: 200 }}>
            <DateField label="Day" value={date} onChange={setDate} max={today} error={!valid} />
          </Box>
        ) : (
          <TextField
            select
            label="Month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {MONTHS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
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
            .xlsx
          </Button>
          <Button
            startIcon={<Download />}
            variant="outlined"
            disabled={!valid || download.isPending}
            onClick={() => download.mutate("csv")}
          >
            CSV
          </Button>
        </Stack>
      </Stack>
      {download.isError && (
        <Alert severity="error">{refusalMessage(download.error, "Could not download the report.")}</Alert>
      )}
      {report.isFetching && <LinearProgress aria-label="Loading the report" />}
      {report.isError && <Alert severity="error">{refusalMessage(report.error, "Could not load the report.")}</Alert>}
      {report.data && (
        <>
          <Typography variant="h6" component="h2">
            {KINDS[kind]} ·{" "}
            {kind === "daily" ? formatDate(date) : MONTHS.find((option) => option.value === month)?.label}
          </Typography>
          {report.data.rows.length === 0 ? (
            <Alert severity="info">Nothing to report for this period.</Alert>
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
