import { Button, Stack, Typography } from "@mui/material";
import { Link } from "react-router";
import { useSay } from "../../i18n/useSay";
import { useRooms } from "../attendance/api";
import { RoomRatios } from "../attendance/RoomRatios";
import { StaffOnDutyCard } from "../attendance/StaffOnDutyCard";

/** The director's own shift and the centre's Staff Present, live from attendance. */
export function MyShift() {
  return <StaffOnDutyCard mayClockIn />;
}

/** Each room's ratio now, live from attendance (the caller's own centre: attendance answers for it). */
export function RoomsNow() {
  const say = useSay();
  const rooms = useRooms();
  return (
    <>
      {rooms.data && rooms.data.rooms.length > 0 && (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
            <Typography variant="h6" component="h2">
              {say("centerDirector.roomsNow")}
            </Typography>
            <Button component={Link} to="/attendance" size="small">
              {say("centerDirector.openAttendance")}
            </Button>
          </Stack>
          <RoomRatios rooms={rooms.data.rooms} />
        </Stack>
      )}
    </>
  );
}
