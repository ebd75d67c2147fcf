import { Alert, Box, Button, Card, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  DATA_MESSAGES,
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_STATUS_LABELS,
  DATA_REQUEST_STATUSES,
  type DataRequestStatus,
  type DeskDataRequest,
} from "@sprout/shared/schemas/data-requests";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { AccessDenied } from "../../components/AccessDenied";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { centreDate, formatDate } from "../../format";
import { useDesk } from "./api";
import { ConsentRefusals } from "./ConsentRefusals";
import { AnswerDialog, EraseDialog } from "./DeskDialogs";

const DESK_ROLES = new Set(["owner", "center_director"]);
const STATUS_COLOURS = { open: "warning", done: "success", refused: "error" } as const;

/** The director's (and owner's) desk of parents' correction and erasure requests. */
export function DeskPage() {
  const user = useSignedInUser();
  if (!DESK_ROLES.has(user.role)) return <AccessDenied />;
  return <Desk />;
}

function Desk() {
  const [status, setStatus] = useState<DataRequestStatus | "">("open");
  const paging = usePaging(25);
  const desk = useDesk(status || undefined, paging.page, paging.limit);
  const [answering, setAnswering] = useState<DeskDataRequest | null>(null);
  const [erasing, setErasing] = useState<DeskDataRequest | null>(null);
  // The centre's today: after 18:30 in India the UTC date is still yesterday's.
  const today = centreDate(new Date());

  const due = (row: DeskDataRequest) => (
    <Typography variant="body2" color={row.status === "open" && row.due_date < today ? "error" : undefined}>
      {formatDate(row.due_date)}
    </Typography>
  );
  const actions = (row: DeskDataRequest) => {
    if (row.status !== "open") {
      return (
        <Typography variant="body2">
          <strong>Answer:</strong> {row.answer}
        </Typography>
      );
    }
    const canErase = row.kind === "erasure" && row.child_status === "left" && !row.child_erased;
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {row.kind === "erasure" && (
          <Button size="small" color="error" variant="contained" disabled={!canErase} onClick={() => setErasing(row)}>
            Run erasure
          </Button>
        )}
        <Button size="small" variant="outlined" onClick={() => setAnswering(row)}>
          Answer
        </Button>
      </Stack>
    );
  };
  const enrolledNote = (row: DeskDataRequest) =>
    row.status === "open" && row.kind === "erasure" && row.child_status !== "left" ? (
      <Typography variant="caption" color="warning.main" sx={{ display: "block" }}>
        {DATA_MESSAGES.stillEnrolled}
      </Typography>
    ) : null;
  const columns: Column<DeskDataRequest>[] = [
    { header: "Due", cell: due, nowrap: true },
    { header: "Request", cell: (row) => DATA_REQUEST_KIND_LABELS[row.kind] },
    { header: "Child", cell: (row) => row.child_name },
    { header: "Parent", cell: (row) => row.requested_by_name },
    {
      header: "What they asked",
      cell: (row) => (
        <>
          <Typography variant="body2">{row.details}</Typography>
          {row.correction && (
            <Typography variant="body2" color="text.secondary">
              Should be: {row.correction}
            </Typography>
          )}
          {enrolledNote(row)}
        </>
      ),
    },
    {
      header: "Status",
      cell: (row) => (
        <Chip size="small" color={STATUS_COLOURS[row.status]} label={DATA_REQUEST_STATUS_LABELS[row.status]} />
      ),
    },
    { header: "Action or answer", cell: actions },
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Data requests
        </Typography>
        <Typography color="text.secondary">
          Parents' requests to correct or erase their child's data. Each is answered within 30 days of asking.
        </Typography>
      </Box>
      <Card variant="outlined">
        <Stack direction="row" sx={{ p: 2 }}>
          <TextField
            select
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DataRequestStatus | "");
              paging.setPage(1);
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All</MenuItem>
            {DATA_REQUEST_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {DATA_REQUEST_STATUS_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {desk.isError && <Alert severity="error">{refusalMessage(desk.error, "Could not load the requests.")}</Alert>}
        <PagedTable
          label="Data requests"
          columns={columns}
          rowKey={(row) => row.id}
          page={desk.data && { rows: desk.data.requests, pagination: desk.data.pagination }}
          paging={paging}
          loading={desk.isLoading}
          empty="No requests here."
          card={(row) => (
            <Stack spacing={0.75}>
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {DATA_REQUEST_KIND_LABELS[row.kind]} · {row.child_name}
                </Typography>
                <Chip size="small" color={STATUS_COLOURS[row.status]} label={DATA_REQUEST_STATUS_LABELS[row.status]} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                From {row.requested_by_name} · due {formatDate(row.due_date)}
              </Typography>
              <Typography variant="body2">{row.details}</Typography>
              {row.correction && <Typography variant="body2">Should be: {row.correction}</Typography>}
              {enrolledNote(row)}
              {actions(row)}
            </Stack>
          )}
        />
      </Card>
      <ConsentRefusals />
      {answering && <AnswerDialog request={answering} onClose={() => setAnswering(null)} />}
      {erasing && <EraseDialog request={erasing} onClose={() => setErasing(null)} />}
    </Stack>
  );
}
