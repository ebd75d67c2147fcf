import MeetingRoomOutlined from "@mui/icons-material/MeetingRoomOutlined";
import { Box, Typography } from "@mui/material";
import { useSay } from "../i18n/useSay";

/**
 * A teacher's screens (her class list, attendance, classrooms) for a teacher with no classroom:
 * she reads only the children of the rooms she is assigned to (ADR 0046), so say why it is empty
 * and who can change it.
 */
export function NoClassroom() {
  const say = useSay();
  return (
    <Box
      role="status"
      sx={{
        py: { xs: 5, sm: 8 },
        px: 2,
        textAlign: "center",
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        bgcolor: "background.paper",
      }}
    >
      <MeetingRoomOutlined color="disabled" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h6" component="h2" sx={{ mt: 1.5 }}>
        {say("components.noClassroomTitle")}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 440, mx: "auto" }}>
        {say("components.noClassroomText")}
      </Typography>
    </Box>
  );
}
