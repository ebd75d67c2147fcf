import type { SvgIconComponent } from "@mui/icons-material";
import Assessment from "@mui/icons-material/Assessment";
import Assignment from "@mui/icons-material/Assignment";
import ChildCare from "@mui/icons-material/ChildCare";
import ContactPhone from "@mui/icons-material/ContactPhone";
import EventAvailable from "@mui/icons-material/EventAvailable";
import Forum from "@mui/icons-material/Forum";
import MenuBook from "@mui/icons-material/MenuBook";
import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import Receipt from "@mui/icons-material/Receipt";
import Today from "@mui/icons-material/Today";
import { Box, Card, CardActionArea, CardContent, Grid, Stack, Typography } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { canOpen } from "@sprout/shared/navigation";
import { type Feature, hasFeature, type Role } from "@sprout/shared/roles";
import { Link as RouterLink } from "react-router";
import { useSay } from "../../i18n/useSay";

interface QuickAction {
  title: MessageId;
  description: MessageId;
  to: string;
  icon: SvgIconComponent;
  /** A feature the shortcut needs beyond opening its page (a view within it). */
  feature?: Feature;
}

const ACTIONS: readonly QuickAction[] = [
  { title: "dashboard.qaChildren", description: "dashboard.qaChildrenText", to: "/children", icon: ChildCare },
  {
    title: "dashboard.qaAttendance",
    description: "dashboard.qaAttendanceText",
    to: "/attendance",
    icon: EventAvailable,
  },
  {
    title: "dashboard.qaAttendanceReports",
    description: "dashboard.qaAttendanceReportsText",
    to: "/attendance?view=reports",
    icon: Assessment,
    feature: "attendance_reports",
  },
  { title: "dashboard.qaEnquiries", description: "dashboard.qaEnquiriesText", to: "/enquiries", icon: ContactPhone },
  { title: "dashboard.qaBilling", description: "dashboard.qaBillingText", to: "/billing", icon: Receipt },
  { title: "dashboard.qaLessonPlans", description: "dashboard.qaLessonPlansText", to: "/lesson-plans", icon: MenuBook },
  {
    title: "dashboard.qaDailyActivities",
    description: "dashboard.qaDailyActivitiesText",
    to: "/daily-activities",
    icon: Today,
  },
  { title: "dashboard.qaMessages", description: "dashboard.qaMessagesText", to: "/messaging", icon: Forum },
  {
    title: "dashboard.qaAssignments",
    description: "dashboard.qaAssignmentsText",
    to: "/assignments",
    icon: Assignment,
  },
  {
    title: "dashboard.linkPortfolios",
    description: "dashboard.qaPortfoliosText",
    to: "/admin/portfolios",
    icon: PhotoLibrary,
  },
];

/** Only shortcuts to pages that exist and that the role may open. */
export function QuickActions({ role }: { role: Role }) {
  const say = useSay();
  const actions = ACTIONS.filter(
    (action) => canOpen(role, action.to) && (!action.feature || hasFeature(role, action.feature)),
  );
  if (actions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="quick-actions-heading">
      <Typography id="quick-actions-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {say("dashboard.quickActions")}
      </Typography>
      <Grid container spacing={2}>
        {actions.map(({ title, description, to, icon: Icon }) => (
          <Grid key={to} size={{ xs: 6, lg: 12 / Math.min(actions.length, 4) }}>
            <Card sx={{ height: "100%" }}>
              <CardActionArea component={RouterLink} to={to} sx={{ height: "100%" }}>
                <CardContent>
                  <Stack spacing={1}>
                    <Icon color="primary" aria-hidden />
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {say(title)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {say(description)}
                    </Typography>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
