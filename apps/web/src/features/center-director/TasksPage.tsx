import Delete from "@mui/icons-material/Delete";
import Edit from "@mui/icons-material/Edit";
import {
  Alert,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  Typography,
} from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { hasFeature } from "@sprout/shared/roles";
import type { CalendarEvent, UpcomingTask } from "@sprout/shared/schemas/center-director";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useCalendar, useDirectorDashboard, useDirectorMutations, useTasks } from "./api";
import { CalendarEventDialog } from "./CalendarEventDialog";
import { PRIORITY_LABELS } from "./labels";

const SOURCE_LABELS: Record<UpcomingTask["source"], MessageId> = {
  budget_request: "centerDirector.sourceBudget",
  feedback: "centerDirector.sourceFeedback",
  enquiry_follow_up: "centerDirector.sourceEnquiry",
  calendar: "centerDirector.sourceCalendar",
};
const KIND_LABELS: Record<CalendarEvent["kind"], MessageId> = {
  safety_drill: "centerDirector.kindSafetyDrill",
  meeting: "centerDirector.kindMeeting",
  other: "centerDirector.kindOther",
};

const taskColumnsFor = (say: Say): Column<UpcomingTask>[] => [
  { header: say("centerDirector.colDue"), cell: (row) => formatDate(row.due_date), nowrap: true },
  {
    header: say("centerDirector.colTask"),
    cell: (row) => (
      <Link component={RouterLink} to={row.link}>
        {row.title}
      </Link>
    ),
  },
  { header: say("centerDirector.colFrom"), cell: (row) => say(SOURCE_LABELS[row.source]) },
  {
    header: say("centerDirector.colPriority"),
    cell: (row) => (
      <Chip
        size="small"
        label={say(PRIORITY_LABELS[row.priority])}
        color={row.priority === "High" ? "error" : "default"}
      />
    ),
  },
];

/** Every upcoming task of the centre, and the calendar the director keeps. */
export function TasksPage() {
  const say = useSay();
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const centerId = params.get("centerId") ?? undefined;
  const mayEdit = hasFeature(user.role, "operational_kpi");
  const dashboard = useDirectorDashboard(centerId);
  const taskPaging = usePaging(10);
  const tasks = useTasks(centerId, taskPaging.page, taskPaging.limit);
  const eventPaging = usePaging(10);
  const events = useCalendar(centerId, eventPaging.page, eventPaging.limit);
  const { removeEvent } = useDirectorMutations();
  const [editing, setEditing] = useState<CalendarEvent | "new" | null>(null);
  const [removing, setRemoving] = useState<CalendarEvent | null>(null);
  const today = dashboard.data?.data.center.date;

  const eventColumns: Column<CalendarEvent>[] = [
    { header: say("centerDirector.eventDate"), cell: (row) => formatDate(row.event_date), nowrap: true },
    { header: say("centerDirector.eventTitle"), cell: (row) => row.title },
    { header: say("centerDirector.eventKind"), cell: (row) => say(KIND_LABELS[row.kind]) },
    ...(mayEdit
      ? [
          {
            header: say("centerDirector.colActions"),
            nowrap: true,
            cell: (row: CalendarEvent) => (
              <>
                <IconButton
                  aria-label={say("centerDirector.changeItem", { title: row.title })}
                  onClick={() => setEditing(row)}
                >
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={say("centerDirector.removeItem", { title: row.title })}
                  onClick={() => setRemoving(row)}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <div>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", sm: "2.125rem" } }}>
            {say("centerDirector.upcomingTasks")}
          </Typography>
          {dashboard.data && <Typography color="text.secondary">{dashboard.data.data.center.name}</Typography>}
        </div>
        {mayEdit && today && (
          <Button variant="contained" onClick={() => setEditing("new")}>
            {say("centerDirector.addToCalendar")}
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <PagedTable
          label={say("centerDirector.upcomingTasksList")}
          columns={taskColumnsFor(say)}
          card={(row) => (
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={row.link} sx={{ fontWeight: 600 }}>
                {row.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {say("centerDirector.taskCardLine", {
                  date: formatDate(row.due_date),
                  source: say(SOURCE_LABELS[row.source]),
                  priority: say(PRIORITY_LABELS[row.priority]),
                })}
              </Typography>
            </Stack>
          )}
          rowKey={(row) => `${row.source}-${row.id}`}
          page={tasks.data && { rows: tasks.data.tasks, pagination: tasks.data.pagination }}
          paging={taskPaging}
          loading={tasks.isPending}
          error={tasks.isError ? refusalMessage(tasks.error, say("centerDirector.tasksFailed")) : undefined}
          empty={say("centerDirector.nothingWaiting")}
        />
      </Card>
      <Typography variant="h6" component="h2">
        {say("centerDirector.calendar")}
      </Typography>
      <Card variant="outlined">
        <PagedTable
          label={say("centerDirector.calendar")}
          columns={eventColumns}
          card={(row) => (
            <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
              <Stack>
                <Typography sx={{ fontWeight: 600 }}>{row.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(row.event_date)} · {say(KIND_LABELS[row.kind])}
                </Typography>
              </Stack>
              {mayEdit && (
                <Stack direction="row">
                  <IconButton
                    aria-label={say("centerDirector.changeItem", { title: row.title })}
                    onClick={() => setEditing(row)}
                  >
                    <Edit fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={say("centerDirector.removeItem", { title: row.title })}
                    onClick={() => setRemoving(row)}
                  >
                    <Delete fontSize="small" />
                  </IconButton>
                </Stack>
              )}
            </Stack>
          )}
          rowKey={(row) => row.id}
          page={events.data && { rows: events.data.events, pagination: events.data.pagination }}
          paging={eventPaging}
          loading={events.isPending}
          error={events.isError ? refusalMessage(events.error, say("centerDirector.calendarFailed")) : undefined}
          empty={say("centerDirector.noEvents")}
        />
      </Card>
      {editing && today && (
        <CalendarEventDialog
          event={editing === "new" ? null : editing}
          centerId={centerId}
          today={today}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
        <DialogTitle>{say("centerDirector.removeTitle", { title: removing?.title ?? "" })}</DialogTitle>
        <DialogContent>
          {removeEvent.isError && (
            <Alert severity="error">{refusalMessage(removeEvent.error, say("centerDirector.removeFailed"))}</Alert>
          )}
          <Typography>{say("centerDirector.removeHint")}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{say("centerDirector.cancel")}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={removeEvent.isPending}
            onClick={() => removeEvent.mutate(removing!.id, { onSuccess: () => setRemoving(null) })}
          >
            {say("centerDirector.remove")}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
