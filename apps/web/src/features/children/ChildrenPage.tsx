import MoreVert from "@mui/icons-material/MoreVert";
import PauseCircle from "@mui/icons-material/PauseCircle";
import PlayCircle from "@mui/icons-material/PlayCircle";
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Snackbar,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { pauseExpiry, STUDENT_STATUSES, type Student, type StudentStatus } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCentres, useChildren } from "./api";
import { ExitDialog } from "./ExitDialog";
import { STATUS_LABELS } from "./labels";
import { PromoteDialog, TransferDialog } from "./MoveDialogs";
import { PauseDialog } from "./PauseDialog";
import { PausedStudents } from "./PausedStudents";
import { ResumeDialog } from "./ResumeDialog";
import { centreToday } from "./shared";

const STATUS_COLOURS: Record<StudentStatus, "success" | "warning" | "default"> = {
  active: "success",
  paused: "warning",
  left: "default",
};
const EMPTY_BY_STATUS: Record<StudentStatus, MessageId> = {
  active: "children.emptyActive",
  paused: "children.emptyPaused",
  left: "children.emptyLeft",
};

type Dialogs = "pause" | "resume" | "promote" | "transfer" | "exit";

/** Children Management: All Students (searched, filtered, paged on the server) and Paused Students. */
export function ChildrenPage() {
  const say = useSay();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "paused" ? "paused" : "all";
  const [notice, setNotice] = useState("");
  const centres = useCentres();
  // Owners and the super admin look at one centre or all of theirs; the paused list reloads with it.
  const [centerId, setCenterId] = useState("");
  const [open, setOpen] = useState<{ kind: Dialogs; student: Student } | null>(null);
  const dialogFor = (kind: Dialogs) => (open?.kind === kind ? open.student : null);
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("children.title")}
        </Typography>
        <Typography color="text.secondary">{say("children.subtitle")}</Typography>
      </Box>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "flex-end" } }}
      >
        <Tabs
          value={tab}
          onChange={(_, value) => setParams(value === "paused" ? { tab: "paused" } : {})}
          aria-label={say("children.views")}
        >
          <Tab value="all" label={say("children.tabAll")} />
          <Tab value="paused" label={say("children.tabPaused")} />
        </Tabs>
        {(centres.data?.length ?? 0) > 1 && (
          <TextField
            select
            size="small"
            label={say("children.centre")}
            value={centerId}
            onChange={(event) => setCenterId(event.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{say("children.allCentres")}</MenuItem>
            {centres.data!.map((centre) => (
              <MenuItem key={centre.id} value={centre.id}>
                {centre.center_name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {tab === "all" ? (
        <AllStudents
          centerId={centerId}
          showCentre={(centres.data?.length ?? 0) > 1}
          onAction={(kind, student) => setOpen({ kind, student })}
        />
      ) : (
        <PausedStudents centerId={centerId} onResume={(student) => setOpen({ kind: "resume", student })} />
      )}

      <PauseDialog student={dialogFor("pause")} onClose={() => setOpen(null)} onDone={done} />
      <ResumeDialog student={dialogFor("resume")} onClose={() => setOpen(null)} onDone={done} />
      <PromoteDialog student={dialogFor("promote")} onClose={() => setOpen(null)} onDone={done} />
      <TransferDialog student={dialogFor("transfer")} onClose={() => setOpen(null)} onDone={done} />
      <ExitDialog student={dialogFor("exit")} onClose={() => setOpen(null)} onDone={done} />
      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice("")}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice("")}>
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}

type StatusFilter = "all" | "enrolled" | StudentStatus;

function AllStudents({
  centerId,
  showCentre,
  onAction,
}: {
  centerId: string;
  showCentre: boolean;
  onAction: (kind: Dialogs, student: Student) => void;
}) {
  const say = useSay();
  // The roll (active and paused) first: the number the dashboard's Total Students shows.
  const [status, setStatus] = useState<StatusFilter>("enrolled");
  const paging = usePaging(25);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new centre starts from the first page
  useEffect(() => paging.restart(), [centerId]);
  const children = useChildren({ status, search: paging.search, page: paging.page, limit: paging.limit, centerId });
  const data = children.data;
  const page = data && { rows: data.children, pagination: data.pagination };
  const emptyText =
    data?.counts.all === 0
      ? say("children.emptyNone")
      : status === "all" || status === "enrolled"
        ? say("children.emptySearch")
        : say(EMPTY_BY_STATUS[status]);
  const columns: Column<Student>[] = [
    { header: say("children.colName"), cell: (child) => <ChildName child={child} /> },
    { header: say("children.colStatus"), cell: (child) => <StatusCell child={child} /> },
    {
      header: say("children.colBirth"),
      cell: (child) => (child.date_of_birth ? formatDate(child.date_of_birth) : "—"),
      nowrap: true,
    },
    { header: say("children.colClassroom"), cell: (child) => child.classroom_name ?? say("children.unassigned") },
    ...(showCentre ? [{ header: say("children.colCentre"), cell: (child: Student) => child.center_name }] : []),
    { header: say("children.colEnrolled"), cell: (child) => formatDate(child.enrollment_date), nowrap: true },
    {
      header: say("children.colActions"),
      cell: (child) => <RowActions child={child} onAction={onAction} />,
      align: "right",
    },
  ];

  return (
    <Card variant="outlined">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ p: 2 }}>
        <SearchField paging={paging} label={say("children.search")} />
        <TextField
          select
          label={say("children.colStatus")}
          size="small"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as typeof status);
            paging.restart();
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="enrolled">{say("children.filterEnrolled")}</MenuItem>
          <MenuItem value="all">{say("children.filterAll")}</MenuItem>
          {STUDENT_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {say(STATUS_LABELS[value])}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedTable
        label={say("children.tableLabel")}
        columns={columns}
        card={(child) => <ChildCard child={child} showCentre={showCentre} onAction={onAction} />}
        rowKey={(child) => child.id}
        page={page}
        paging={paging}
        loading={children.isPending}
        error={children.isError ? say("children.loadFailed") : undefined}
        empty={emptyText}
      />
    </Card>
  );
}

const ChildName = ({ child }: { child: Student }) => (
  <>
    <Link component={RouterLink} to={`/children/${child.id}`} variant="body2" sx={{ fontWeight: 600 }}>
      {child.name}
    </Link>
    <br />
    <Typography variant="caption" color="text.secondary">
      {child.student_id}
    </Typography>
  </>
);

function StatusCell({ child }: { child: Student }) {
  const say = useSay();
  const expiry =
    child.status === "paused" && child.pause_end_date
      ? pauseExpiry(child.pause_end_date, centreToday(child.time_zone))
      : null;
  return (
    <>
      <Chip size="small" label={say(STATUS_LABELS[child.status])} color={STATUS_COLOURS[child.status]} />
      {expiry && (
        <Box sx={{ mt: 0.5 }}>
          <Typography variant="caption" color={expiry.expired ? "error" : "text.secondary"} sx={{ display: "block" }}>
            {expiry.expired ? say("children.expired") : say("children.daysRemaining", { count: expiry.days })}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {child.pause_reason}
          </Typography>
        </Box>
      )}
    </>
  );
}

/** A child on a phone: name and status, where they are, and the actions' menu. */
function ChildCard({
  child,
  showCentre,
  onAction,
}: {
  child: Student;
  showCentre: boolean;
  onAction: (kind: Dialogs, student: Student) => void;
}) {
  const say = useSay();
  return (
    <Stack direction="row" sx={{ alignItems: "flex-start", gap: 1 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <ChildName child={child} />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {[child.classroom_name ?? say("children.unassigned"), showCentre ? child.center_name : null]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {child.date_of_birth
            ? say("children.cardBornEnrolled", {
                born: formatDate(child.date_of_birth),
                enrolled: formatDate(child.enrollment_date),
              })
            : say("children.cardEnrolled", { enrolled: formatDate(child.enrollment_date) })}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <StatusCell child={child} />
        </Box>
      </Box>
      <RowActions child={child} onAction={onAction} />
    </Stack>
  );
}

const ACTIONS: {
  kind: Dialogs;
  label: MessageId;
  when: (status: StudentStatus) => boolean;
  colour: "warning" | "primary" | "success" | "error";
}[] = [
  { kind: "pause", label: "children.actionPause", when: (status) => status === "active", colour: "warning" },
  { kind: "promote", label: "children.actionPromote", when: (status) => status === "active", colour: "primary" },
  { kind: "transfer", label: "children.actionTransfer", when: (status) => status === "active", colour: "primary" },
  { kind: "resume", label: "children.actionResume", when: (status) => status === "paused", colour: "success" },
  { kind: "exit", label: "children.actionLeaving", when: (status) => status !== "left", colour: "error" },
];

/** Buttons on wide screens; one menu per row on a phone, where five buttons do not fit. */
function RowActions({ child, onAction }: { child: Student; onAction: (kind: Dialogs, student: Student) => void }) {
  const say = useSay();
  const wide = useMediaQuery((theme) => theme.breakpoints.up("md"), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = ACTIONS.filter((action) => action.when(child.status));
  if (actions.length === 0) return null;
  if (!wide) {
    return (
      <>
        <IconButton
          aria-label={say("children.actionsFor", { name: child.name })}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVert />
        </IconButton>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {actions.map((action) => (
            <MenuItem
              key={action.kind}
              onClick={() => {
                setAnchor(null);
                onAction(action.kind, child);
              }}
              sx={{ color: `${action.colour}.main` }}
            >
              {action.kind === "exit" ? say("children.recordLeaving") : say(action.label)}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end", flexWrap: "wrap", gap: 0.5 }}>
      {actions.map((action) => (
        <Button
          key={action.kind}
          size="small"
          color={action.colour}
          startIcon={action.kind === "pause" ? <PauseCircle /> : action.kind === "resume" ? <PlayCircle /> : undefined}
          onClick={() => onAction(action.kind, child)}
          aria-label={
            action.kind === "exit"
              ? say("children.recordLeavingOf", { name: child.name })
              : `${say(action.label)} ${child.name}`
          }
        >
          {say(action.label)}
        </Button>
      ))}
    </Stack>
  );
}
