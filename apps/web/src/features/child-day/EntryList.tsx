import DeleteOutline from "@mui/icons-material/DeleteOutline";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  CHILD_DAY_MESSAGES,
  type DailyActivities,
  DIAPER_LABELS,
  type EntryKind,
  HEALTH_LABELS,
  MEAL_LABELS,
  POTTY_LABELS,
} from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatClockTime, formatTime } from "../../format";
import { formatMinutes, nowTime, useRemoveEntry, useWake } from "./api";

interface Line {
  kind: EntryKind;
  id: string;
  primary: string;
  secondary: string;
  openNapId?: string;
}

/** Every entry of the day as one line, in the order a parent reads the day. */
export function entryLines(day: DailyActivities): Line[] {
  return [
    ...day.food.map((entry) => ({
      kind: "food" as const,
      id: entry.id,
      primary: `${MEAL_LABELS[entry.meal_type]}: ${entry.food_consumed}%`,
      secondary: [formatTime(entry.created_at), entry.notes].filter(Boolean).join(" · "),
    })),
    ...day.sleep.map((entry) => ({
      kind: "sleep" as const,
      id: entry.id,
      primary: entry.end_time
        ? `Nap ${formatClockTime(entry.start_time)} – ${formatClockTime(entry.end_time)} (${formatMinutes(Math.round((entry.duration_hours ?? 0) * 60))})`
        : `Asleep since ${formatClockTime(entry.start_time)}`,
      secondary: entry.notes,
      openNapId: entry.end_time ? undefined : entry.id,
    })),
    ...day.potty.map((entry) => ({
      kind: "potty" as const,
      id: entry.id,
      primary: `${POTTY_LABELS[entry.type]}: ${DIAPER_LABELS[entry.diaper_status]}`,
      secondary: [formatTime(entry.created_at), entry.notes].filter(Boolean).join(" · "),
    })),
    ...day.stars.map((entry) => ({
      kind: "star" as const,
      id: entry.id,
      primary: `Star: ${entry.reason}`,
      secondary: `by ${entry.awarded_by}`,
    })),
    ...day.health.map((entry) => ({
      kind: "health" as const,
      id: entry.id,
      primary: `${HEALTH_LABELS[entry.kind]}${entry.temperature_c !== null ? `: ${entry.temperature_c} °C` : ""}${
        entry.dose ? `: ${entry.dose}${entry.given_time ? ` at ${formatClockTime(entry.given_time)}` : ""}` : ""
      }`,
      secondary: entry.details,
    })),
    ...day.doses.map((entry) => ({
      kind: "dose" as const,
      id: entry.id,
      primary: `Medication given: ${entry.medication}, ${entry.dose} at ${formatClockTime(entry.given_time)}`,
      secondary: [`by ${entry.given_by}`, entry.notes].filter(Boolean).join(" · "),
    })),
  ];
}

/** Asks why an earlier day's entry is removed: the reason goes to the audit log with the entry. */
function ReasonDialog({
  line,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  line: Line;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === "";
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="remove-reason-title">
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!missing) onConfirm(reason.trim());
        }}
      >
        <DialogTitle id="remove-reason-title">Remove an earlier day's entry</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            “{line.primary}” will be removed from this day. Parents see the change; the reason is kept in the audit log.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={touched && missing ? CHILD_DAY_MESSAGES.correctionReason : undefined}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} sx={{ minHeight: 44 }}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={pending} sx={{ minHeight: 44 }}>
            Remove
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

/**
 * The teacher's list of a day's entries for one child: wake a sleeping child, remove a wrong entry.
 * An entry is changed by removing it and recording it again; today that is a plain correction,
 * an earlier day's removal asks for a reason.
 */
export function EntryList({ day, earlier }: { day: DailyActivities; earlier: boolean }) {
  const remove = useRemoveEntry();
  const wake = useWake();
  const [asking, setAsking] = useState<Line | null>(null);
  const lines = entryLines(day);
  if (lines.length === 0) return <Typography color="text.secondary">{CHILD_DAY_MESSAGES.noActivities}</Typography>;
  return (
    <>
      {day.can_record && (
        <Typography variant="body2" color="text.secondary">
          To change an entry, remove it and record it again
          {earlier ? " (removing an earlier day's entry asks for a reason)" : ""}.
        </Typography>
      )}
      {(remove.isError || wake.isError) && !asking && (
        <Alert severity="error">{refusalMessage(remove.error ?? wake.error, "Could not change the entry.")}</Alert>
      )}
      <List dense disablePadding aria-label={earlier ? "Entries of the day" : "Today's entries"}>
        {lines.map((line) => (
          <ListItem
            key={`${line.kind}-${line.id}`}
            disableGutters
            secondaryAction={
              day.can_record && (
                <IconButton
                  edge="end"
                  aria-label={`Remove ${line.primary}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    remove.reset();
                    if (earlier) setAsking(line);
                    else remove.mutate({ kind: line.kind, id: line.id });
                  }}
                >
                  <DeleteOutline />
                </IconButton>
              )
            }
          >
            <ListItemText primary={line.primary} secondary={line.secondary || undefined} />
            {line.openNapId && day.can_record && !earlier && (
              <Button
                size="small"
                variant="outlined"
                sx={{ mr: 4, minHeight: 40 }}
                disabled={wake.isPending}
                onClick={() => wake.mutate({ child_id: day.child_id, date: day.date, end_time: nowTime() })}
              >
                Woke up now
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {asking && (
        <ReasonDialog
          line={asking}
          pending={remove.isPending}
          error={remove.isError ? refusalMessage(remove.error, "Could not remove the entry.") : null}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) =>
            remove.mutate({ kind: asking.kind, id: asking.id, reason }, { onSuccess: () => setAsking(null) })
          }
        />
      )}
    </>
  );
}
