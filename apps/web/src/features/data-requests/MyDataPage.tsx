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
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  type DataExport,
  EXPORT_STATUS_LABELS,
  EXPORT_VALID_DAYS,
  type ParentDataRequest,
} from "@sprout/shared/schemas/data-requests";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate, formatDateTime } from "../../format";
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
  if (entry.status === "queued" || entry.status === "working") {
    return (
      <Stack spacing={0.5} sx={{ minWidth: 140 }}>
        <Typography variant="body2">
          {EXPORT_STATUS_LABELS[entry.status]} · {entry.progress}%
        </Typography>
        <LinearProgress
          variant="determinate"
          value={entry.progress}
          aria-label={`Export progress ${entry.progress}%`}
        />
      </Stack>
    );
  }
  return <Chip size="small" color={EXPORT_COLOURS[entry.status]} label={EXPORT_STATUS_LABELS[entry.status]} />;
}

/** The parent's "My data": download everything held about their child, ask for corrections or erasure. */
export function MyDataPage() {
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
        Download
      </Button>
    ) : null;
  const exportColumns: Column<DataExport>[] = [
    { header: "Child", cell: (entry) => entry.child_name },
    { header: "Asked", cell: (entry) => formatDateTime(entry.created_at), nowrap: true },
    { header: "Status", cell: (entry) => <ExportState entry={entry} /> },
    {
      header: "Available until",
      cell: (entry) => (entry.expires_at ? formatDate(entry.expires_at) : "—"),
      nowrap: true,
    },
    { header: "Download", cell: downloadButton, align: "right" },
  ];
  const requestColumns: Column<ParentDataRequest>[] = [
    { header: "Child", cell: (row) => row.child_name },
    { header: "Request", cell: (row) => DATA_REQUEST_KIND_LABELS[row.kind] },
    { header: "What you asked", cell: (row) => <RequestText row={row} /> },
    { header: "Due by", cell: (row) => formatDate(row.due_date), nowrap: true },
    {
      header: "Status",
      cell: (row) => (
        <Chip size="small" color={REQUEST_COLOURS[row.status]} label={DATA_REQUEST_STATUS_LABELS[row.status]} />
      ),
    },
    { header: "Centre's answer", cell: (row) => row.answer ?? "Waiting for the centre" },
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          My data
        </Typography>
        <Typography color="text.secondary">
          Everything Sprout holds about your child and you: download it, or ask the centre to correct or erase it.
        </Typography>
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="export-title">
        <CardContent>
          <Typography id="export-title" variant="h6" component="h2">
            Download your data
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            One archive with a readable summary (PDF), every record (JSON) and the original photos and documents. It is
            prepared in the background and can be downloaded for {EXPORT_VALID_DAYS} days.
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            {(children.data?.length ?? 0) > 1 && (
              <TextField
                select
                label="Child"
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
              Prepare download
            </Button>
          </Stack>
          {prepareExport.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(prepareExport.error, "Could not start the export.")}
            </Alert>
          )}
          {download.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(download.error, "Could not download the archive.")}
            </Alert>
          )}
        </CardContent>
        <PagedTable
          label="Your downloads"
          columns={exportColumns}
          rowKey={(entry) => entry.id}
          page={exports.data && { rows: exports.data.exports, pagination: exports.data.pagination }}
          paging={exportPaging}
          loading={exports.isLoading}
          error={exports.isError ? refusalMessage(exports.error, "Could not load your downloads.") : undefined}
          empty="No downloads prepared yet."
          card={(entry) => (
            <Stack spacing={1}>
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{entry.child_name}</Typography>
                <ExportState entry={entry} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                Asked {formatDateTime(entry.created_at)}
                {entry.expires_at && ` · available until ${formatDate(entry.expires_at)}`}
              </Typography>
              {downloadButton(entry)}
            </Stack>
          )}
        />
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="requests-title">
        <CardContent>
          <Typography id="requests-title" variant="h6" component="h2">
            Corrections and erasure
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Tell the centre what is wrong and what it should be, or ask for your child's data to be erased after they
            leave. The centre answers within 30 days.
          </Typography>
          <Button variant="outlined" disabled={!children.data?.length} onClick={() => setAsking(true)}>
            Ask for a correction or erasure
          </Button>
        </CardContent>
        <PagedTable
          label="Your requests"
          columns={requestColumns}
          rowKey={(row) => row.id}
          page={requests.data && { rows: requests.data.requests, pagination: requests.data.pagination }}
          paging={requestPaging}
          loading={requests.isLoading}
          error={requests.isError ? refusalMessage(requests.error, "Could not load your requests.") : undefined}
          empty="You have not asked for anything yet."
          card={(row) => (
            <Stack spacing={0.75}>
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {DATA_REQUEST_KIND_LABELS[row.kind]} · {row.child_name}
                </Typography>
                <Chip size="small" color={REQUEST_COLOURS[row.status]} label={DATA_REQUEST_STATUS_LABELS[row.status]} />
              </Stack>
              <RequestText row={row} />
              <Typography variant="body2" color="text.secondary">
                Due by {formatDate(row.due_date)}
              </Typography>
              <Typography variant="body2">
                <strong>Centre's answer:</strong> {row.answer ?? "Waiting for the centre"}
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
  return (
    <Box>
      <Typography variant="body2">{row.details}</Typography>
      {row.correction && (
        <Typography variant="body2" color="text.secondary">
          Should be: {row.correction}
        </Typography>
      )}
    </Box>
  );
}
