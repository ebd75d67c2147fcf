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
import { useCoordinatorHome } from "./api";
import { loadError } from "./loadError";
import { QuickActions } from "./QuickActions";

function Classrooms({ rooms }: { rooms: CoordinatorHome["classrooms"] }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="classrooms-heading">
      <CardContent>
        <Typography id="classrooms-heading" variant="h6" component="h2">
          Classrooms Today
        </Typography>
        {rooms.length === 0 && <Typography color="text.secondary">No classrooms yet.</Typography>}
      </CardContent>
      {rooms.length > 0 && (
        // On a phone each room is a card with every column in it, Today's plan too.
        <RowsTable
          label="Classrooms today"
          rows={rooms}
          rowKey={(room) => room.id}
          rowProps={(room) => ({ "data-testid": `coordinator-room-${room.id}` })}
          cardsSx={{ px: 2, pb: 2 }}
          columns={[
            { header: "Classroom", cell: (room) => room.name },
            { header: "Enrolled", cell: (room) => formatNumber(room.enrolled), align: "right" },
            { header: "In now", cell: (room) => formatNumber(room.children_in), align: "right" },
            { header: "Teachers", cell: (room) => formatNumber(room.teachers), align: "right" },
            {
              header: "Today's plan",
              cell: (room) => (
                <Chip
                  size="small"
                  color={room.has_plan_today ? "success" : "warning"}
                  label={room.has_plan_today ? "Planned" : "No plan"}
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
  const home = useCoordinatorHome();
  const data = home.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Welcome back, {user.fullName.split(" ")[0]}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatLongDate(new Date())}
          {user.centerName ? ` · ${user.centerName}` : ""}
        </Typography>
      </Box>
      {home.isPending && <LinearProgress aria-label="Loading the centre's day" />}
      {home.isError && <Alert severity="error">{loadError(home.error)}</Alert>}
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
                      Today's Lesson Plans
                    </Typography>
                    <Button component={RouterLink} to="/lesson-plans" size="small">
                      All plans
                    </Button>
                  </Stack>
                  {data.plans_today.length === 0 && (
                    <Typography color="text.secondary">No lesson plans for today yet.</Typography>
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
                      Assignments Due This Week
                    </Typography>
                    <Button component={RouterLink} to="/assignments" size="small">
                      All assignments
                    </Button>
                  </Stack>
                  {data.assignments_due.length === 0 && (
                    <Typography color="text.secondary">Nothing due in the next seven days.</Typography>
                  )}
                  <List dense>
                    {data.assignments_due.map((due) => (
                      <ListItem key={due.id} disableGutters>
                        <ListItemText
                          primary={due.title}
                          secondary={`${due.classroom_name} · due ${formatDate(due.due_date)} · ${due.submissions} submitted`}
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
