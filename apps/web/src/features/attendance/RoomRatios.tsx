import { Box, Card, CardContent, Chip, Typography } from "@mui/material";
import type { RoomRatio } from "@sprout/shared/schemas/attendance";
import { useSay } from "../../i18n/useSay";
import { ratioChip } from "./ratio";

/** Per room: children in, staff in and staff required; red when the room is out of ratio. */
export function RoomRatios({ rooms }: { rooms: RoomRatio[] }) {
  const say = useSay();
  return (
    <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(5, 1fr)" } }}>
      {rooms.map((room) => {
        const chip = ratioChip(room, say);
        return (
          <Card
            key={room.classroom_id}
            variant="outlined"
            data-testid={`ratio-${room.classroom_id}`}
            aria-label={say("attendance.ratioAria", { room: room.classroom_name })}
            sx={{
              borderColor: room.in_ratio ? undefined : "error.main",
              bgcolor: room.in_ratio ? undefined : "#fdecea",
            }}
          >
            <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {room.classroom_name}
              </Typography>
              <Typography variant="body2" data-testid="ratio-figures">
                {room.children_in === 0
                  ? say("attendance.ratioEmpty", { staff: room.staff_in })
                  : say("attendance.ratioFigures", {
                      children: room.children_in,
                      staff: room.staff_in,
                      required: room.staff_required,
                    })}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                {say("attendance.ratioLine", {
                  band: say("attendance.ageBand", { band: room.age_band }),
                  count: room.children_per_staff,
                })}
              </Typography>
              <Chip size="small" sx={{ mt: 0.5 }} color={chip.color} label={chip.label} />
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
