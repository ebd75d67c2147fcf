import type { SvgIconComponent } from "@mui/icons-material";
import ChildCare from "@mui/icons-material/ChildCare";
import ContactPhone from "@mui/icons-material/ContactPhone";
import EventAvailable from "@mui/icons-material/EventAvailable";
import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import Receipt from "@mui/icons-material/Receipt";
import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from "@mui/material";
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

export function QuickActions() {
  return (
    <Grid container spacing={2}>
      {ACTIONS.map(({ title, description, to, icon: Icon }) => (
        <Grid key={to} size={{ xs: 6, lg: 2.4 }}>
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
  );
}
