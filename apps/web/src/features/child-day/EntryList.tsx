import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { Alert, Button, IconButton, List, ListItem, ListItemText, Typography } from "@mui/material";
import {
  type DailyActivities,
  DIAPER_LABELS,
  type EntryKind,
  HEALTH_LABELS,
  MEAL_LABELS,
  POTTY_LABELS,
} from "@sprout/shared/schemas/child-day";
import { refusalMessage } from "../../api/errors";
import { formatTime } from "../../format";
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
        ? `Nap ${entry.start_time}–${entry.end_time} (${formatMinutes(Math.round((entry.duration_hours ?? 0) * 60))})`
        : `Asleep since ${entry.start_time}`,
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
        entry.dose ? `: ${entry.dose}${entry.given_time ? ` at ${entry.given_time}` : ""}` : ""
      }`,
      secondary: entry.details,
    })),
    ...day.doses.map((entry) => ({
      kind: "dose" as const,
      id: entry.id,
      primary: `Medication given: ${entry.medication}, ${entry.dose} at ${entry.given_time}`,
      secondary: [`by ${entry.given_by}`, entry.notes].filter(Boolean).join(" · "),
    })),
  ];
}

/** The teacher's list of today's entries for one child: wake a sleeping child, remove a wrong entry. */
export function EntryList({ day }: { day: DailyActivities }) {
  const remove = useRemoveEntry();
  const wake = useWake();
  const lines = entryLines(day);
  if (lines.length === 0) return <Typography color="text.secondary">Nothing recorded for this day yet</Typography>;
  return (
    <>
      {(remove.isError || wake.isError) && (
        <Alert severity="error">{refusalMessage(remove.error ?? wake.error, "Could not change the entry.")}</Alert>
      )}
      <List dense disablePadding aria-label="Today's entries">
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
                  onClick={() => remove.mutate({ kind: line.kind, id: line.id })}
                >
                  <DeleteOutline />
                </IconButton>
              )
            }
          >
            <ListItemText primary={line.primary} secondary={line.secondary || undefined} />
            {line.openNapId && day.can_record && (
              <Button
                size="small"
                variant="outlined"
                sx={{ mr: 4, minHeight: 40 }}
                disabled={wake.isPending}
                onClick={() => wake.mutate({ id: line.openNapId as string, end_time: nowTime() })}
              >
                Woke up now
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </>
  );
}
