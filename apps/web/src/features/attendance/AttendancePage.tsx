import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Menu,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import { ABSENCE_REASONS, type RosterChild } from "@sprout/shared/schemas/attendance";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useSignedInUser } from "../../auth/useSession";
import { CentrePicker } from "../../components/CentrePicker";
import { NoClassroom } from "../../components/NoClassroom";
import { ScrollableTabs } from "../../components/ScrollableTabs";
import { formatDate, formatTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useTapQueue } from "../../offline/useTapQueue";
import { LiveChip } from "../../realtime/LiveChip";
import { useAttendanceActions, useRooms, useRoster } from "./api";
import { CheckOutDialog } from "./CheckOutDialog";
import { ChooseCentre } from "./ChooseCentre";
import { CorrectTimesDialog, type StayToCorrect } from "./CorrectTimesDialog";
import { RatioSettingsDialog } from "./RatioSettingsDialog";
import { ReportsPanel } from "./ReportsPanel";
import { RoomRatios } from "./RoomRatios";
import { StaffLeaveCard } from "./StaffLeaveCard";
import { StaffOnDutyCard } from "./StaffOnDutyCard";
import { useAttendanceCentre } from "./useAttendanceCentre";
import { type RosterRow, rosterAsTapped } from "./waitingTaps";

const STATUS_COLOR: Record<RosterChild["status"], "success" | "default" | "warning" | "info"> = {
  in: "success",
  out: "info",
  absent: "warning",
  paused: "default",
  expected: "default",
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : null);
/** Those who work at one centre clock in and take leave (owners and the super admin do not). */
const CENTRE_STAFF: readonly string[] = ["center_director", "admin", "academic_coordinator", "teacher"];

