import { Alert, Box, Card, CircularProgress, Grid, Stack, Tab } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { hasFeature } from "@sprout/shared/roles";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import { ScrollableTabs } from "../../components/ScrollableTabs";
import { type Say, useSay } from "../../i18n/useSay";
import { useActiveAlerts } from "../emergency/api";
import { ActiveAlertsPanel } from "./ActiveAlertsPanel";
import { useDirectorDashboard } from "./api";
import { DashboardHeader } from "./DashboardHeader";
import { FigureCards } from "./FigureCards";
import { KpiTab } from "./KpiTab";
import { LiveUpdatesCard } from "./LiveUpdatesCard";
import { BudgetTab, FeedbackTab, IncidentsTab } from "./OtherTabs";
import { QuickActions } from "./QuickActions";
import { MyShift, RoomsNow } from "./RoomsNow";
import { StaffTab } from "./StaffTab";

const TABS: MessageId[] = [
  "centerDirector.tabKpis",
  "centerDirector.tabStaff",
  "centerDirector.tabBudget",
  "centerDirector.tabFeedback",
  "centerDirector.tabIncidents",
];

/** spec 2, error catalogue: "API Error: {status}", the server's message, or the fallback. */
function loadError(say: Say, error: unknown): string {
  if (error instanceof ApiError) return error.message || say("centerDirector.apiError", { status: error.status });
  return say("centerDirector.loadFailed");
}

/**
 * The Center Director dashboard (spec 2): the director's home, and the page owners and super
 * admins open for one of their centres (chosen by ?centerId=).
 */
export function CenterDirectorDashboard({ user }: { user: SessionUser }) {
  const say = useSay();
  const [params, setParams] = useSearchParams();
  const requested = params.get("centerId") ?? undefined;
  const dashboard = useDirectorDashboard(requested);
  const alerts = useActiveAlerts();
  const [tab, setTab] = useState(0);
  // "Refreshing..." answers the button; the refetches a socket event starts stay quiet.
  const [refreshing, setRefreshing] = useState(false);

  if (dashboard.isPending) return <CircularProgress aria-label={say("centerDirector.loading")} />;
  if (dashboard.isError) return <Alert severity="error">{loadError(say, dashboard.error)}</Alert>;
  const data = dashboard.data.data;
  const centreAlerts = alerts.data?.alerts.filter((alert) => alert.center_id === data.center.id) ?? [];
  const ownCentre = user.role === "center_director";

  return (
    <Stack spacing={2}>
      <DashboardHeader
        centre={data.center}
        centres={data.centers}
        onCentre={(id) => setParams({ centerId: id }, { replace: true })}
        activeAlerts={centreAlerts.length}
        mayTrigger={hasFeature(user.role, "emergency_response")}
        refreshing={refreshing}
        onRefresh={() => {
          setRefreshing(true);
          void dashboard.refetch().finally(() => setRefreshing(false));
        }}
      />
      <ActiveAlertsPanel alerts={centreAlerts} />
      <FigureCards data={data} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: ownCentre ? 7 : 12 }}>
          <LiveUpdatesCard updates={data.live_updates} />
        </Grid>
        {ownCentre && (
          <Grid size={{ xs: 12, md: 5 }}>
            <MyShift />
          </Grid>
        )}
      </Grid>
      {ownCentre && <RoomsNow />}
      <QuickActions role={user.role} centerId={data.center.id} />
      <Card variant="outlined">
        <ScrollableTabs
          value={tab}
          onChange={(_, value: number) => setTab(value)}
          aria-label={say("centerDirector.sections")}
        >
          {TABS.map((label) => (
            <Tab key={label} label={say(label)} />
          ))}
        </ScrollableTabs>
      </Card>
      <Box role="tabpanel" aria-label={say(TABS[tab]!)}>
        {tab === 0 && <KpiTab data={data} />}
        {tab === 1 && <StaffTab centerId={data.center.id} mayReview={hasFeature(user.role, "staff_performance")} />}
        {tab === 2 && <BudgetTab data={data} />}
        {tab === 3 && <FeedbackTab data={data} />}
        {tab === 4 && <IncidentsTab data={data} />}
      </Box>
    </Stack>
  );
}
