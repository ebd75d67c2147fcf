import Bedtime from "@mui/icons-material/Bedtime";
import CloudUpload from "@mui/icons-material/CloudUpload";
import EditNote from "@mui/icons-material/EditNote";
import Restaurant from "@mui/icons-material/Restaurant";
import Star from "@mui/icons-material/Star";
import WarningAmber from "@mui/icons-material/WarningAmber";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Checkbox,
  Chip,
  LinearProgress,
  MenuItem,
  Paper,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { ClassroomDay } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import { ChildNotFound } from "../../components/ChildNotFound";
import { DateField } from "../../components/DateField";
import { NoClassroom } from "../../components/NoClassroom";
import { formatDate, formatDuration } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useTapQueue } from "../../offline/useTapQueue";
import { LiveChip } from "../../realtime/LiveChip";
import { centreToday, useChildActivities, useClassroomDay, useMyClassrooms } from "./api";
import { BatchLogDialog } from "./BatchLogDialog";
import { ChildSheet } from "./ChildSheet";
import { type ClassChild, classAsTapped } from "./waitingTaps";

type Child = ClassroomDay["children"][number];
const nameOf = (child: Child) => `${child.first_name} ${child.last_name}`.trim();
/** Only children checked in that day are logged for together (the server holds the same rule). */
const loggable = (child: Child) => child.checked_in;

/**
 * The teacher's writing side (issue 13): one classroom's children, one tap each to record, or
 * several ticked (or every child in the room) and logged for at once (issue 30, point 9).
 */
export function DailyActivitiesPage() {
  // A child's sheet has its own address (/daily-activities?child=<id>), so a reload or a shared
  // link opens the same child; a child the teacher does not teach is not found. The page stays
  // mounted while it opens and closes: the chosen room and day are kept.
  const say = useSay();
  const [params, setParams] = useSearchParams();
  const childId = params.get("child");
  const rooms = useMyClassrooms();
  const [chosen, setChosen] = useState<string | null>(null);
  const classroomId = chosen ?? rooms.data?.[0]?.id ?? null;
  const today = centreToday();
  // The picker's text while typed; only a whole, past date changes the day shown.
  const [picked, setPicked] = useState(today);
  const earlierDay = /^\d{4}-\d{2}-\d{2}$/.test(picked) && picked < today ? picked : undefined;
  const day = useClassroomDay(classroomId, earlierDay);
  const addressed = useChildActivities(childId, earlierDay);
  const setOpen = (child: { id: string } | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (child) next.set("child", child.id);
      else next.delete("child");
      return next;
    });
  // Ticked children, per room and day; those who stop being loggable (marked absent meanwhile) drop out.
  const [ticked, setTicked] = useState<{ scope: string; ids: Set<string> }>({ scope: "", ids: new Set() });
  const scope = `${classroomId}:${day.data?.date ?? ""}`;
  const [logging, setLogging] = useState(false);
  const [notice, setNotice] = useState("");
  // What the teacher tapped shows at once, also while it waits on the device for the network.
  const taps = useTapQueue();
  const children = day.data ? classAsTapped(day.data, taps, earlierDay === undefined) : [];
  const openChild = children.find((child) => child.id === childId);
  const open = childId ? { id: childId, name: openChild ? nameOf(openChild) : say("childDay.childsDay") } : null;

  if (childId && addressed.error instanceof ApiError && addressed.error.status === 404)
    return <ChildNotFound back="/daily-activities" backLabel={say("childDay.backToDaily")} />;
  const selected = children.filter((child) => ticked.scope === scope && ticked.ids.has(child.id) && loggable(child));
  // "In the room": checked in and not gone home (on an earlier day, everyone who came).
  const present = children.filter((child) => loggable(child) && (earlierDay !== undefined || !child.gone_home));
  const canRecord = day.data?.can_record === true;
  const select = (ids: string[]) => setTicked({ scope, ids: new Set(ids) });
  const toggle = (id: string, on: boolean) => {
    const ids = new Set(selected.map((child) => child.id));
    if (on) ids.add(id);
    else ids.delete(id);
    select([...ids]);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="h4" component="h1">
          {say("childDay.title")}
        </Typography>
        <LiveChip />
      </Stack>
      {rooms.isPending && <LinearProgress aria-label={say("childDay.loadingClassrooms")} />}
      {rooms.isError && <Alert severity="error">{say("childDay.loadFailed")}</Alert>}
      {rooms.data?.length === 0 && <NoClassroom />}
      {rooms.data && rooms.data.length > 0 && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
          {rooms.data.length > 1 && (
            <TextField
              select
              label={say("childDay.classroom")}
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
          <DateField label={say("childDay.day")} value={picked} max={today} onChange={setPicked} fullWidth={false} />
          {earlierDay && (
            <Button onClick={() => setPicked(today)} sx={{ minHeight: 44 }}>
              {say("childDay.backToToday")}
            </Button>
          )}
          {day.data && (
            <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
              {day.data.classroom_name} · {formatDate(day.data.date)}
            </Typography>
          )}
        </Stack>
      )}
      {earlierDay && canRecord && (
        <Alert severity="info">{say("childDay.lookingAtEarlier", { date: formatDate(earlierDay) })}</Alert>
      )}
      {canRecord && children.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: "center", flexWrap: "wrap" }}
          role="toolbar"
          aria-label={say("childDay.selectChildren")}
        >
          <Button
            variant="outlined"
            onClick={() => select(present.map((child) => child.id))}
            disabled={present.length === 0}
            sx={{ minHeight: 44 }}
          >
            {say("childDay.selectAllPresent", { count: present.length })}
          </Button>
          {selected.length > 0 && (
            <Button onClick={() => select([])} sx={{ minHeight: 44 }}>
              {say("childDay.clear")}
            </Button>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ flexBasis: { xs: "100%", sm: "auto" } }}>
            {present.length === 0 ? say("childDay.nobodyCheckedIn") : say("childDay.tickHint")}
          </Typography>
        </Stack>
      )}
      {day.isPending && classroomId && <LinearProgress aria-label={say("childDay.loadingClass")} />}
      {day.isError && <Alert severity="error">{say("childDay.loadFailed")}</Alert>}
      {day.data?.children.length === 0 && <Alert severity="info">{say("childDay.noChildren")}</Alert>}
      <Box
        sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "1fr 1fr 1fr" } }}
        role="list"
        aria-label={say("childDay.classList")}
      >
        {children.map((child) => (
          <ChildCard
            key={child.id}
            child={child}
            selectable={canRecord}
            selected={selected.some((one) => one.id === child.id)}
            onSelect={(on) => toggle(child.id, on)}
            onOpen={() => setOpen({ id: child.id })}
          />
        ))}
      </Box>
      {canRecord && selected.length > 0 && (
        <Paper
          elevation={6}
          sx={{
            position: "sticky",
            bottom: { xs: 8, sm: 16 },
            zIndex: "appBar",
            p: 1,
            pl: { sm: 2 },
            display: "flex",
            gap: 2,
            alignItems: "center",
          }}
        >
          <Typography
            color="text.secondary"
            noWrap
            sx={{ display: { xs: "none", sm: "block" }, flexGrow: 1, minWidth: 0 }}
          >
            {selected.map(nameOf).join(", ")}
          </Typography>
          <Button
            variant="contained"
            size="large"
            startIcon={<EditNote />}
            onClick={() => setLogging(true)}
            sx={{ minHeight: 48, flexGrow: { xs: 1, sm: 0 }, flexShrink: 0 }}
          >
            {say("childDay.logFor", { count: selected.length })}
          </Button>
        </Paper>
      )}
      {open && day.data && <ChildSheet child={open} date={day.data.date} onClose={() => setOpen(null)} />}
      {logging && day.data && (
        <BatchLogDialog
          date={day.data.date}
          selected={selected}
          onClose={() => setLogging(false)}
          onSaved={(count) => {
            setLogging(false);
            select([]);
            setNotice(say("childDay.savedFor", { count }));
          }}
        />
      )}
      <Snackbar
        open={notice !== ""}
        autoHideDuration={4000}
        onClose={() => setNotice("")}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice("")}>
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}

