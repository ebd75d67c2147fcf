import { Button, Card, CardContent, Chip, List, ListItemButton, ListItemText, Stack, Typography } from "@mui/material";
import type { DirectorDashboard } from "@sprout/shared/schemas/center-director";
import { Link as RouterLink } from "react-router";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { PRIORITY_LABELS } from "./labels";

/** Spec 2: at most 4 upcoming tasks, from the work waiting at the centre and its calendar. */
export function UpcomingTasksCard({
  tasks,
  centerId,
}: {
  tasks: DirectorDashboard["data"]["upcoming_tasks"];
  centerId: string;
}) {
  const say = useSay();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
          <Typography variant="h6" component="h2">
            {say("centerDirector.upcomingTasks")}
          </Typography>
          <Button size="small" component={RouterLink} to={`/center-director/tasks?centerId=${centerId}`}>
            {tasks.total > tasks.items.length
              ? say("centerDirector.allTasks", { count: tasks.total })
              : say("centerDirector.sourceCalendar")}
          </Button>
        </Stack>
        {tasks.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {say("centerDirector.nothingWaiting")}
          </Typography>
        ) : (
          <List dense aria-label={say("centerDirector.upcomingTasksList")} disablePadding>
            {tasks.items.map((task) => (
              <ListItemButton
                key={`${task.source}-${task.id}`}
                component={RouterLink}
                to={task.link}
                disableGutters
                data-testid="upcoming-task"
              >
                <ListItemText
                  primary={task.title}
                  secondary={say("centerDirector.dueDate", { date: formatDate(task.due_date) })}
                />
                <Chip
                  size="small"
                  label={say(PRIORITY_LABELS[task.priority])}
                  color={task.priority === "High" ? "error" : "default"}
                  sx={{ ml: 1 }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
