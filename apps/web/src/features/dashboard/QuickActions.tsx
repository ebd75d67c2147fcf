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
import { canOpen } from "@sprout/shared/navigation";
import { type Feature, hasFeature, type Role } from "@sprout/shared/roles";
import { Link as RouterLink } from "react-router";

interface QuickAction {
  title: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
  /** A feature the shortcut needs beyond opening its page (a view within it). */
  feature?: Feature;
}

const ACTIONS: readonly QuickAction[] = [
  { title: "Manage Children", description: "Profiles, enrolment and pauses", to: "/children", icon: ChildCare },
  { title: "Take Attendance", description: "Mark today's check-ins", to: "/attendance", icon: EventAvailable },
  {
    title: "Attendance Reports",
    description: "Daily, monthly and staff hours",
    to: "/attendance?view=reports",
    icon: Assessment,
    feature: "attendance_reports",
  },
  { title: "Follow Up Enquiries", description: "Leads and admissions", to: "/enquiries", icon: ContactPhone },
  { title: "Billing", description: "Invoices and payments", to: "/billing", icon: Receipt },
  { title: "Lesson Plans", description: "The week's plans per classroom", to: "/lesson-plans", icon: MenuBook },
  { title: "Daily Activities", description: "Meals, naps, potty and health", to: "/daily-activities", icon: Today },
  { title: "Messages", description: "Conversations with parents", to: "/messaging", icon: Forum },
  { title: "Assignments", description: "Work set for the classrooms", to: "/assignments", icon: Assignment },
  { title: "Digital Portfolios", description: "Photos across the centre", to: "/admin/portfolios", icon: PhotoLibrary },
];

/** Only shortcuts to pages that exist and that the role may open. */
export function QuickActions({ role }: { role: Role }) {
  const actions = ACTIONS.filter(
    (action) => canOpen(role, action.to) && (!action.feature || hasFeature(role, action.feature)),
  );
  if (actions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="quick-actions-heading">
      <Typography id="quick-actions-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        Quick Actions
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
                      {title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {description}
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
