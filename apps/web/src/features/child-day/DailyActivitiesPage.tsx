import Bedtime from "@mui/icons-material/Bedtime";
import Restaurant from "@mui/icons-material/Restaurant";
import Star from "@mui/icons-material/Star";
import WarningAmber from "@mui/icons-material/WarningAmber";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { CHILD_DAY_MESSAGES, MEAL_LABELS } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { DateField } from "../../components/DateField";
import { formatDate } from "../../format";
import { LiveChip } from "../../realtime/LiveChip";
import { centreToday, formatMinutes, useClassroomDay, useMyClassrooms } from "./api";
import { BatchMealDialog } from "./BatchMealDialog";
import { ChildSheet } from "./ChildSheet";

/** The teacher's writing side (issue 13): one classroom's children, one tap each to record. */
export function DailyActivitiesPage() {
  const rooms = useMyClassrooms();
  const [chosen, setChosen] = useState<string | null>(null);
  const classroomId = chosen ?? rooms.data?.[0]?.id ?? null;
  const today = centreToday();
  // The picker's text while typed; only a whole, past date changes the day shown.
  const [picked, setPicked] = useState(today);
  const earlierDay = /^\d{4}-\d{2}-\d{2}$/.test(picked) && picked < today ? picked : undefined;
  const day = useClassroomDay(classroomId, earlierDay);
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const [batch, setBatch] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="h4" component="h1">
          Daily Activities
        </Typography>
        <LiveChip />
      </Stack>
      {rooms.isPending && <LinearProgress aria-label="Loading classrooms" />}
      {rooms.isError && <Alert severity="error">{CHILD_DAY_MESSAGES.loadFailed}</Alert>}
      {rooms.data?.length === 0 && <Alert severity="info">You are not assigned to a classroom yet.</Alert>}
      {rooms.data && rooms.data.length > 0 && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
          {rooms.data.length > 1 && (
            <TextField
              select
              label="Classroom"
              value={classroomId ?? ""}
              onChange={(event) => setChosen(event.target.value)}
              sx={{ minWidth: 220 }}
            >
              {rooms.data.map((room) => (
                <MenuItem key={room.id} value={room.id}>
                  {room.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <DateField label="Day" value={picked} max={today} onChange={setPicked} fullWidth={false} />
          {earlierDay && (
            <Button onClick={() => setPicked(today)} sx={{ minHeight: 44 }}>
              Back to today
            </Button>
          )}
          {day.data && (
            <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
              {day.data.classroom_name} · {formatDate(day.data.date)}
            </Typography>
          )}
          {day.data?.can_record && day.data.children.length > 0 && (
            <Button
              variant="contained"
              startIcon={<Restaurant />}
              onClick={() => setBatch(true)}
              sx={{ minHeight: 48 }}
            >
              Whole class meal
            </Button>
          )}
        </Stack>
      )}
      {earlierDay && day.data?.can_record && (
        <Alert severity="info">
          You are looking at {formatDate(earlierDay)}. What you record now is saved for that day; removing an entry of
          an earlier day asks for a reason.
        </Alert>
      )}
      {day.isPending && classroomId && <LinearProgress aria-label="Loading the class" />}
      {day.isError && <Alert severity="error">{CHILD_DAY_MESSAGES.loadFailed}</Alert>}
      {day.data?.children.length === 0 && <Alert severity="info">No children in this classroom.</Alert>}
      <Box
        sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "1fr 1fr 1fr" } }}
        role="list"
        aria-label="Class list"
      >
        {day.data?.children.map((child) => {
          const name = `${child.first_name} ${child.last_name}`.trim();
          return (
            <Card key={child.id} variant="outlined" role="listitem">
              <CardActionArea
                aria-label={`Record for ${name}`}
                onClick={() => setOpen({ id: child.id, name })}
                sx={{ p: 1.5, minHeight: 72 }}
              >
                <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                {child.allergies.length > 0 && (
                  <Typography
                    variant="body2"
                    color="warning.dark"
                    sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
                  >
                    <WarningAmber fontSize="small" aria-hidden /> Allergies: {child.allergies.join(", ")}
                  </Typography>
                )}
                <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 0.5 }}>
                  {child.absent && <Chip size="small" variant="outlined" label="Marked absent" />}
                  {child.meals.map((meal) => (
                    <Chip key={meal} size="small" icon={<Restaurant />} label={MEAL_LABELS[meal]} />
                  ))}
                  {child.asleep && <Chip size="small" color="info" icon={<Bedtime />} label="Asleep" />}
                  {child.sleep_minutes > 0 && (
                    <Chip size="small" icon={<Bedtime />} label={`Slept ${formatMinutes(child.sleep_minutes)}`} />
                  )}
                  {child.potty_count > 0 && <Chip size="small" label={`Potty ×${child.potty_count}`} />}
                  {child.stars > 0 && <Chip size="small" color="warning" icon={<Star />} label={`${child.stars}`} />}
                </Stack>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      {open && day.data && <ChildSheet child={open} date={day.data.date} onClose={() => setOpen(null)} />}
      {batch && day.data && <BatchMealDialog day={day.data} onClose={() => setBatch(false)} />}
    </Stack>
  );
}
