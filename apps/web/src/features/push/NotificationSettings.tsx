import NotificationsActive from "@mui/icons-material/NotificationsActive";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  Stack,
  Switch,
  Typography,
} from "@mui/material";
import {
  NOTIFICATION_PREFERENCE_KINDS,
  NOTIFICATION_PREFERENCE_LABELS,
  type NotificationPreferences,
  type QuietHours,
} from "@sprout/shared/schemas/push";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../api/errors";
import { pushApi } from "./api";
import { PUSH_SERVICE_UNREACHABLE, type PushState, pushState, turnOff, turnOn } from "./browserPush";
import { QuietHoursForm } from "./QuietHoursForm";

const STATE_LABEL: Record<PushState, { label: string; color: "success" | "default" | "error" | "warning" }> = {
  on: { label: "On on this device", color: "success" },
  off: { label: "Off on this device", color: "default" },
  blocked: { label: "Blocked by the browser", color: "error" },
  unsupported: { label: "Not supported here", color: "warning" },
};

const PREFERENCES_KEY = ["notification-preferences"];
const STATE_KEY = ["push-state"];

/**
 * Push notifications on this device, which kinds the person wants and their quiet hours (issue
 * 32.3 and 32.5).
 * The browser is asked for permission only when the button is pressed, never on load.
 */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: STATE_KEY, queryFn: pushState, staleTime: Number.POSITIVE_INFINITY });
  const preferences = useQuery({ queryKey: PREFERENCES_KEY, queryFn: pushApi.preferences });
  const toggleDevice = useMutation({
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSuccess: (next) => queryClient.setQueryData(STATE_KEY, next),
  });
  const choose = useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) => pushApi.updatePreferences(change),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
  const quiet = useMutation({
    mutationFn: (quiet_hours: QuietHours) => pushApi.updatePreferences({ quiet_hours }),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
  const current = state.data;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Notifications
          </Typography>
          {current && (
            <Chip
              label={STATE_LABEL[current].label}
              color={STATE_LABEL[current].color}
              size="small"
              data-testid="push-state"
            />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Get a notification on this phone or computer when something happens, even with Sprout closed. A notification
          says who and what (&ldquo;Aanya: new message from Ms Rao&rdquo;), never what a message or health record says.
        </Typography>
        {state.isPending ? (
          <CircularProgress size={24} aria-label="Checking notifications" />
        ) : current === "off" ? (
          <Button
            variant="contained"
            startIcon={<NotificationsActive />}
            onClick={() => toggleDevice.mutate(true)}
            disabled={toggleDevice.isPending}
          >
            Turn on notifications
          </Button>
        ) : current === "on" ? (
          <Button variant="outlined" onClick={() => toggleDevice.mutate(false)} disabled={toggleDevice.isPending}>
            Turn off on this device
          </Button>
        ) : current === "blocked" ? (
          <Alert severity="warning">
            Notifications are blocked for Sprout in this browser. Allow them in the browser&rsquo;s site settings (the
            lock beside the address), then come back here.
          </Alert>
        ) : (
          <Alert severity="info">
            This browser cannot show notifications. On an iPhone or iPad, add Sprout to the Home Screen (Share, then Add
            to Home Screen) and open it from there.
          </Alert>
        )}
        {toggleDevice.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {toggleDevice.error.message === PUSH_SERVICE_UNREACHABLE
              ? PUSH_SERVICE_UNREACHABLE
              : errorMessage(toggleDevice.error)}
          </Alert>
        )}

        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
          What to notify you of
        </Typography>
        {preferences.isPending ? (
          <CircularProgress size={24} aria-label="Loading your choices" />
        ) : preferences.isError ? (
          <Alert severity="error">{errorMessage(preferences.error)}</Alert>
        ) : (
          <FormGroup>
            {NOTIFICATION_PREFERENCE_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Switch
                    checked={preferences.data[kind]}
                    disabled={choose.isPending}
                    onChange={(event) => choose.mutate({ [kind]: event.target.checked })}
                  />
                }
                label={NOTIFICATION_PREFERENCE_LABELS[kind]}
              />
            ))}
          </FormGroup>
        )}
        {choose.isError && <Alert severity="error">{errorMessage(choose.error)}</Alert>}
        {preferences.data && (
          <QuietHoursForm
            value={preferences.data.quiet_hours}
            saving={quiet.isPending}
            error={quiet.error}
            onSave={(hours) => quiet.mutate(hours)}
          />
        )}
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Emergency alerts and their all-clear always reach every device with notifications on.
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
