import { Alert, Button, Card, CardContent, Collapse, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { formatTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useAttendanceActions, useStaffOnDuty } from "./api";
import { KioskPinForm } from "./KioskPinForm";
import { StaffOnDutyList } from "./StaffOnDutyList";

/**
 * The caller's own shift (for those who work at the centre) and the centre's Staff Present
 * figures, with who is in, gone home or on leave.
 */
export function StaffOnDutyCard({ mayClockIn, centerId }: { mayClockIn: boolean; centerId?: string }) {
  const say = useSay();
  const duty = useStaffOnDuty(centerId);
  const actions = useAttendanceActions();
  const [showStaff, setShowStaff] = useState(false);
  if (!duty.data) return null;
  const me = duty.data.me;
  const error = actions.clockIn.error ?? actions.clockOut.error;
  return (
    <Card variant="outlined">
      <CardContent
        sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", py: 1.5, "&:last-child": { pb: 1.5 } }}
      >
        <Stack sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {say("attendance.staffPresent", { present: duty.data.present_count, total: duty.data.total_staff })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {say("attendance.dutyLine", {
              onLeave: duty.data.on_leave_count,
              overtime: duty.data.overtime_count,
              hours: duty.data.shift_hours,
            })}
            {me.clocked_in_at ? say("attendance.youClockedIn", { time: formatTime(me.clocked_in_at) }) : ""}
          </Typography>
        </Stack>
        <Button size="small" onClick={() => setShowStaff((shown) => !shown)} aria-expanded={showStaff}>
          {say(showStaff ? "attendance.hideStaff" : "attendance.showStaff")}
        </Button>
        {mayClockIn &&
          (me.clocked_in_at ? (
            <Button variant="outlined" onClick={() => actions.clockOut.mutate()} disabled={actions.clockOut.isPending}>
              {say("attendance.clockOut")}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => actions.clockIn.mutate()} disabled={actions.clockIn.isPending}>
              {say("attendance.clockIn")}
            </Button>
          ))}
        <Collapse in={showStaff} sx={{ width: "100%" }} unmountOnExit>
          <StaffOnDutyList staff={duty.data.staff} />
        </Collapse>
        {mayClockIn && (
          <Stack sx={{ width: "100%" }}>
            <KioskPinForm hasPin={me.has_pin} who="staff" />
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ width: "100%" }}>
            {error.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
