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
import { INCIDENT_MESSAGES, INCIDENT_TYPE_LABELS } from "@sprout/shared/schemas/incidents";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
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
      <DialogTitle>Incident report</DialogTitle>
      <DialogContent>
        {incident.isPending && <CircularProgress aria-label="Loading report" />}
        {incident.isError && (
          <Alert severity="error">{refusalMessage(incident.error, INCIDENT_MESSAGES.fetchFailed)}</Alert>
        )}
        {report && (
          <Stack spacing={1.5}>
            {failure && <Alert severity="error">{refusalMessage(failure.error, "The action failed")}</Alert>}
            <Typography variant="h6" component="p">
              {INCIDENT_TYPE_LABELS[report.incident_type]} · {report.children.map((child) => child.name).join(", ")}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(report.incident_date)} · {report.location} · severity {report.severity} · {report.status}
            </Typography>
            <Typography>{report.description}</Typography>
            {report.first_aid && <Typography variant="body2">First aid: {report.first_aid}</Typography>}
            {report.witnesses && <Typography variant="body2">Witnesses: {report.witnesses}</Typography>}
            <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", alignItems: "center" }}>
              {report.photos.map((photo) => (
                <PhotoThumb key={photo.id} url={photo.url} />
              ))}
              <Button component="label" variant="outlined" size="small" disabled={addPhoto.isPending}>
                {addPhoto.isPending ? "Uploading..." : "Add photo"}
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
                    ? `Parents notified ${formatDateTime(report.parents_notified_at)}`
                    : "Parents see this report once a manager marks them notified"}
                </Typography>
              </Stack>
              {report.parent_acknowledgements.length > 0 && <Typography variant="body2">Acknowledged by:</Typography>}
              <Acknowledgements items={report.parent_acknowledgements} variant="body2" />
            </Stack>
            <Divider />
            <Typography variant="subtitle2">History</Typography>
            <Stack component="ol" spacing={0.5} sx={{ pl: 2, my: 0 }}>
              {report.history.map((event) => (
                <Typography component="li" variant="body2" key={`${event.action}-${event.at}`}>
                  {event.action.replaceAll("_", " ")} by {event.by ?? "—"}, {formatDateTime(event.at)}
                  {event.note ? `: ${event.note}` : ""}
                </Typography>
              ))}
            </Stack>
            {canManage && report.status !== "resolved" && (
              <TextField
                label="Resolution notes"
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
            Mark parents notified
          </Button>
        )}
        {canManage && report && report.status !== "resolved" && (
          <Button
            variant="contained"
            disabled={!notes.trim() || resolve.isPending}
            onClick={() => resolve.mutate({ id: report.id, notes: notes.trim() }, { onSuccess: () => setNotes("") })}
          >
            Resolve
          </Button>
        )}
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
