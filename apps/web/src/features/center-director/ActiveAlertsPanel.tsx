import { Alert, AlertTitle, Box, Button, Stack, Typography } from "@mui/material";
import type { StaffAlert } from "@sprout/shared/schemas/emergency";
import { refusalMessage } from "../../api/errors";
import { formatTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useEmergencyMutations } from "../emergency/api";
import { SEVERITY_LABELS } from "./labels";

/** Spec 2: the red Active Emergency Alerts panel; here Acknowledge records the caller's acknowledgement. */
export function ActiveAlertsPanel({ alerts }: { alerts: StaffAlert[] }) {
  const say = useSay();
  const { acknowledge } = useEmergencyMutations();
  if (alerts.length === 0) return null;
  return (
    <Box
      role="region"
      aria-label={say("centerDirector.alertsRegion")}
      sx={{ bgcolor: "error.main", color: "error.contrastText", borderRadius: 1, p: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {say("centerDirector.alertsTitle", { count: alerts.length })}
      </Typography>
      {acknowledge.isError && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {refusalMessage(acknowledge.error, say("centerDirector.acknowledgeFailed"))}
        </Alert>
      )}
      <Stack spacing={1}>
        {alerts.map((alert) => (
          <Alert
            key={alert.id}
            severity="error"
            variant="filled"
            sx={{ bgcolor: "error.dark" }}
            data-testid="director-alert"
            action={
              alert.acknowledged_by_me ? (
                <Typography variant="body2" sx={{ alignSelf: "center", px: 1 }}>
                  {say("centerDirector.acknowledged")}
                </Typography>
              ) : (
                <Button
                  color="inherit"
                  variant="outlined"
                  size="small"
                  disabled={acknowledge.isPending}
                  onClick={() => acknowledge.mutate(alert.id)}
                >
                  {say("centerDirector.acknowledge")}
                </Button>
              )
            }
          >
            <AlertTitle>
              {say("emergency.alertType", { type: alert.alert_type })} · {say(SEVERITY_LABELS[alert.severity])}
            </AlertTitle>
            {alert.message}
            <Typography variant="body2">
              {say("centerDirector.alertTriggered", {
                time: formatTime(alert.triggered_at),
                count: alert.acknowledgements.length,
              })}
            </Typography>
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
