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
import { hasFeature } from "@sprout/shared/roles";
import {
  CALENDAR_EVENT_KIND_LABELS,
  type CalendarEvent,
  type UpcomingTask,
} from "@sprout/shared/schemas/center-director";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { useCalendar, useDirectorDashboard, useDirectorMutations, useTasks } from "./api";
import { CalendarEventDialog } from "./CalendarEventDialog";

const SOURCE_LABELS: Record<UpcomingTask["source"], string> = {
  budget_request: "Budget",
  feedback: "Feedback",
  enquiry_follow_up: "Enquiry",
  calendar: "Calendar",
};

const taskColumns: Column<UpcomingTask>[] = [
  { header: "Due", cell: (row) => formatDate(row.due_date), nowrap: true },
  {
    header: "Task",
    cell: (row) => (
      <Link component={RouterLink} to={row.link}>
        {row.title}
      </Link>
    ),
  },
  { header: "From", cell: (row) => SOURCE_LABELS[row.source] },
  {
    header: "Priority",
    cell: (row) => <Chip size="small" label={row.priority} color={row.priority === "High" ? "error" : "default"} />,
  },
];

/** Every upcoming task of the centre, and the calendar the director keeps. */
export function TasksPage() {
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
    { header: "Date", cell: (row) => formatDate(row.event_date), nowrap: true },
    { header: "Title", cell: (row) => row.title },
    { header: "Kind", cell: (row) => CALENDAR_EVENT_KIND_LABELS[row.kind] },
    ...(mayEdit
      ? [
          {
            header: "Actions",
            nowrap: true,
            cell: (row: CalendarEvent) => (
              <>
                <IconButton aria-label={`Change ${row.title}`} onClick={() => setEditing(row)}>
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton aria-label={`Remove ${row.title}`} onClick={() => setRemoving(row)}>
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
            Upcoming Tasks
          </Typography>
          {dashboard.data && <Typography color="text.secondary">{dashboard.data.data.center.name}</Typography>}
        </div>
        {mayEdit && today && (
          <Button variant="contained" onClick={() => setEditing("new")}>
            Add to calendar
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <PagedTable
          label="Upcoming tasks"
          columns={taskColumns}
          card={(row) => (
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={row.link} sx={{ fontWeight: 600 }}>
                {row.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                Due {formatDate(row.due_date)} · {SOURCE_LABELS[row.source]} · {row.priority}
              </Typography>
            </Stack>
          )}
          rowKey={(row) => `${row.source}-${row.id}`}
          page={tasks.data && { rows: tasks.data.tasks, pagination: tasks.data.pagination }}
          paging={taskPaging}
          loading={tasks.isPending}
          error={tasks.isError ? refusalMessage(tasks.error, "Failed to load tasks") : undefined}
          empty="Nothing is waiting: no requests, feedback or follow-ups due, and no events planned."
        />
      </Card>
      <Typography variant="h6" component="h2">
        Centre calendar
      </Typography>
      <Card variant="outlined">
        <PagedTable
          label="Centre calendar"
          columns={eventColumns}
          card={(row) => (
            <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
              <Stack>
                <Typography sx={{ fontWeight: 600 }}>{row.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(row.event_date)} · {CALENDAR_EVENT_KIND_LABELS[row.kind]}
                </Typography>
              </Stack>
              {mayEdit && (
                <Stack direction="row">
                  <IconButton aria-label={`Change ${row.title}`} onClick={() => setEditing(row)}>
                    <Edit fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Remove ${row.title}`} onClick={() => setRemoving(row)}>
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
          error={events.isError ? refusalMessage(events.error, "Failed to load the calendar") : undefined}
          empty="No drills or meetings are planned."
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
        <DialogTitle>Remove {removing?.title}?</DialogTitle>
        <DialogContent>
          {removeEvent.isError && (
            <Alert severity="error">{refusalMessage(removeEvent.error, "Failed to remove the event")}</Alert>
          )}
          <Typography>It leaves the calendar and the upcoming tasks.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={removeEvent.isPending}
            onClick={() => removeEvent.mutate(removing!.id, { onSuccess: () => setRemoving(null) })}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
