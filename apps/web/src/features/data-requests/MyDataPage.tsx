import DownloadIcon from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  DATA_REQUEST_KIND_LABEL_IDS,
  DATA_REQUEST_STATUS_LABEL_IDS,
  type DataExport,
  EXPORT_STATUS_LABEL_IDS,
  EXPORT_VALID_DAYS,
  type ParentDataRequest,
} from "@sprout/shared/schemas/data-requests";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate, formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useMyChildren } from "../parents/useMyChildren";
import { useDataMutations, useMyExports, useMyRequests } from "./api";
import { RequestDialog } from "./RequestDialog";

const EXPORT_COLOURS = {
  queued: "default",
  working: "info",
  ready: "success",
  failed: "error",
  expired: "default",
} as const;
const REQUEST_COLOURS = { open: "warning", done: "success", refused: "error" } as const;

function ExportState({ entry }: { entry: DataExport }) {
  const say = useSay();
  if (entry.status === "queued" || entry.status === "working") {
    return (
      <Stack spacing={0.5} sx={{ minWidth: 140 }}>
        <Typography variant="body2">
          {say(EXPORT_STATUS_LABEL_IDS[entry.status])} · {entry.progress}%
        </Typography>
        <LinearProgress
          variant="determinate"
          value={entry.progress}
          aria-label={say("dataRequests.exportProgress", { progress: entry.progress })}
        />
      </Stack>
    );
  }
  return <Chip size="small" color={EXPORT_COLOURS[entry.status]} label={say(EXPORT_STATUS_LABEL_IDS[entry.status])} />;
}

