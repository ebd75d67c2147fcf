import Campaign from "@mui/icons-material/Campaign";
import ReportProblem from "@mui/icons-material/ReportProblem";
import { Alert, AlertTitle, Box, Button, Stack, Typography } from "@mui/material";
import { messageOf } from "@sprout/shared/i18n/translate";
import { hasFeature } from "@sprout/shared/roles";
import type { StaffAlert } from "@sprout/shared/schemas/emergency";
import { Link as RouterLink } from "react-router";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { formatDateTime } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useActiveAlerts, useEmergencyMutations } from "./api";

/**
 * A notice or instructions as the centre's template wrote them (`PARENT_NOTICES`,
 * `STAFF_INSTRUCTIONS`) read in the reader's language; text the director wrote or edited stays as
 * it is.
 */
function inReadersLanguage(text: string, say: Say): string {
  const found = messageOf(text);
  return found?.id.startsWith("emergency.") && Object.keys(found.values).length === 0 ? say(found.id) : text;
}

/**
 * Shown above every page while an alert is unresolved: a full-width red banner for staff, with
 * the instructions and an Acknowledge button; a calm notice for parents.
 */
export function EmergencyBanner() {
  const say = useSay();
  const user = useSignedInUser();
  const { data } = useActiveAlerts();
  // Nothing at all while there is no alert: an empty box with a margin would shift the page.
  if (!data || (data.alerts.length === 0 && data.notices.length === 0)) return null;
  if (user.role === "parent") {
    return (
      <Stack spacing={1} sx={{ mb: 2 }}>
        {data.notices.map((notice) => (
          <Alert key={notice.id} severity="info" icon={<Campaign />} role="status" data-testid="family-notice">
            <AlertTitle>{say("emergency.familyNoticeFrom", { centre: notice.center_name })}</AlertTitle>
            {inReadersLanguage(notice.notice, say)}
          </Alert>
        ))}
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {data.alerts.map((alert) => (
        <StaffBanner key={alert.id} alert={alert} />
      ))}
    </Stack>
  );
}

function StaffBanner({ alert }: { alert: StaffAlert }) {
  const say = useSay();
  const user = useSignedInUser();
  const { acknowledge } = useEmergencyMutations();
  const count = alert.acknowledgements.length;
  return (
    <Box
      role="alert"
      data-testid="emergency-banner"
      sx={{ bgcolor: "error.main", color: "error.contrastText", borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <ReportProblem sx={{ fontSize: 36, display: { xs: "none", sm: "block" } }} aria-hidden />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {say("emergency.bannerTitle", { type: say("emergency.alertType", { type: alert.alert_type }) })}
            {alert.requires_evacuation ? say("emergency.bannerEvacuate") : ""}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{alert.message}</Typography>
          {(alert.location || alert.affected_areas.length > 0) && (
            <Typography variant="body2">
              {[alert.location, alert.affected_areas.join(", ")].filter(Boolean).join(" · ")}
            </Typography>
          )}
          {alert.instructions && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {inReadersLanguage(alert.instructions, say)}
            </Typography>
          )}
          <Typography variant="caption" component="p" sx={{ mt: 1, opacity: 0.9 }}>
            {say("emergency.bannerTriggered", { centre: alert.center_name, when: formatDateTime(alert.triggered_at) })}
            {alert.triggered_by ? say("emergency.bannerTriggeredBy", { name: alert.triggered_by }) : ""}
            {say("emergency.bannerAcknowledged", { count })}
          </Typography>
          {acknowledge.isError && acknowledge.variables === alert.id && (
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
              {refusalMessage(acknowledge.error, say("emergency.acknowledgeFailed"))}
            </Typography>
          )}
        </Box>
        {hasFeature(user.role, "attendance_management") && (
          <Button
            component={RouterLink}
            to="/attendance/headcount"
            variant="outlined"
            color="inherit"
            sx={{ flexShrink: 0, alignSelf: { xs: "stretch", sm: "center" } }}
          >
            {say("emergency.headcount")}
          </Button>
        )}
        <Button
          variant="contained"
          color="inherit"
          sx={{ color: "error.dark", flexShrink: 0, alignSelf: { xs: "stretch", sm: "center" } }}
          disabled={alert.acknowledged_by_me || (acknowledge.isPending && acknowledge.variables === alert.id)}
          onClick={() => acknowledge.mutate(alert.id)}
        >
          {alert.acknowledged_by_me ? say("emergency.acknowledged") : say("emergency.acknowledge")}
        </Button>
      </Stack>
    </Box>
  );
}
