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
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import {
  NOTIFICATION_PREFERENCE_KINDS,
  type NotificationPreferences,
  type QuietHours,
} from "@sprout/shared/schemas/push";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../api/errors";
import { showAnswer } from "../../api/queryClient";
import { useSay } from "../../i18n/useSay";
import { pushApi } from "./api";
import { PUSH_SERVICE_UNREACHABLE, type PushState, pushState, turnOff, turnOn } from "./browserPush";
import { QuietHoursForm } from "./QuietHoursForm";

const STATE_LABEL: Record<PushState, { label: MessageId; color: "success" | "default" | "error" | "warning" }> = {
  on: { label: "push.stateOn", color: "success" },
  off: { label: "push.stateOff", color: "default" },
  blocked: { label: "push.stateBlocked", color: "error" },
  unsupported: { label: "push.stateUnsupported", color: "warning" },
};

const PREFERENCES_KEY = ["notification-preferences"];
const STATE_KEY = ["push-state"];

/**
 * Push notifications on this device, which kinds the person wants and their quiet hours (issue
 * 32.3 and 32.5).
 * The browser is asked for permission only when the button is pressed, never on load.
 */
export function NotificationSettings() {
  const say = useSay();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: STATE_KEY, queryFn: pushState, staleTime: Number.POSITIVE_INFINITY });
  const preferences = useQuery({ queryKey: PREFERENCES_KEY, queryFn: pushApi.preferences });
  const toggleDevice = useMutation({
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSuccess: (next) => showAnswer(queryClient, STATE_KEY, next),
  });
  const choose = useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) => pushApi.updatePreferences(change),
    onSuccess: (saved) => showAnswer(queryClient, PREFERENCES_KEY, saved),
  });
  const quiet = useMutation({
    mutationFn: (quiet_hours: QuietHours) => pushApi.updatePreferences({ quiet_hours }),
    onSuccess: (saved) => showAnswer(queryClient, PREFERENCES_KEY, saved),
  });
  const current = state.data;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {say("push.title")}
          </Typography>
          {current && (
            <Chip
              label={say(STATE_LABEL[current].label)}
              color={STATE_LABEL[current].color}
              size="small"
              data-testid="push-state"
            />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {say("push.intro")}
        </Typography>
        {state.isPending ? (
          <CircularProgress size={24} aria-label={say("push.checking")} />
        ) : current === "off" ? (
          <Button
            variant="contained"
            startIcon={<NotificationsActive />}
            onClick={() => toggleDevice.mutate(true)}
            disabled={toggleDevice.isPending}
          >
            {say("push.turnOn")}
          </Button>
        ) : current === "on" ? (
          <Button variant="outlined" onClick={() => toggleDevice.mutate(false)} disabled={toggleDevice.isPending}>
            {say("push.turnOff")}
          </Button>
        ) : current === "blocked" ? (
          <Alert severity="warning">{say("push.blocked")}</Alert>
        ) : (
          <Alert severity="info">{say("push.unsupported")}</Alert>
        )}
        {toggleDevice.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {toggleDevice.error.message === PUSH_SERVICE_UNREACHABLE
              ? say("push.serviceUnreachable")
              : errorMessage(toggleDevice.error)}
          </Alert>
        )}

        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
          {say("push.whatToNotify")}
        </Typography>
        {preferences.isPending ? (
          <CircularProgress size={24} aria-label={say("push.loadingChoices")} />
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
                label={say("push.kind", { kind })}
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
            {say("push.emergenciesAlways")}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
