import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import type { CoordinatorHome } from "@sprout/shared/schemas/analytics";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { Link as RouterLink } from "react-router";
import { RowsTable } from "../../components/PagedTable/RowsTable";
import { formatDate, formatLongDate, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCoordinatorHome } from "./api";
import { loadError } from "./loadError";
import { QuickActions } from "./QuickActions";

function Classrooms({ rooms }: { rooms: CoordinatorHome["classrooms"] }) {
  const say = useSay();
  return (
    <Card variant="outlined" component="section" aria-labelledby="classrooms-heading">
      <CardContent>
        <Typography id="classrooms-heading" variant="h6" component="h2">
          {say("dashboard.classroomsToday")}
        </Typography>
        {rooms.length === 0 && <Typography color="text.secondary">{say("dashboard.noClassrooms")}</Typography>}
      </CardContent>
      {rooms.length > 0 && (
        // On a phone each room is a card with every column in it, Today's plan too.
        <RowsTable
          label={say("dashboard.classroomsTodayLabel")}
          rows={rooms}
          rowKey={(room) => room.id}
          rowProps={(room) => ({ "data-testid": `coordinator-room-${room.id}` })}
          cardsSx={{ px: 2, pb: 2 }}
          columns={[
            { header: say("dashboard.colClassroom"), cell: (room) => room.name },
            { header: say("dashboard.colEnrolled"), cell: (room) => formatNumber(room.enrolled), align: "right" },
            { header: say("dashboard.colInNow"), cell: (room) => formatNumber(room.children_in), align: "right" },
            { header: say("dashboard.colTeachers"), cell: (room) => formatNumber(room.teachers), align: "right" },
            {
              header: say("dashboard.colTodaysPlan"),
              cell: (room) => (
                <Chip
                  size="small"
                  color={room.has_plan_today ? "success" : "warning"}
                  label={room.has_plan_today ? say("dashboard.planned") : say("dashboard.noPlan")}
                />
              ),
              nowrap: true,
            },
          ]}
        />
      )}
    </Card>
  );
}

/** The academic coordinator's home: the centre's classrooms, today's plans and assignments due. */
export function CoordinatorDashboard({ user }: { user: SessionUser }) {
  const say = useSay();
  const home = useCoordinatorHome();
  const data = home.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("dashboard.welcomeBack", { name: user.fullName.split(" ")[0] ?? "" })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatLongDate(new Date())}
          {user.centerName ? ` · ${user.centerName}` : ""}
        </Typography>
      </Box>
      {home.isPending && <LinearProgress aria-label={say("dashboard.loadingCentreDay")} />}
      {home.isError && <Alert severity="error">{loadError(say, home.error)}</Alert>}
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Classrooms rooms={data.classrooms} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Stack spacing={2}>
              <Card variant="outlined" component="section" aria-labelledby="plans-heading">
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
                    <Typography id="plans-heading" variant="h6" component="h2">
                      {say("dashboard.todaysPlans")}
                    </Typography>
                    <Button component={RouterLink} to="/lesson-plans" size="small">
                      {say("dashboard.allPlans")}
                    </Button>
                  </Stack>
                  {data.plans_today.length === 0 && (
                    <Typography color="text.secondary">{say("dashboard.noPlansToday")}</Typography>
                  )}
                  <List dense>
                    {data.plans_today.map((plan) => (
                      <ListItem key={plan.id} disableGutters>
                        <ListItemText primary={plan.topic} secondary={plan.classroom_name} />
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
              <Card variant="outlined" component="section" aria-labelledby="due-heading">
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
                    <Typography id="due-heading" variant="h6" component="h2">
                      {say("dashboard.assignmentsDue")}
                    </Typography>
                    <Button component={RouterLink} to="/assignments" size="small">
                      {say("dashboard.allAssignments")}
                    </Button>
                  </Stack>
                  {data.assignments_due.length === 0 && (
                    <Typography color="text.secondary">{say("dashboard.nothingDue")}</Typography>
                  )}
                  <List dense>
                    {data.assignments_due.map((due) => (
                      <ListItem key={due.id} disableGutters>
                        <ListItemText
                          primary={due.title}
                          secondary={say("dashboard.dueLine", {
                            classroom: due.classroom_name,
                            date: formatDate(due.due_date),
                            submissions: due.submissions,
                          })}
                        />
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Stack>
          </Grid>
        </Grid>
      )}
      <QuickActions role={user.role} />
    </Stack>
  );
}
