import type { SvgIconComponent } from "@mui/icons-material";
import ContactPhone from "@mui/icons-material/ContactPhone";
import EventAvailable from "@mui/icons-material/EventAvailable";
import Receipt from "@mui/icons-material/Receipt";
import { Card, CardHeader, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { canOpen } from "@sprout/shared/navigation";
import { hasFeature, type Role } from "@sprout/shared/roles";
import type { Overview } from "@sprout/shared/schemas/analytics";
import { Link as RouterLink } from "react-router";
import { type Say, useSay } from "../../i18n/useSay";

interface FocusItem {
  primary: string;
  secondary: string;
  to: string;
  icon: SvgIconComponent;
}

/** Spec: enquiries only when some are open, invoices only when some are pending, attendance always. */
export function focusItems(overview: Overview, role: Role, say: Say): FocusItem[] {
  const items: FocusItem[] = [];
  if (overview.open_enquiries > 0) {
    items.push({
      primary: say("dashboard.focusEnquiries", { count: overview.open_enquiries }),
      secondary: say("dashboard.focusEnquiriesText"),
      to: "/enquiries",
      icon: ContactPhone,
    });
  }
  // Invoice counts come only to roles that work with billing.
  const pending = overview.pending_invoices ?? 0;
  const overdue = overview.overdue_invoices ?? 0;
  if (pending > 0) {
    items.push({
      primary: say("dashboard.focusPending", { count: pending }),
      secondary: say("dashboard.focusPendingText"),
      to: "/billing?status=Pending",
      icon: Receipt,
    });
  }
  if (overdue > 0) {
    items.push({
      primary: say("dashboard.focusOverdue", { count: overdue }),
      secondary: say("dashboard.focusOverdueText"),
      to: "/billing?status=Overdue",
      icon: Receipt,
    });
  }
  // The daily report shows per classroom who is not recorded yet; without reports, the roster.
  items.push({
    primary: say("dashboard.focusAttendance"),
    secondary: say("dashboard.focusAttendanceText"),
    to: hasFeature(role, "attendance_reports") ? "/attendance?view=reports" : "/attendance",
    icon: EventAvailable,
  });
  // Only items whose page exists for this role.
  return items.filter((item) => canOpen(role, item.to));
}

export function TodaysFocus({ overview, role }: { overview: Overview; role: Role }) {
  const say = useSay();
  const items = focusItems(overview, role, say);
  if (items.length === 0) return null;
  return (
    <Card>
      <CardHeader title={say("dashboard.todaysFocus")} slotProps={{ title: { variant: "h6", component: "h2" } }} />
      <List disablePadding aria-label={say("dashboard.todaysFocus")}>
        {items.map(({ primary, secondary, to, icon: Icon }) => (
          <ListItem key={to} disablePadding divider>
            <ListItemButton component={RouterLink} to={to}>
              <ListItemIcon>
                <Icon color="primary" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={primary} secondary={secondary} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
