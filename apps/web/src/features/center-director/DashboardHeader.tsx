import Refresh from "@mui/icons-material/Refresh";
import Warning from "@mui/icons-material/Warning";
import { Badge, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { formatLongDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { LiveChip } from "../../realtime/LiveChip";
import { EmergencyAlertDialog } from "../emergency/EmergencyAlertDialog";

/**
 * Spec 2: centre name and date, the Live/Offline chip, Refresh, and the Emergency button with
 * the count of active alerts. Owners and super admins also choose the centre here.
 */
export function DashboardHeader({
  centre,
  centres,
  onCentre,
  activeAlerts,
  mayTrigger,
  refreshing,
  onRefresh,
}: {
  centre: { id: string; name: string; date: string };
  centres: { id: string; name: string }[];
  onCentre: (id: string) => void;
  activeAlerts: number;
  mayTrigger: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const say = useSay();
  const [emergency, setEmergency] = useState(false);
  return (
    <Stack
      direction={{ xs: "column", md: "row" }}
      spacing={2}
      sx={{ alignItems: { md: "center" }, justifyContent: "space-between" }}
    >
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {centre.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography color="text.secondary">{formatLongDate(centre.date)}</Typography>
          <LiveChip />
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        {centres.length > 1 && (
          <TextField
            select
            size="small"
            label={say("centerDirector.center")}
            value={centre.id}
            onChange={(event) => onCentre(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            {centres.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button startIcon={<Refresh />} variant="outlined" onClick={onRefresh} disabled={refreshing}>
          {refreshing ? say("centerDirector.refreshing") : say("centerDirector.refresh")}
        </Button>
        {mayTrigger && (
          <Badge badgeContent={activeAlerts} color="error" overlap="rectangular" data-testid="active-alert-count">
            <Button startIcon={<Warning />} variant="contained" color="error" onClick={() => setEmergency(true)}>
              {say("centerDirector.emergency")}
            </Button>
          </Badge>
        )}
      </Stack>
      <EmergencyAlertDialog open={emergency} onClose={() => setEmergency(false)} />
    </Stack>
  );
}
