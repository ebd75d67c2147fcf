import Forum from "@mui/icons-material/Forum";
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
import type { TeacherHome } from "@sprout/shared/schemas/analytics";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { Link as RouterLink } from "react-router";
import { formatLongDate, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { ratioChip } from "../attendance/ratio";
import { TodaysPlansCard } from "../lesson-plans/TodaysPlans";
import { useTeacherHome } from "./api";
import { loadError } from "./loadError";
import { QuickActions } from "./QuickActions";

function RoomCard({ room }: { room: TeacherHome["classrooms"][number] }) {
  const say = useSay();
  const chip = ratioChip(room);
  return (
    <Card variant="outlined" component="article" aria-label={room.name} sx={{ height: "100%" }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {room.name}
          </Typography>
          <Chip size="small" color={chip.color} label={chip.label} />
        </Stack>
        <Typography variant="h4" component="p" data-testid={`room-in-${room.id}`} sx={{ mt: 1 }}>
          {formatNumber(room.children_in)}
          <Typography component="span" color="text.secondary">
            {say("dashboard.roomOfExpected", { expected: formatNumber(room.expected) })}
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {room.children_in === 0
            ? say("dashboard.roomStaffIn", { absent: formatNumber(room.absent), staff: room.staff_in })
            : say("dashboard.roomStaffNeeded", {
                absent: formatNumber(room.absent),
                staff: room.staff_in,
                required: room.staff_required,
              })}
        </Typography>
      </CardContent>
    </Card>
  );
}

function HealthWatch({ health }: { health: TeacherHome["health"] }) {
  const say = useSay();
  return (
    <Card variant="outlined" component="section" aria-labelledby="health-heading">
      <CardContent>
        <Typography id="health-heading" variant="h6" component="h2">
          {say("dashboard.healthTitle")}
        </Typography>
        {health.length === 0 && <Typography color="text.secondary">{say("dashboard.noHealth")}</Typography>}
        <List dense>
          {health.map((child) => (
            <ListItem key={child.child_id} disableGutters alignItems="flex-start">
              <ListItemText
                primary={`${child.child_name} · ${child.classroom_name}`}
                secondary={
                  <Stack component="span" direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 0.5 }}>
                    {child.allergies.map((allergy) => (
                      <Chip
                        key={allergy}
                        component="span"
                        size="small"
                        color="warning"
                        label={say("dashboard.allergy", { allergy })}
                      />
                    ))}
                    {child.medications.map((medicine) => (
                      <Chip
                        key={medicine.id}
                        component="span"
                        size="small"
                        color={medicine.given_today ? "success" : "error"}
                        label={say(medicine.given_today ? "dashboard.medicationGiven" : "dashboard.medicationDue", {
                          name: medicine.name,
                          dose: medicine.dose,
                          schedule: medicine.schedule,
                        })}
                      />
                    ))}
                  </Stack>
                }
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** The teacher's home: their rooms now, today's plan, health to watch, unread messages, shortcuts. */
export function TeacherDashboard({ user }: { user: SessionUser }) {
  const say = useSay();
  const home = useTeacherHome();
  const data = home.data;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("dashboard.goodDay", { name: user.fullName.split(" ")[0] ?? "" })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatLongDate(new Date())}
          {user.centerName ? ` · ${user.centerName}` : ""}
        </Typography>
      </Box>
      {home.isPending && <LinearProgress aria-label={say("dashboard.loadingYourDay")} />}
      {home.isError && <Alert severity="error">{loadError(say, home.error)}</Alert>}
      {data && (
        <Box component="section" aria-labelledby="rooms-heading">
          <Typography id="rooms-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {say("dashboard.myClassrooms")}
          </Typography>
          {data.classrooms.length === 0 && <Alert severity="info">{say("dashboard.notAssigned")}</Alert>}
          <Grid container spacing={2}>
            {data.classrooms.map((room) => (
              <Grid key={room.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <RoomCard room={room} />
              </Grid>
            ))}
          </Grid>
        </Box>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <TodaysPlansCard />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Stack spacing={2}>
            {data && <HealthWatch health={data.health} />}
            {data && (
              <Card variant="outlined" component="section" aria-labelledby="unread-heading">
                <CardContent>
                  <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                    <Forum color="primary" aria-hidden />
                    <Box sx={{ flexGrow: 1 }}>
                      <Typography id="unread-heading" variant="h6" component="h2" noWrap>
                        {say("dashboard.unreadMessages")}
                      </Typography>
                      <Typography data-testid="unread-messages" variant="h4" component="p">
                        {formatNumber(data.unread_messages)}
                      </Typography>
                    </Box>
                    <Button component={RouterLink} to="/messaging">
                      {say("dashboard.openMessages")}
                    </Button>
                  </Stack>
                </CardContent>
              </Card>
            )}
          </Stack>
        </Grid>
      </Grid>
      <QuickActions role={user.role} />
    </Stack>
  );
}
