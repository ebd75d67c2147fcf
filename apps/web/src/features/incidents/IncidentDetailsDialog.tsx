import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { INCIDENT_TYPE_LABEL_IDS } from "@sprout/shared/schemas/incidents";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useIncident, useIncidentMutations } from "./api";
import { Acknowledgements, ParentStatusChip } from "./ParentStatus";
import { PhotoThumb } from "./PhotoThumb";

/** One report: its details, photos, parents' acknowledgements and history, and its actions. */
export function IncidentDetailsDialog({
  id,
  canManage,
  onClose,
}: {
  id: string | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const say = useSay();
  const incident = useIncident(id);
  const { resolve, notifyParents, addPhoto } = useIncidentMutations();
  const [notes, setNotes] = useState("");
  const failure = [resolve, notifyParents, addPhoto].find((mutation) => mutation.isError);
  const close = () => {
    setNotes("");
    for (const mutation of [resolve, notifyParents, addPhoto]) mutation.reset();
    onClose();
  };
  const report = incident.data;
  return (
    <Dialog open={id !== null} onClose={close} fullWidth maxWidth="md">
      <DialogTitle>{say("incidents.reportTitle")}</DialogTitle>
      <DialogContent>
        {incident.isPending && <CircularProgress aria-label={say("incidents.loadingReport")} />}
        {incident.isError && (
          <Alert severity="error">{refusalMessage(incident.error, say("incidents.fetchFailed"))}</Alert>
        )}
        {report && (
          <Stack spacing={1.5}>
            {failure && <Alert severity="error">{refusalMessage(failure.error, say("incidents.actionFailed"))}</Alert>}
            <Typography variant="h6" component="p">
              {say(INCIDENT_TYPE_LABEL_IDS[report.incident_type])} ·{" "}
              {report.children.map((child) => child.name).join(", ")}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {say("incidents.detailsLine", {
                date: formatDateTime(report.incident_date),
                location: report.location,
                severity: say("incidents.severityLower", { severity: report.severity }),
                status: say("incidents.statusLower", { status: report.status }),
              })}
            </Typography>
            <Typography>{report.description}</Typography>
            {report.first_aid && (
              <Typography variant="body2">{say("incidents.firstAid", { text: report.first_aid })}</Typography>
            )}
            {report.witnesses && (
              <Typography variant="body2">{say("incidents.witnesses", { text: report.witnesses })}</Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", alignItems: "center" }}>
              {report.photos.map((photo) => (
                <PhotoThumb key={photo.id} url={photo.url} />
              ))}
              <Button component="label" variant="outlined" size="small" disabled={addPhoto.isPending}>
                {say(addPhoto.isPending ? "incidents.uploading" : "incidents.addPhoto")}
                <input
                  hidden
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) addPhoto.mutate({ id: report.id, file });
                    event.target.value = "";
                  }}
                />
              </Button>
            </Stack>
            <Stack spacing={0.5} sx={{ alignItems: "flex-start" }} data-testid="incident-parents">
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <ParentStatusChip status={report.parent_status} />
                <Typography variant="body2">
                  {report.parents_notified_at
                    ? say("incidents.parentsNotifiedOn", { date: formatDateTime(report.parents_notified_at) })
                    : say("incidents.parentsSeeOnceNotified")}
                </Typography>
              </Stack>
              {report.parent_acknowledgements.length > 0 && (
                <Typography variant="body2">{say("incidents.acknowledgedBy")}</Typography>
              )}
              <Acknowledgements items={report.parent_acknowledgements} variant="body2" />
            </Stack>
            <Divider />
            <Typography variant="subtitle2">{say("incidents.history")}</Typography>
            <Stack component="ol" spacing={0.5} sx={{ pl: 2, my: 0 }}>
              {report.history.map((event) => (
                <Typography component="li" variant="body2" key={`${event.action}-${event.at}`}>
                  {say("incidents.historyLine", {
                    action: say("incidents.historyAction", {
                      action: event.action,
                      text: event.action.replaceAll("_", " "),
                    }),
                    by: event.by ?? "—",
                    at: formatDateTime(event.at),
                  })}
                  {event.note ? `: ${event.note}` : ""}
                </Typography>
              ))}
            </Stack>
            {canManage && report.status !== "resolved" && (
              <TextField
                label={say("incidents.resolutionNotes")}
                multiline
                minRows={2}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {canManage && report && !report.parents_notified_at && (
          <Button onClick={() => notifyParents.mutate(report.id)} disabled={notifyParents.isPending}>
            {say("incidents.markNotified")}
          </Button>
        )}
        {canManage && report && report.status !== "resolved" && (
          <Button
            variant="contained"
            disabled={!notes.trim() || resolve.isPending}
            onClick={() => resolve.mutate({ id: report.id, notes: notes.trim() }, { onSuccess: () => setNotes("") })}
          >
            {say("incidents.resolve")}
          </Button>
        )}
        <Button onClick={close}>{say("incidents.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
