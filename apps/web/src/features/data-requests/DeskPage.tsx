import { Alert, Box, Button, Card, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  DATA_REQUEST_KIND_LABEL_IDS,
  DATA_REQUEST_STATUS_LABEL_IDS,
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
import { useSay } from "../../i18n/useSay";
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
  const say = useSay();
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
          <strong>{say("dataRequests.answerLabel")}</strong> {row.answer}
        </Typography>
      );
    }
    const canErase = row.kind === "erasure" && row.child_status === "left" && !row.child_erased;
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {row.kind === "erasure" && (
          <Button size="small" color="error" variant="contained" disabled={!canErase} onClick={() => setErasing(row)}>
            {say("dataRequests.runErasure")}
          </Button>
        )}
        <Button size="small" variant="outlined" onClick={() => setAnswering(row)}>
          {say("dataRequests.answer")}
        </Button>
      </Stack>
    );
  };
  const enrolledNote = (row: DeskDataRequest) =>
    row.status === "open" && row.kind === "erasure" && row.child_status !== "left" ? (
      <Typography variant="caption" color="warning.main" sx={{ display: "block" }}>
        {say("dataRequests.stillEnrolled")}
      </Typography>
    ) : null;
  const columns: Column<DeskDataRequest>[] = [
    { header: say("dataRequests.due"), cell: due, nowrap: true },
    { header: say("dataRequests.request"), cell: (row) => say(DATA_REQUEST_KIND_LABEL_IDS[row.kind]) },
    { header: say("dataRequests.child"), cell: (row) => row.child_name },
    { header: say("dataRequests.parent"), cell: (row) => row.requested_by_name },
    {
      header: say("dataRequests.whatTheyAsked"),
      cell: (row) => (
        <>
          <Typography variant="body2">{row.details}</Typography>
          {row.correction && (
            <Typography variant="body2" color="text.secondary">
              {say("dataRequests.shouldBe", { correction: row.correction })}
            </Typography>
          )}
          {enrolledNote(row)}
        </>
      ),
    },
    {
      header: say("dataRequests.status"),
      cell: (row) => (
        <Chip size="small" color={STATUS_COLOURS[row.status]} label={say(DATA_REQUEST_STATUS_LABEL_IDS[row.status])} />
      ),
    },
    { header: say("dataRequests.actionOrAnswer"), cell: actions },
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("dataRequests.deskTitle")}
        </Typography>
        <Typography color="text.secondary">{say("dataRequests.deskSubtitle")}</Typography>
      </Box>
      <Card variant="outlined">
        <Stack direction="row" sx={{ p: 2 }}>
          <TextField
            select
            label={say("dataRequests.status")}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DataRequestStatus | "");
              paging.setPage(1);
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{say("dataRequests.all")}</MenuItem>
            {DATA_REQUEST_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {say(DATA_REQUEST_STATUS_LABEL_IDS[value])}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {desk.isError && <Alert severity="error">{refusalMessage(desk.error, say("dataRequests.deskFailed"))}</Alert>}
        <PagedTable
          label={say("dataRequests.deskTitle")}
          columns={columns}
          rowKey={(row) => row.id}
          page={desk.data && { rows: desk.data.requests, pagination: desk.data.pagination }}
          paging={paging}
          loading={desk.isLoading}
          empty={say("dataRequests.deskEmpty")}
          card={(row) => (
            <Stack spacing={0.75}>
              <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {say(DATA_REQUEST_KIND_LABEL_IDS[row.kind])} · {row.child_name}
                </Typography>
                <Chip
                  size="small"
                  color={STATUS_COLOURS[row.status]}
                  label={say(DATA_REQUEST_STATUS_LABEL_IDS[row.status])}
                />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {say("dataRequests.fromDue", { parent: row.requested_by_name, date: formatDate(row.due_date) })}
              </Typography>
              <Typography variant="body2">{row.details}</Typography>
              {row.correction && (
                <Typography variant="body2">{say("dataRequests.shouldBe", { correction: row.correction })}</Typography>
              )}
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