/** A child of the class: a tick box to log with others, and a tap for the child's own sheet. */
function ChildCard({
  child,
  selectable,
  selected,
  onSelect,
  onOpen,
}: {
  child: ClassChild;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
}) {
  const say = useSay();
  const name = nameOf(child);
  return (
    <Card
      variant="outlined"
      role="listitem"
      sx={{
        display: "flex",
        alignItems: "stretch",
        borderColor: selected ? "primary.main" : undefined,
        borderWidth: selected ? 2 : 1,
      }}
    >
      {selectable && (
        <Checkbox
          checked={selected}
          disabled={!loggable(child)}
          onChange={(event) => onSelect(event.target.checked)}
          slotProps={{ input: { "aria-label": say("childDay.selectChild", { name }) } }}
          sx={{ alignSelf: "center", ml: 0.5, p: 1.25 }}
        />
      )}
      <CardActionArea aria-label={say("childDay.recordFor", { name })} onClick={onOpen} sx={{ p: 1.5, minHeight: 72 }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        {child.allergies.length > 0 && (
          <Typography variant="body2" color="warning.dark" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
            <WarningAmber fontSize="small" aria-hidden />{" "}
            {say("childDay.allergies", { allergies: child.allergies.join(", ") })}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 0.5 }}>
          {child.absent && <Chip size="small" variant="outlined" label={say("childDay.markedAbsentChip")} />}
          {selectable && !child.absent && !child.checked_in && (
            <Chip size="small" variant="outlined" label={say("childDay.notCheckedIn")} />
          )}
          {child.gone_home && <Chip size="small" variant="outlined" label={say("childDay.goneHome")} />}
          {child.meals.map((meal) => (
            <Chip key={meal} size="small" icon={<Restaurant />} label={say("childDay.meal", { meal })} />
          ))}
          {child.asleep && <Chip size="small" color="info" icon={<Bedtime />} label={say("childDay.asleep")} />}
          {child.sleep_minutes > 0 && (
            <Chip
              size="small"
              icon={<Bedtime />}
              label={say("childDay.slept", { duration: formatDuration(child.sleep_minutes, say) })}
            />
          )}
          {child.potty_count > 0 && (
            <Chip size="small" label={say("childDay.pottyTimes", { count: child.potty_count })} />
          )}
          {child.stars > 0 && <Chip size="small" color="warning" icon={<Star />} label={`${child.stars}`} />}
          {child.waiting > 0 && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              icon={<CloudUpload />}
              label={<FormattedMessage id="offline.childWaiting" values={{ count: child.waiting }} />}
            />
          )}
        </Stack>
      </CardActionArea>
    </Card>
  );
}
