import Logout from "@mui/icons-material/Logout";
import Security from "@mui/icons-material/Security";
import Spa from "@mui/icons-material/Spa";
import {
  Avatar,
  Badge,
  Box,
  Button,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { navigationFor } from "@sprout/shared/navigation";
import { ROLE_LABEL_IDS } from "@sprout/shared/roles";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { memo } from "react";
import { useIntl } from "react-intl";
import { NavLink, useLocation } from "react-router";
import { useUnreadCounts } from "../features/communication/api";
import { usePendingPolicies } from "../features/policies/api";
import { navIcon } from "./navIcons";

interface Props {
  user: SessionUser;
  onNavigate: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The drawer's content: who is signed in, where they can go, and the way out. */
export function SideNav({ user, onNavigate, onLogout, loggingOut }: Props) {
  const { pathname } = useLocation();
  const intl = useIntl();
  const entries = navigationFor(user.role);
  const initial = user.fullName.trim().charAt(0).toUpperCase() || "?";
  const unread = useUnreadCounts().data;
  const pendingPolicies = usePendingPolicies();
  // Entries that carry a live count (new-message, new-announcement and notification refresh it); Policies counts what waits for acknowledgement.
  const unreadFor: Record<string, number> = {
    "/messaging": unread?.messages ?? 0,
    "/classroom-announcements": unread?.announcements ?? 0,
    "/notices": unread?.notices ?? 0,
    "/policies": pendingPolicies,
  };

  return (
    <Stack component="nav" aria-label={intl.formatMessage({ id: "nav.main" })} sx={{ height: "100%" }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", px: 2.5, py: 2 }}>
        <Spa color="primary" aria-hidden />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, color: "primary.main" }}>
          {intl.formatMessage({ id: "app.name" })}
        </Typography>
      </Stack>
      <Divider />
      {/* One compact row for who is signed in, so a 768 px tall screen still shows every entry. */}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", px: 2, py: 1.5 }} data-testid="nav-user">
        <Avatar sx={{ width: 44, height: 44, bgcolor: "primary.main", fontSize: 20 }} aria-hidden>
          {initial}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {user.fullName}
          </Typography>
          <Chip
            label={intl.formatMessage({ id: ROLE_LABEL_IDS[user.role] })}
            size="small"
            color="primary"
            variant="outlined"
            sx={{ my: 0.25 }}
          />
          <Typography variant="caption" component="p" color="text.secondary">
            {user.centerName ?? intl.formatMessage({ id: "nav.allCentres" })}
          </Typography>
        </Box>
      </Stack>
      <Divider />
      {/* minHeight 0 lets the list scroll between the header and the footer instead of pushing the footer over it. */}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto", py: 0.5 }}>
        <List disablePadding dense>
          {entries.map((entry) => (
            <NavEntry
              key={entry.path}
              path={entry.path}
              label={intl.formatMessage({ id: entry.label })}
              active={pathname === entry.path || pathname.startsWith(`${entry.path}/`)}
              count={unreadFor[entry.path] ?? 0}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Box>
      <Divider />
      <Box sx={{ px: 2, py: 1.5 }}>
        <Button
          fullWidth
          component={NavLink}
          to="/account/security"
          onClick={onNavigate}
          color="inherit"
          startIcon={<Security />}
          sx={{ mb: 0.5, justifyContent: "flex-start" }}
        >
          {intl.formatMessage({ id: "nav.account" })}
        </Button>
        <Button
          fullWidth
          variant="outlined"
          color="inherit"
          startIcon={<Logout />}
          onClick={onLogout}
          disabled={loggingOut}
        >
          {intl.formatMessage({ id: loggingOut ? "nav.signingOut" : "nav.logout" })}
        </Button>
      </Box>
    </Stack>
  );
}

interface EntryProps {
  path: string;
  label: string;
  active: boolean;
  count: number;
  onNavigate: () => void;
}

// The counts refresh on their own (a new message, a notification); rebuilding every entry each
// time made long tasks on a phone. An entry renders again only when its own count or state changes.
const NavEntry = memo(function NavEntry({ path, label, active, count, onNavigate }: EntryProps) {
  const Icon = navIcon(path);
  const intl = useIntl();
  const counted = path === "/policies" ? "nav.countToAcknowledge" : "nav.countUnread";
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={path}
        selected={active}
        aria-label={count > 0 ? intl.formatMessage({ id: counted }, { label, count }) : undefined}
        onClick={onNavigate}
        sx={{ mx: 1, borderRadius: 2, "&.Mui-selected": { color: "primary.main" } }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: active ? "primary.main" : undefined }}>
          <Badge badgeContent={count} color="error" max={99} data-testid={`unread-${path.slice(1)}`}>
            <Icon aria-hidden />
          </Badge>
        </ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { fontWeight: active ? 600 : 400 } }} />
      </ListItemButton>
    </ListItem>
  );
});
