import type { SvgIconComponent } from "@mui/icons-material";
import Campaign from "@mui/icons-material/Campaign";
import Chat from "@mui/icons-material/Chat";
import Feedback from "@mui/icons-material/Feedback";
import Grading from "@mui/icons-material/Grading";
import Notifications from "@mui/icons-material/Notifications";
import NotificationsNone from "@mui/icons-material/NotificationsNone";
import ReportProblem from "@mui/icons-material/ReportProblem";
import {
  Alert,
  Badge,
  Box,
  Divider,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Popover,
  Typography,
} from "@mui/material";
import type { Notification, NotificationKind } from "@sprout/shared/schemas/communication";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useMarkNotificationsRead, useNotifications } from "./noticesApi";

/** Kinds other areas add get the plain bell until they pick an icon. */
const ICONS: Partial<Record<NotificationKind, SvgIconComponent>> = {
  message: Chat,
  announcement: Campaign,
  notice: Notifications,
  feedback_response: Feedback,
  incident: ReportProblem,
  progress_card: Grading,
};

/** The bell in the top bar: the unread count, live; opening it lists the latest lines and reads them. */
export function NotificationBell({ color = "inherit" }: { color?: "inherit" | "primary" }) {
  const say = useSay();
  const navigate = useNavigate();
  const bell = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Lines that were unread when the bell opened keep their mark until it closes.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const unread = bell.data?.unread ?? 0;
  const lines = bell.data?.notifications ?? [];

  const open = (target: HTMLElement) => {
    setAnchor(target);
    setFresh(new Set(lines.filter((line) => !line.read).map((line) => line.id)));
    if (unread > 0) markRead.mutate();
  };
  const follow = (line: Notification) => {
    setAnchor(null);
    void navigate(line.link);
  };

  return (
    <>
      <IconButton
        color={color}
        aria-label={
          unread > 0 ? say("communication.notificationsUnread", { count: unread }) : say("communication.notifications")
        }
        aria-haspopup="dialog"
        onClick={(event) => open(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="bell-count">
          {unread > 0 ? <Notifications /> : <NotificationsNone />}
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": say("communication.notifications"),
            sx: { width: "min(380px, calc(100vw - 24px))", maxHeight: "min(520px, calc(100vh - 96px))" },
          },
        }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {say("communication.notifications")}
          </Typography>
        </Box>
        <Divider />
        {bell.isPending && <LinearProgress aria-label={say("communication.loadingNotifications")} />}
        {bell.isError && <Alert severity="error">{errorMessage(bell.error)}</Alert>}
        {bell.data && lines.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {say("communication.noNotifications")}
          </Typography>
        )}
        <List disablePadding aria-label={say("communication.latestNotifications")}>
          {lines.map((line) => {
            const Icon = ICONS[line.kind] ?? Notifications;
            const isNew = fresh.has(line.id);
            return (
              <ListItemButton
                key={line.id}
                divider
                onClick={() => follow(line)}
                sx={{ alignItems: "flex-start", bgcolor: isNew ? "action.hover" : undefined }}
              >
                <ListItemIcon sx={{ minWidth: 40, mt: 0.5, color: isNew ? "primary.main" : undefined }}>
                  <Icon aria-hidden />
                </ListItemIcon>
                <ListItemText
                  primary={line.title}
                  secondary={
                    <>
                      <Box component="span" sx={{ display: "block", overflowWrap: "anywhere" }}>
                        {line.body}
                      </Box>
                      <Box component="span" sx={{ display: "block", mt: 0.25, fontSize: "0.75rem" }}>
                        {formatDateTime(line.created_at)}
                        {isNew ? say("communication.newMark") : ""}
                      </Box>
                    </>
                  }
                  slotProps={{ primary: { fontWeight: isNew ? 600 : 400, sx: { overflowWrap: "anywhere" } } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      </Popover>
    </>
  );
}
