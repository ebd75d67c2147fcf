import {
  Alert,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { CLASSROOM_STAFF_ROLE_LABELS, type ClassroomWithStaff } from "@sprout/shared/schemas/classroom-staff";
import { formatDate } from "../../format";
import { useRoll } from "./api";

/** One of a teacher's rooms: who works in it and the children on its roll. */
export function ClassroomRoll({ room, userId }: { room: ClassroomWithStaff; userId: string }) {
  const roll = useRoll(room.id);
  const mine = room.staff.find((member) => member.user_id === userId);
  return (
    <Card variant="outlined" component="section" aria-label={room.name}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="h6" component="h2">
            {room.name}
          </Typography>
          {mine && <Chip size="small" color="primary" label={CLASSROOM_STAFF_ROLE_LABELS[mine.role]} />}
          <Chip size="small" label={`${room.student_count} ${room.student_count === 1 ? "child" : "children"}`} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {room.center_name}
          {room.description ? ` · ${room.description}` : ""}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {staffLine(room)}
        </Typography>
        {roll.isPending && <CircularProgress size={24} aria-label={`Loading the children of ${room.name}`} />}
        {roll.isError && <Alert severity="error">Failed to load the children of this classroom.</Alert>}
        {roll.data?.total === 0 && <Typography sx={{ mt: 1 }}>No children in this classroom yet.</Typography>}
        {roll.data && roll.data.total > 0 && (
          <List dense aria-label={`Children of ${room.name}`}>
            {roll.data.children.map((child) => (
              <ListItem key={child.id} divider>
                <ListItemText
                  primary={child.name}
                  secondary={[
                    child.student_id,
                    child.date_of_birth ? `Born ${formatDate(child.date_of_birth)}` : null,
                    child.status === "paused" ? "Paused" : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                />
              </ListItem>
            ))}
          </List>
        )}
        {roll.data && roll.data.total > roll.data.children.length && (
          <Typography variant="body2" color="text.secondary">
            Showing {roll.data.children.length} of {roll.data.total} children.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** "Lead: Priya Sharma · Assistants: Meera Joshi" or that nobody is assigned yet. */
export function staffLine(room: ClassroomWithStaff): string {
  const lead = room.staff.find((member) => member.role === "lead");
  const assistants = room.staff.filter((member) => member.role === "assistant").map((member) => member.full_name);
  const parts = [
    lead ? `Lead: ${lead.full_name}` : "No lead teacher",
    assistants.length > 0 ? `Assistants: ${assistants.join(", ")}` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}
