import Print from "@mui/icons-material/Print";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import type { Headcount } from "@sprout/shared/schemas/attendance";
import { Link as RouterLink } from "react-router";
import { refusalMessage } from "../../api/errors";
import { CentrePicker } from "../../components/CentrePicker";
import { formatDateTime, formatTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { LiveChip } from "../../realtime/LiveChip";
import { useHeadcount, useHeadcountMark } from "./api";
import { ChooseCentre } from "./ChooseCentre";
import { useAttendanceCentre } from "./useAttendanceCentre";

/** On paper: only the lists, no navigation, banners or buttons. */
const PRINT_CSS = `@media print {
  header, nav, .MuiDrawer-root, .MuiAppBar-root, [data-testid="emergency-banner"], .no-print { display: none !important; }
  main { margin: 0 !important; padding: 0 !important; width: 100% !important; }
  .headcount-room { break-inside: avoid; border: 1px solid #999 !important; box-shadow: none !important; }
}`;

/**
 * Who is in the building now, per room (children and staff). While an emergency alert is
 * active, staff tick each child as accounted for and everyone sees the count rise live.
 */
export function HeadcountPage() {
  // An owner or the super admin counts one centre at a time, chosen here or on Attendance.
  const centre = useAttendanceCentre();
  const say = useSay();
  const count = useHeadcount(centre.centerId, centre.ready);
  const mark = useHeadcountMark(centre.centerId);
  const data = count.data;
  const missing = data?.alert ? missingChildren(data) : [];
  return (
    <Stack spacing={2}>
      <style>{PRINT_CSS}</style>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", sm: "2.125rem" } }}>
          {say("attendance.headcount")}
        </Typography>
        <Stack direction="row" spacing={1} className="no-print" sx={{ alignItems: "center" }}>
          <LiveChip />
          <Button component={RouterLink} to={`/attendance${centre.search}`}>
            {say("attendance.title")}
          </Button>
          <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()}>
            {say("attendance.print")}
          </Button>
        </Stack>
      </Stack>
      {centre.picks && (
        <Box className="no-print">
          <CentrePicker centres={centre.list} value={centre.centerId ?? ""} onChange={centre.choose} />
        </Box>
      )}
      {!centre.ready && <ChooseCentre centre={centre} prompt={say("attendance.chooseCentreForHeadcount")} />}
      {count.isPending && centre.ready && <LinearProgress aria-label={say("attendance.loadingHeadcount")} />}
      {count.isError && (
        <Alert severity="error">{refusalMessage(count.error, say("attendance.headcountFailed"))}</Alert>
      )}
      {data && (
        <>
          <Typography color="text.secondary">
            {say("attendance.shownAt", { time: formatDateTime(new Date()) })}
          </Typography>
          {data.alert ? (
            <Alert severity="error" icon={false}>
              <AlertTitle sx={{ fontSize: 24, fontWeight: 700 }} aria-live="polite" data-testid="accounted">
                {say("attendance.accounted", { accounted: data.accounted, total: data.children_in })}
              </AlertTitle>
              {say("attendance.alertSince", { message: data.alert.message, time: formatTime(data.alert.triggered_at) })}
              {missing.length > 0 ? (
                <Box sx={{ mt: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{say("attendance.notYetAccounted")}</Typography>
                  <Typography data-testid="missing">
                    {missing.map((child) => `${child.name} (${child.room})`).join(", ")}
                  </Typography>
                </Box>
              ) : (
                <Typography sx={{ mt: 1, fontWeight: 600 }}>{say("attendance.allAccounted")}</Typography>
              )}
            </Alert>
          ) : (
            <Alert severity="info">{say("attendance.childrenInBuilding", { count: data.children_in })}</Alert>
          )}
          {mark.isError && <Alert severity="error">{refusalMessage(mark.error, say("attendance.tickFailed"))}</Alert>}
          <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
            {data.rooms.map((room) => (
              <Card
                key={room.classroom_id ?? "none"}
                variant="outlined"
                className="headcount-room"
                aria-label={say("attendance.roomHeadcount", { room: room.classroom_name })}
              >
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "baseline" }}>
                    <Typography variant="h6" component="h2">
                      {room.classroom_name}
                    </Typography>
                    <Typography color="text.secondary">
                      {say("attendance.roomCounts", { children: room.children.length, staff: room.staff.length })}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {say("attendance.roomStaff", {
                      names: room.staff.length
                        ? room.staff.map((person) => person.name).join(", ")
                        : say("attendance.noStaffIn"),
                    })}
                  </Typography>
                  {room.children.length === 0 && (
                    <Typography variant="body2">{say("attendance.noChildrenInRoom")}</Typography>
                  )}
                  {room.children.map((child) =>
                    data.alert ? (
                      <FormControlLabel
                        key={child.student_id}
                        sx={{ display: "flex" }}
                        control={
                          <Checkbox
                            checked={child.accounted}
                            disabled={mark.isPending && mark.variables?.student_id === child.student_id}
                            onChange={(event) =>
                              mark.mutate({ student_id: child.student_id, accounted: event.target.checked })
                            }
                          />
                        }
                        label={say("attendance.childInAt", { name: child.name, time: formatTime(child.check_in_at) })}
                      />
                    ) : (
                      <Typography key={child.student_id} sx={{ py: 0.5 }}>
                        ☐ {say("attendance.childInAt", { name: child.name, time: formatTime(child.check_in_at) })}
                      </Typography>
                    ),
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
          {data.other_staff.length > 0 && (
            <Typography>
              <Chip size="small" label={say("attendance.otherStaffIn")} sx={{ mr: 1 }} />
              {data.other_staff.map((person) => person.name).join(", ")}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}

function missingChildren(data: Headcount) {
  return data.rooms.flatMap((room) =>
    room.children.filter((child) => !child.accounted).map((child) => ({ name: child.name, room: room.classroom_name })),
  );
}
