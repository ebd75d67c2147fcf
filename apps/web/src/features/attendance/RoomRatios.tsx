import { Box, Card, CardContent, Chip, Typography } from "@mui/material";
import { AGE_BAND_LABELS, type RoomRatio } from "@sprout/shared/schemas/attendance";
import { ratioChip } from "./ratio";

/** Per room: children in, staff in and staff required; red when the room is out of ratio. */
export function RoomRatios({ rooms }: { rooms: RoomRatio[] }) {
  return (
    <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(5, 1fr)" } }}>
      {rooms.map((room) => {
        const chip = ratioChip(room);
        return (
          <Card
            key={room.classroom_id}
            variant="outlined"
            data-testid={`ratio-${room.classroom_id}`}
            aria-label={`${room.classroom_name} ratio`}
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
                  ? `0 children · ${room.staff_in} staff`
                  : `${room.children_in} children · ${room.staff_in} of ${room.staff_required} staff`}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                {AGE_BAND_LABELS[room.age_band]} · 1 adult per {room.children_per_staff}
              </Typography>
              <Chip size="small" sx={{ mt: 0.5 }} color={chip.color} label={chip.label} />
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
