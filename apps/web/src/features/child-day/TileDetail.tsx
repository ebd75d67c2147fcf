import {
  Alert,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import type { ChildDaySummary, EntryKind } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { DateField } from "../../components/DateField";
import { formatDate, formatTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useChildActivities, useWeekStars } from "./api";
import { entryLines } from "./EntryList";
import { HealthPanel } from "./HealthPanel";
import { ObservationList } from "./ObservationList";
import { TILE_TITLES, type TileId } from "./tiles";

const KINDS_OF: Partial<Record<TileId, EntryKind[]>> = {
  food: ["food"],
  sleep: ["sleep"],
  potty: ["potty"],
  health: ["health", "dose"],
};

/** A tile opened: the day's entries of that kind (any past date), the week's stars, or the logs. */
export function TileDetail({
  tile,
  childId,
  childName,
  summary,
}: {
  tile: TileId;
  childId: string;
  childName: string;
  summary: ChildDaySummary | undefined;
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          <FormattedMessage id={TILE_TITLES[tile]} /> · {childName}
        </Typography>
        {tile === "star" ? (
          <WeekStars childId={childId} />
        ) : tile === "observations" ? (
          <ObservationList childId={childId} />
        ) : tile === "health" ? (
          <Stack spacing={3}>
            <DayEntries tile={tile} childId={childId} summary={summary} />
            <HealthPanel childId={childId} childName={childName} />
          </Stack>
        ) : (
          <DayEntries tile={tile} childId={childId} summary={summary} />
        )}
      </CardContent>
    </Card>
  );
}

function DayEntries({
  tile,
  childId,
  summary,
}: {
  tile: TileId;
  childId: string;
  summary: ChildDaySummary | undefined;
}) {
  const say = useSay();
  const today = summary?.date;
  const [date, setDate] = useState<string | undefined>(undefined);
  const day = useChildActivities(childId, date && date !== today ? date : undefined);
  const kinds = KINDS_OF[tile];
  const lines = day.data ? entryLines(day.data, say).filter((line) => !kinds || kinds.includes(line.kind)) : [];
  const showingToday = !date || date === today;
  return (
    <Stack spacing={2}>
      <DateField
        label={say("childDay.day")}
        value={date ?? today ?? ""}
        max={today}
        onChange={(value) => setDate(value)}
      />
      {tile === "diary" && showingToday && summary && (
        <Typography>
          {summary.check_in_at
            ? say("childDay.checkedInAt", { time: formatTime(summary.check_in_at) })
            : say("childDay.noCheckIn")}
          {summary.check_out_at && say("childDay.checkedOutAt", { time: formatTime(summary.check_out_at) })}
        </Typography>
      )}
      {day.isPending && <LinearProgress aria-label={say("childDay.loadingDay")} />}
      {day.isError && <Alert severity="error">{say("childDay.loadFailed")}</Alert>}
      {day.data && lines.length === 0 && <Typography color="text.secondary">{say("childDay.noActivities")}</Typography>}
      {lines.length > 0 && (
        <List
          dense
          disablePadding
          aria-label={day.data ? say("childDay.entriesOf", { date: formatDate(day.data.date) }) : undefined}
        >
          {lines.map((line) => (
            <ListItem key={`${line.kind}-${line.id}`} disableGutters>
              <ListItemText primary={line.primary} secondary={line.secondary || undefined} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

function WeekStars({ childId }: { childId: string }) {
  const say = useSay();
  const stars = useWeekStars(childId);
  if (stars.isPending) return <LinearProgress aria-label={say("childDay.loadingStars")} />;
  if (stars.isError) return <Alert severity="error">{say("childDay.loadFailed")}</Alert>;
  if (stars.data.stars.length === 0)
    return <Typography color="text.secondary">{say("childDay.noStarsThisWeek")}</Typography>;
  return (
    <List dense disablePadding>
      {stars.data.stars.map((star) => (
        <ListItem key={star.id} disableGutters>
          <ListItemText primary={`★ ${star.reason}`} secondary={`${formatDate(star.date)} · ${star.awarded_by}`} />
        </ListItem>
      ))}
    </List>
  );
}
