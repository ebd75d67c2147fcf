import ChildCare from "@mui/icons-material/ChildCare";
import ContactPhone from "@mui/icons-material/ContactPhone";
import MeetingRoom from "@mui/icons-material/MeetingRoom";
import Receipt from "@mui/icons-material/Receipt";
import { Alert, Box, Grid, LinearProgress, Stack, Typography } from "@mui/material";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { formatLongDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { CounterCard } from "./CounterCard";
import { loadError } from "./loadError";
import { QuickActions } from "./QuickActions";
import { TodaysFocus } from "./TodaysFocus";
import { useOverview } from "./useOverview";

export function AdminDashboard({ user }: { user: SessionUser }) {
  const say = useSay();
  const overview = useOverview();
  const data = overview.data;

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("dashboard.welcomeBack", { name: user.fullName.split(" ")[0] ?? "" })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatLongDate(new Date())}
          {user.centerName ? ` · ${user.centerName}` : ""}
        </Typography>
      </Box>

      {overview.isPending && <LinearProgress aria-label={say("dashboard.loading")} />}
      {overview.isError && <Alert severity="error">{loadError(say, overview.error)}</Alert>}

      <Grid container spacing={2} component="section" aria-label={say("dashboard.centreFigures")}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <CounterCard
            label={say("dashboard.totalStudents")}
            loading={overview.isPending}
            value={data?.total_students}
            to="/children"
            icon={ChildCare}
            color="#2e7d5b"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <CounterCard
            label={say("dashboard.totalClassrooms")}
            loading={overview.isPending}
            value={data?.total_classrooms}
            to="/classrooms"
            icon={MeetingRoom}
            color="#3f51b5"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <CounterCard
            label={say("dashboard.openEnquiries")}
            loading={overview.isPending}
            value={data?.open_enquiries}
            to="/enquiries"
            icon={ContactPhone}
            color="#ed6c02"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <CounterCard
            label={say("dashboard.pendingInvoices")}
            loading={overview.isPending}
            value={data?.pending_invoices}
            to="/billing?status=Pending"
            icon={Receipt}
            color="#d32f2f"
          />
        </Grid>
      </Grid>

      <QuickActions role={user.role} />

      {data && <TodaysFocus overview={data} role={user.role} />}
    </Stack>
  );
}
