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
import type { DailyActivities, EntryKind } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatClockTime, formatDuration, formatTime } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { nowTime, useRemoveEntry, useWake } from "./api";

interface Line {
  kind: EntryKind;
  id: string;
  primary: string;
  secondary: string;
  openNapId?: string;
}

/** Every entry of the day as one line, in the order a parent reads the day. */
export function entryLines(day: DailyActivities, say: Say): Line[] {
  return [
    ...day.food.map((entry) => ({
      kind: "food" as const,
      id: entry.id,
      primary: say("childDay.foodLine", { meal: entry.meal_type, percent: entry.food_consumed }),
      secondary: [formatTime(entry.created_at), entry.notes].filter(Boolean).join(" · "),
    })),
    ...day.sleep.map((entry) => ({
      kind: "sleep" as const,
      id: entry.id,
      primary: entry.end_time
        ? say("childDay.napLine", {
            from: formatClockTime(entry.start_time),
            to: formatClockTime(entry.end_time),
            duration: formatDuration(Math.round((entry.duration_hours ?? 0) * 60), say),
          })
        : say("childDay.asleepSince", { time: formatClockTime(entry.start_time) }),
      secondary: entry.notes,
      openNapId: entry.end_time ? undefined : entry.id,
    })),
    ...day.potty.map((entry) => ({
      kind: "potty" as const,
      id: entry.id,
      primary: say("childDay.pottyLine", { type: entry.type, status: entry.diaper_status }),
      secondary: [formatTime(entry.created_at), entry.notes].filter(Boolean).join(" · "),
    })),
    ...day.stars.map((entry) => ({
      kind: "star" as const,
      id: entry.id,
      primary: say("childDay.starLine", { reason: entry.reason }),
      secondary: say("childDay.by", { name: entry.awarded_by }),
    })),
    ...day.health.map((entry) => ({
      kind: "health" as const,
      id: entry.id,
      primary:
        entry.temperature_c !== null
          ? say("childDay.healthTemperature", { kind: entry.kind, temperature: entry.temperature_c })
          : entry.dose && entry.given_time
            ? say("childDay.healthDoseAt", {
                kind: entry.kind,
                dose: entry.dose,
                time: formatClockTime(entry.given_time),
              })
            : entry.dose
              ? say("childDay.healthDose", { kind: entry.kind, dose: entry.dose })
              : say("childDay.healthKind", { kind: entry.kind }),
      secondary: entry.details,
    })),
    ...day.doses.map((entry) => ({
      kind: "dose" as const,
      id: entry.id,
      primary: say("childDay.doseLine", {
        medication: entry.medication,
        dose: entry.dose,
        time: formatClockTime(entry.given_time),
      }),
      secondary: [say("childDay.by", { name: entry.given_by }), entry.notes].filter(Boolean).join(" · "),
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
  const say = useSay();
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
        <DialogTitle id="remove-reason-title">{say("childDay.removeEarlierTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {say("childDay.removeEarlierText", { entry: line.primary })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label={say("childDay.reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={touched && missing ? say("childDay.correctionReason") : undefined}
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
            {say("childDay.cancel")}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={pending} sx={{ minHeight: 44 }}>
            {say("childDay.remove")}
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
  const say = useSay();
  const remove = useRemoveEntry();
  const wake = useWake();
  const [asking, setAsking] = useState<Line | null>(null);
  const lines = entryLines(day, say);
  if (lines.length === 0) return <Typography color="text.secondary">{say("childDay.noActivities")}</Typography>;
  return (
    <>
      {day.can_record && (
        <Typography variant="body2" color="text.secondary">
          {earlier ? say("childDay.changeHintEarlier") : say("childDay.changeHint")}
        </Typography>
      )}
      {(remove.isError || wake.isError) && !asking && (
        <Alert severity="error">{refusalMessage(remove.error ?? wake.error, say("childDay.changeFailed"))}</Alert>
      )}
      <List dense disablePadding aria-label={earlier ? say("childDay.entriesOfTheDay") : say("childDay.todaysEntries")}>
        {lines.map((line) => (
          <ListItem
            key={`${line.kind}-${line.id}`}
            disableGutters
            secondaryAction={
              day.can_record && (
                <IconButton
                  edge="end"
                  aria-label={say("childDay.removeEntry", { entry: line.primary })}
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
                {say("childDay.wokeUpNow")}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {asking && (
        <ReasonDialog
          line={asking}
          pending={remove.isPending}
          error={remove.isError ? refusalMessage(remove.error, say("childDay.removeFailed")) : null}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) =>
            remove.mutate({ kind: asking.kind, id: asking.id, reason }, { onSuccess: () => setAsking(null) })
          }
        />
      )}
    </>
  );
}
