import { Alert, AlertTitle, Box, Button, Stack, Typography } from "@mui/material";
import { ALERT_TYPE_LABELS, type StaffAlert } from "@sprout/shared/schemas/emergency";
import { refusalMessage } from "../../api/errors";
import { formatTime } from "../../format";
import { useEmergencyMutations } from "../emergency/api";

/** Spec 2: the red Active Emergency Alerts panel; here Acknowledge records the caller's acknowledgement. */
export function ActiveAlertsPanel({ alerts }: { alerts: StaffAlert[] }) {
  const { acknowledge } = useEmergencyMutations();
  if (alerts.length === 0) return null;
  return (
    <Box
      role="region"
      aria-label="Active Emergency Alerts"
      sx={{ bgcolor: "error.main", color: "error.contrastText", borderRadius: 1, p: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Active Emergency Alerts ({alerts.length})
      </Typography>
      {acknowledge.isError && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {refusalMessage(acknowledge.error, "Could not acknowledge the alert")}
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
                  Acknowledged
                </Typography>
              ) : (
                <Button
                  color="inherit"
                  variant="outlined"
                  size="small"
                  disabled={acknowledge.isPending}
                  onClick={() => acknowledge.mutate(alert.id)}
                >
                  Acknowledge
                </Button>
              )
            }
          >
            <AlertTitle>
              {ALERT_TYPE_LABELS[alert.alert_type]} · {alert.severity}
            </AlertTitle>
            {alert.message}
            <Typography variant="body2">
              Triggered at {formatTime(alert.triggered_at)} · {alert.acknowledgements.length} acknowledged
            </Typography>
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
