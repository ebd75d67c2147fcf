import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Pagination,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { StaffAlert } from "@sprout/shared/schemas/emergency";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useAlerts, useEmergencyMutations } from "./api";

/** Active and past alerts with their timeline: triggered, acknowledged by, resolved. */
export function EmergencyAlertsPanel() {
  const say = useSay();
  const [status, setStatus] = useState<"active" | "resolved">("active");
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<StaffAlert | null>(null);
  const alerts = useAlerts(status, page);

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_, value) => {
          if (value) {
            setStatus(value);
            setPage(1);
          }
        }}
      >
        <ToggleButton value="active">{say("emergency.active")}</ToggleButton>
        <ToggleButton value="resolved">{say("emergency.past")}</ToggleButton>
      </ToggleButtonGroup>
      {alerts.isPending && <CircularProgress aria-label={say("emergency.loadingAlerts")} />}
      {alerts.isError && <Alert severity="error">{refusalMessage(alerts.error, say("emergency.loadFailed"))}</Alert>}
      {alerts.data?.alerts.length === 0 && (
        <Typography color="text.secondary">
          {status === "active" ? say("emergency.noActive") : say("emergency.noPast")}
        </Typography>
      )}
      {alerts.data?.alerts.map((alert) => (
        <Card key={alert.id} variant="outlined" data-testid="alert-card">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {say("emergency.alertType", { type: alert.alert_type })}
              </Typography>
              <Chip
                size="small"
                label={say("emergency.severityChip", { severity: alert.severity })}
                color={alert.severity === "critical" ? "error" : "warning"}
              />
              {alert.requires_evacuation && (
                <Chip size="small" label={say("emergency.evacuation")} color="error" variant="outlined" />
              )}
              <Typography variant="body2" color="text.secondary">
                {alert.center_name}
              </Typography>
            </Stack>
            <Typography>{alert.message}</Typography>
            <Stack component="ol" spacing={0.5} sx={{ pl: 2, mt: 1, mb: 0 }} aria-label={say("emergency.timeline")}>
              <Typography component="li" variant="body2">
                {say("emergency.triggeredBy", {
                  when: formatDateTime(alert.triggered_at),
                  name: alert.triggered_by ?? "—",
                })}
              </Typography>
              {alert.acknowledgements.map((ack) => (
                <Typography component="li" variant="body2" key={ack.user_id} data-testid="acknowledgement">
                  {say("emergency.acknowledgedBy", { name: ack.name, when: formatDateTime(ack.acknowledged_at) })}
                </Typography>
              ))}
              {alert.resolved_at && (
                <Typography component="li" variant="body2">
                  {say("emergency.resolvedBy", {
                    when: formatDateTime(alert.resolved_at),
                    name: alert.resolved_by ?? "—",
                    notes: alert.resolution_notes ?? "",
                  })}
                </Typography>
              )}
            </Stack>
            {!alert.resolved_at && (
              <Button sx={{ mt: 1 }} variant="outlined" color="error" onClick={() => setResolving(alert)}>
                {say("emergency.resolve")}
              </Button>
            )}
          </CardContent>
        </Card>
      ))}
      {(alerts.data?.pagination.total_pages ?? 0) > 1 && (
        <Pagination page={page} count={alerts.data!.pagination.total_pages} onChange={(_, value) => setPage(value)} />
      )}
      <ResolveDialog alert={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
}

function ResolveDialog({ alert, onClose }: { alert: StaffAlert | null; onClose: () => void }) {
  const say = useSay();
  const { resolve } = useEmergencyMutations();
  const [notes, setNotes] = useState("");
  const close = () => {
    setNotes("");
    resolve.reset();
    onClose();
  };
  return (
    <Dialog open={alert !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{say("emergency.resolveTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {resolve.isError && (
            <Alert severity="error">{refusalMessage(resolve.error, say("emergency.resolveFailed"))}</Alert>
          )}
          <TextField
            label={say("emergency.resolutionNotes")}
            required
            multiline
            minRows={3}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            helperText={notes.trim() ? " " : say("emergency.resolutionRequired")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{say("emergency.cancel")}</Button>
        <Button
          variant="contained"
          disabled={!notes.trim() || resolve.isPending}
          onClick={() => resolve.mutate({ id: alert!.id, notes: notes.trim() }, { onSuccess: close })}
        >
          {resolve.isPending ? say("emergency.resolving") : say("emergency.resolve")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
