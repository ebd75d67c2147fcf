import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import { notificationList } from "@sprout/shared/schemas/communication";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { formatDateTime } from "../../format";

/** The speed dial's Notifications: the caller's budget lines from the bell. */
export function FinanceNotifications({ open, onClose }: { open: boolean; onClose: () => void }) {
  const bell = useQuery({
    queryKey: ["notifications", "budget"],
    queryFn: () => api.get("/notifications", notificationList),
    enabled: open,
  });
  const lines = (bell.data?.notifications ?? []).filter((line) => line.kind === "budget");
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Finance notifications</DialogTitle>
      <DialogContent dividers>
        {bell.isPending && <LinearProgress />}
        {bell.isSuccess && lines.length === 0 && (
          <Typography color="text.secondary">No finance notifications yet</Typography>
        )}
        <List dense>
          {lines.map((line) => (
            <ListItem key={line.id} disableGutters>
              <ListItemText
                primary={line.title}
                secondary={`${line.body} · ${formatDateTime(line.created_at)}`}
                slotProps={{ primary: { sx: { fontWeight: line.read ? 400 : 600 } } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