/** The parent's "My data": download everything held about their child, ask for corrections or erasure. */
export function MyDataPage() {
  const say = useSay();
  const children = useMyChildren();
  const [chosen, setChosen] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const childId = chosen ?? children.data?.[0]?.id ?? null;
  const exportPaging = usePaging(10);
  const requestPaging = usePaging(10);
  const exports = useMyExports(exportPaging.page, exportPaging.limit);
  const requests = useMyRequests(requestPaging.page, requestPaging.limit);
  const { prepareExport, download } = useDataMutations();

  const downloadButton = (entry: DataExport) =>
    entry.status === "ready" ? (
      <Button
        size="small"
        variant="contained"
        startIcon={<DownloadIcon />}
        disabled={download.isPending}
        onClick={() => download.mutate(entry)}
      >
        {say("dataRequests.download")}
      </Button>
    ) : null;
  const exportColumns: Column<DataExport>[] = [
    { header: say("dataRequests.child"), cell: (entry) => entry.child_name },
    { header: say("dataRequests.asked"), cell: (entry) => formatDateTime(entry.created_at), nowrap: true },
    { header: say("dataRequests.status"), cell: (entry) => <ExportState entry={entry} /> },
    {
      header: say("dataRequests.availableUntil"),
      cell: (entry) => (entry.expires_at ? formatDate(entry.expires_at) : "—"),
      nowrap: true,
    },
    { header: say("dataRequests.download"), cell: downloadButton, align: "right" },
  ];
  const requestColumns: Column<ParentDataRequest>[] = [
    { header: say("dataRequests.child"), cell: (row) => row.child_name },
    { header: say("dataRequests.request"), cell: (row) => say(DATA_REQUEST_KIND_LABEL_IDS[row.kind]) },
    { header: say("dataRequests.whatYouAsked"), cell: (row) => <RequestText row={row} /> },
    { header: say("dataRequests.dueBy"), cell: (row) => formatDate(row.due_date), nowrap: true },
    {
      header: say("dataRequests.status"),
      cell: (row) => (
        <Chip size="small" color={REQUEST_COLOURS[row.status]} label={say(DATA_REQUEST_STATUS_LABEL_IDS[row.status])} />
      ),
    },
    { header: say("dataRequests.centreAnswer"), cell: (row) => row.answer ?? say("dataRequests.waitingForCentre") },
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("dataRequests.myDataTitle")}
        </Typography>
        <Typography color="text.secondary">{say("dataRequests.myDataSubtitle")}</Typography>
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="export-title">
        <CardContent>
          <Typography id="export-title" variant="h6" component="h2">
            {say("dataRequests.downloadTitle")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {say("dataRequests.downloadExplained", { days: EXPORT_VALID_DAYS })}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            {(children.data?.length ?? 0) > 1 && (
              <TextField
                select
                label={say("dataRequests.child")}
                value={childId ?? ""}
                onChange={(event) => setChosen(event.target.value)}
                sx={{ minWidth: 220 }}
              >
                {children.data?.map((child) => (
                  <MenuItem key={child.id} value={child.id}>
                    {`${child.first_name} ${child.last_name}`.trim()}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button
              variant="contained"
              disabled={!childId || prepareExport.isPending}
              onClick={() => childId && prepareExport.mutate(childId)}
            >
              {say("dataRequests.prepareDownload")}
            </Button>
          </Stack>
          {prepareExport.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(prepareExport.error, say("dataRequests.exportStartFailed"))}
            </Alert>
          )}
          {download.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(download.error, say("dataRequests.downloadFailed"))}
            </Alert>
          )}
        </CardContent>
        <PagedTable
          label={say("dataRequests.yourDownloads")}
          columns={exportColumns}
          rowKey={(entry) => entry.id}
          page={exports.data && { rows: exports.data.exports, pagination: exports.data.pagination }}
          paging={exportPaging}
          loading={exports.isLoading}
          error={exports.isError ? refusalMessage(exports.error, say("dataRequests.downloadsFailed")) : undefined}
          empty={say("dataRequests.downloadsEmpty")}
          card={(entry) => (
            <Stack spacing={1}>
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{entry.child_name}</Typography>
                <ExportState entry={entry} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {say("dataRequests.askedOn", { time: formatDateTime(entry.created_at) })}
                {entry.expires_at && say("dataRequests.availableUntilDate", { date: formatDate(entry.expires_at) })}
              </Typography>
              {downloadButton(entry)}
            </Stack>
          )}
        />
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="requests-title">
        <CardContent>
          <Typography id="requests-title" variant="h6" component="h2">
            {say("dataRequests.requestsTitle")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {say("dataRequests.requestsExplained")}
          </Typography>
          <Button variant="outlined" disabled={!children.data?.length} onClick={() => setAsking(true)}>
            {say("dataRequests.askButton")}
          </Button>
        </CardContent>
        <PagedTable
          label={say("dataRequests.yourRequests")}
          columns={requestColumns}
          rowKey={(row) => row.id}
          page={requests.data && { rows: requests.data.requests, pagination: requests.data.pagination }}
          paging={requestPaging}
          loading={requests.isLoading}
          error={requests.isError ? refusalMessage(requests.error, say("dataRequests.requestsFailed")) : undefined}
          empty={say("dataRequests.requestsEmpty")}
          card={(row) => (
            <Stack spacing={0.75}>
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {say(DATA_REQUEST_KIND_LABEL_IDS[row.kind])} · {row.child_name}
                </Typography>
                <Chip
                  size="small"
                  color={REQUEST_COLOURS[row.status]}
                  label={say(DATA_REQUEST_STATUS_LABEL_IDS[row.status])}
                />
              </Stack>
              <RequestText row={row} />
              <Typography variant="body2" color="text.secondary">
                {say("dataRequests.dueByDate", { date: formatDate(row.due_date) })}
              </Typography>
              <Typography variant="body2">
                <strong>{say("dataRequests.centreAnswerLabel")}</strong>{" "}
                {row.answer ?? say("dataRequests.waitingForCentre")}
              </Typography>
            </Stack>
          )}
        />
      </Card>
      {asking && children.data && <RequestDialog kids={children.data} onClose={() => setAsking(false)} />}
    </Stack>
  );
}

function RequestText({ row }: { row: ParentDataRequest }) {
  const say = useSay();
  return (
    <Box>
      <Typography variant="body2">{row.details}</Typography>
      {row.correction && (
        <Typography variant="body2" color="text.secondary">
          {say("dataRequests.shouldBe", { correction: row.correction })}
        </Typography>
      )}
    </Box>
  );
}