/** Today's attendance: each room's ratio, and the roster of one room with one-tap check-in/out. */
export function AttendancePage() {
  const user = useSignedInUser();
  const say = useSay();
  const mayReport = hasFeature(user.role, "attendance_reports");
  const mayChangeRatios = hasFeature(user.role, "classroom_management");
  // The dashboard's "review attendance" item opens the reports (?view=reports).
  const [params, setParams] = useSearchParams();
  const view = mayReport && params.get("view") === "reports" ? "reports" : "today";
  const setView = (next: "today" | "reports") =>
    setParams(
      (current) => {
        const following = new URLSearchParams(current);
        if (next === "reports") following.set("view", next);
        else following.delete("view");
        return following;
      },
      { replace: true },
    );
  const [ratioSettings, setRatioSettings] = useState(false);
  // An owner or the super admin chooses the centre first (kept in the address as ?center=).
  const centre = useAttendanceCentre();
  const rooms = useRooms(centre.centerId, centre.ready);
  // The room is kept in the address (?room=), so a page drawn again (the session checked anew when
  // the network returns) stays on the room the teacher was taking.
  const chosen = params.get("room");
  const setChosen = (room: string) =>
    setParams(
      (current) => {
        const following = new URLSearchParams(current);
        following.set("room", room);
        return following;
      },
      { replace: true },
    );
  const roomIds = rooms.data?.rooms.map((room) => room.classroom_id) ?? [];
  const roomId = (chosen && roomIds.includes(chosen) ? chosen : roomIds[0]) ?? null;
  const roster = useRoster(roomId);
  const actions = useAttendanceActions();
  // What the teacher tapped shows at once, also while it waits on the device for the network.
  const taps = useTapQueue();
  const tapped = roster.data ? rosterAsTapped(roster.data, taps, say) : null;
  const [leaving, setLeaving] = useState<RosterChild | null>(null);
  const [correcting, setCorrecting] = useState<StayToCorrect | null>(null);
  const [absentMenu, setAbsentMenu] = useState<{ anchor: HTMLElement; child: RosterChild } | null>(null);
  const lastError =
    messageOf(actions.checkIn.error) ?? messageOf(actions.absent.error) ?? messageOf(actions.undo.error) ?? null;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", sm: "2.125rem" } }}>
            {say("attendance.title")}
          </Typography>
          {rooms.data && (
            <Typography color="text.secondary">
              {rooms.data.center_name} · {formatDate(rooms.data.date)}
            </Typography>
          )}
        </Box>
        {centre.ready && (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <LiveChip />
            <Button component={RouterLink} to={`/attendance/headcount${centre.search}`} variant="outlined" size="small">
              {say("attendance.headcount")}
            </Button>
            {hasFeature(user.role, "staff_management") && (
              <Button component={RouterLink} to={`/attendance/kiosk${centre.search}`} variant="outlined" size="small">
                {say("attendance.kiosk")}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {centre.picks && <CentrePicker centres={centre.list} value={centre.centerId ?? ""} onChange={centre.choose} />}
      {!centre.ready && <ChooseCentre centre={centre} prompt={say("attendance.chooseCentreForRooms")} />}

      {mayReport && (
        <Tabs
          value={view}
          onChange={(_, value: "today" | "reports") => setView(value)}
          aria-label={say("attendance.viewTabs")}
        >
          <Tab value="today" label={say("attendance.tabToday")} />
          <Tab value="reports" label={say("attendance.tabReports")} />
        </Tabs>
      )}
      {view === "reports" && rooms.data && <ReportsPanel today={rooms.data.date} centerId={centre.centerId} />}
      {view === "today" && centre.ready && (
        <>
          {rooms.isPending && <LinearProgress aria-label={say("attendance.loadingRooms")} />}
          {rooms.isError && (
            <Alert severity="error">
              {say("attendance.roomsFailed")} {messageOf(rooms.error)}
            </Alert>
          )}
          {rooms.data &&
            rooms.data.rooms.length === 0 &&
            (user.role === "teacher" ? (
              <NoClassroom />
            ) : (
              <Alert severity="info">{say("attendance.noClassrooms")}</Alert>
            ))}
          {rooms.data && rooms.data.rooms.length > 0 && <RoomRatios rooms={rooms.data.rooms} />}
          {mayChangeRatios && (
            <Box>
              <Button size="small" onClick={() => setRatioSettings(true)}>
                {say("attendance.ratioSettings")}
              </Button>
            </Box>
          )}
          <RatioSettingsDialog
            open={ratioSettings}
            onClose={() => setRatioSettings(false)}
            centerId={centre.centerId}
          />

          <StaffOnDutyCard mayClockIn={CENTRE_STAFF.includes(user.role)} centerId={centre.centerId} />
          {rooms.data && (
            <StaffLeaveCard
              today={rooms.data.date}
              mayClockIn={CENTRE_STAFF.includes(user.role)}
              centerId={centre.centerId}
            />
          )}

          {rooms.data && rooms.data.rooms.length > 0 && roomId && (
            <ScrollableTabs
              value={roomId}
              onChange={(_, value: string) => setChosen(value)}
              aria-label={say("attendance.classroomTabs")}
            >
              {rooms.data.rooms.map((room) => (
                <Tab key={room.classroom_id} value={room.classroom_id} label={room.classroom_name} />
              ))}
            </ScrollableTabs>
          )}

          {roster.isPending && roomId && <LinearProgress aria-label={say("attendance.loadingRoster")} />}
          {roster.isError && (
            <Alert severity="error">
              {say("attendance.rosterFailed")} {messageOf(roster.error)}
            </Alert>
          )}
          {lastError && <Alert severity="error">{lastError}</Alert>}
          {roster.data && tapped && (
            <>
              <Typography color="text.secondary" aria-live="polite">
                {say("attendance.counts", tapped.counts)}
              </Typography>
              {roster.data.children.length === 0 && <Alert severity="info">{say("attendance.noChildren")}</Alert>}
              <Box
                sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "1fr 1fr 1fr" } }}
              >
                {tapped.rows.map((child) => (
                  <ChildCard
                    key={child.student_id}
                    child={child}
                    busy={actions.checkIn.isPending || actions.undo.isPending || actions.absent.isPending}
                    onCheckIn={() => actions.checkIn.mutate(child)}
                    onCheckOut={() => {
                      actions.checkOut.reset();
                      setLeaving(child);
                    }}
                    onAbsent={(anchor) => setAbsentMenu({ anchor, child })}
                    onCorrect={() => setCorrecting(stayToCorrect(child, roster.data.date))}
                    onUndo={() =>
                      child.undo && actions.undo.mutate({ student_id: child.student_id, action: child.undo })
                    }
                  />
                ))}
              </Box>
            </>
          )}

          <Menu open={Boolean(absentMenu)} anchorEl={absentMenu?.anchor} onClose={() => setAbsentMenu(null)}>
            {ABSENCE_REASONS.map((reason) => (
              <MenuItem
                key={reason}
                onClick={() => {
                  if (absentMenu) actions.absent.mutate({ child: absentMenu.child, reason });
                  setAbsentMenu(null);
                }}
              >
                {say("attendance.absenceReasonLabel", { reason })}
              </MenuItem>
            ))}
          </Menu>

          {correcting && <CorrectTimesDialog stay={correcting} onClose={() => setCorrecting(null)} />}

          {leaving && (
            <CheckOutDialog
              child={leaving}
              busy={actions.checkOut.isPending}
              error={messageOf(actions.checkOut.error)}
              onClose={() => setLeaving(null)}
              onConfirm={(input) =>
                actions.checkOut.mutate({ child: leaving, ...input }, { onSuccess: () => setLeaving(null) })
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** The stay a correction is about: one of an earlier day never checked out comes first (it blocks check-in). */
function stayToCorrect(child: RosterChild, today: string): StayToCorrect | null {
  const childName = `${child.first_name} ${child.last_name}`.trim();
  if (child.forgotten)
    return {
      stayId: child.forgotten.stay_id,
      day: child.forgotten.day,
      checkInAt: child.forgotten.check_in_at,
      checkOutAt: null,
      childName,
      earlierDay: true,
    };
  if (child.stay_id && child.check_in_at)
    return {
      stayId: child.stay_id,
      day: today,
      checkInAt: child.check_in_at,
      checkOutAt: child.check_out_at,
      childName,
      earlierDay: false,
    };
  return null;
}

function ChildCard({
  child,
  busy,
  onCheckIn,
  onCheckOut,
  onAbsent,
  onCorrect,
  onUndo,
}: {
  child: RosterRow;
  busy: boolean;
  onCheckIn: () => void;
  onCheckOut: () => void;
  onAbsent: (anchor: HTMLElement) => void;
  onCorrect: () => void;
  onUndo: () => void;
}) {
  const say = useSay();
  const name = `${child.first_name} ${child.last_name}`.trim();
  return (
    <Card variant="outlined" data-testid={`child-${child.student_id}`} aria-label={name}>
      <CardContent sx={{ display: "flex", gap: 1.5, alignItems: "center", py: 1.5, "&:last-child": { pb: 1.5 } }}>
        <Avatar sx={{ bgcolor: child.avatar_color ?? "primary.main" }}>{child.first_name.charAt(0)}</Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Chip
              size="small"
              label={say("attendance.status", { status: child.status })}
              color={STATUS_COLOR[child.status]}
            />
            {child.waiting ? (
              <Typography variant="body2" color="warning.dark" data-testid="waiting-to-send">
                {child.waiting}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {child.check_in_at && say("attendance.inAt", { time: formatTime(child.check_in_at) })}
                {child.check_out_at && ` · ${say("attendance.outAt", { time: formatTime(child.check_out_at) })}`}
                {child.absence_reason && say("attendance.absenceReasonLabel", { reason: child.absence_reason })}
              </Typography>
            )}
          </Stack>
          {child.notice && child.status === "expected" && (
            <Typography variant="body2" color="warning.main">
              {say("attendance.parentSays", {
                date: formatDate(child.notice.end_date),
                reason: say("attendance.absenceReasonLabel", { reason: child.notice.reason }),
                note: child.notice.note ? `: ${child.notice.note}` : "",
              })}
            </Typography>
          )}
          {child.forgotten && (
            <Typography variant="body2" color="error">
              {say("attendance.notCheckedOutOn", { date: formatDate(child.forgotten.day) })}
            </Typography>
          )}
          {(child.forgotten || child.stay_id) && (
            <Button
              size="small"
              onClick={onCorrect}
              aria-label={say("attendance.correctTimesFor", { name })}
              sx={{ px: 0.5, minWidth: 0, ml: -0.5 }}
            >
              {say("attendance.correctTimes")}
            </Button>
          )}
        </Box>
        <Stack spacing={0.5} sx={{ alignItems: "stretch" }}>
          {/* A child marked absent who arrives after all is checked in; the absence is cleared. */}
          {((child.status === "expected" && !child.forgotten) || child.status === "absent") && (
            <Button
              variant="contained"
              size="large"
              onClick={onCheckIn}
              disabled={busy}
              aria-label={say("attendance.checkInName", { name })}
            >
              {say("attendance.checkIn")}
            </Button>
          )}
          {child.status === "expected" && !child.forgotten && (
            <Button
              size="small"
              onClick={(event) => onAbsent(event.currentTarget)}
              aria-label={say("attendance.markAbsent", { name })}
            >
              {say("attendance.absent")}
            </Button>
          )}
          {child.status === "in" && (
            <Button
              variant="outlined"
              size="large"
              onClick={onCheckOut}
              aria-label={say("attendance.checkOutName", { name })}
            >
              {say("attendance.checkOut")}
            </Button>
          )}
          {child.status === "out" && (
            <Button
              size="large"
              onClick={onCheckIn}
              disabled={busy}
              aria-label={say("attendance.checkInAgain", { name })}
            >
              {say("attendance.backIn")}
            </Button>
          )}
          {child.undo && (
            <Button
              size="small"
              color="secondary"
              onClick={onUndo}
              disabled={busy}
              aria-label={say("attendance.undoFor", { name })}
            >
              {say("attendance.undo")}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
