import type { SvgIconComponent } from "@mui/icons-material";
import ChildCare from "@mui/icons-material/ChildCare";
import ContactPhone from "@mui/icons-material/ContactPhone";
import EventAvailable from "@mui/icons-material/EventAvailable";
import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import Receipt from "@mui/icons-material/Receipt";
import { Box, Card, CardActionArea, CardContent, Grid, Stack, Typography } from "@mui/material";
import { canOpen, type Role } from "@sprout/shared/roles";
import { Link as RouterLink } from "react-router";

interface QuickAction {
  title: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
}

const ACTIONS: readonly QuickAction[] = [
  { title: "Manage Children", description: "Profiles, enrolment and pauses", to: "/children", icon: ChildCare },
  { title: "Take Attendance", description: "Mark today's check-ins", to: "/attendance", icon: EventAvailable },
  { title: "Follow Up Enquiries", description: "Leads and admissions", to: "/enquiries", icon: ContactPhone },
  { title: "Billing", description: "Invoices and payments", to: "/billing", icon: Receipt },
  { title: "Digital Portfolios", description: "Photos across the centre", to: "/admin/portfolios", icon: PhotoLibrary },
];

/** Only shortcuts to pages that exist and that the role may open (portfolios come later). */
export function QuickActions({ role }: { role: Role }) {
  const actions = ACTIONS.filter((action) => canOpen(role, action.to));
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
