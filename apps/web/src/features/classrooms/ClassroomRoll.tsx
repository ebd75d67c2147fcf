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
import type { ClassroomWithStaff } from "@sprout/shared/schemas/classroom-staff";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useRoll } from "./api";

/** One of a teacher's rooms: who works in it and the children on its roll. */
export function ClassroomRoll({ room, userId }: { room: ClassroomWithStaff; userId: string }) {
  const say = useSay();
  const roll = useRoll(room.id);
  const mine = room.staff.find((member) => member.user_id === userId);
  return (
    <Card variant="outlined" component="section" aria-label={room.name}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="h6" component="h2">
            {room.name}
          </Typography>
          {mine && <Chip size="small" color="primary" label={say("classrooms.role", { role: mine.role })} />}
          <Chip size="small" label={say("classrooms.childCount", { count: room.student_count })} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {room.center_name}
          {room.description ? ` · ${room.description}` : ""}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {staffLine(room, say)}
        </Typography>
        {roll.isPending && (
          <CircularProgress size={24} aria-label={say("classrooms.loadingChildren", { name: room.name })} />
        )}
        {roll.isError && <Alert severity="error">{say("classrooms.childrenFailed")}</Alert>}
        {roll.data?.total === 0 && <Typography sx={{ mt: 1 }}>{say("classrooms.noChildrenYet")}</Typography>}
        {roll.data && roll.data.total > 0 && (
          <List dense aria-label={say("classrooms.childrenOf", { name: room.name })}>
            {roll.data.children.map((child) => (
              <ListItem key={child.id} divider>
                <ListItemText
                  primary={child.name}
                  secondary={[
                    child.student_id,
                    child.date_of_birth ? say("classrooms.born", { date: formatDate(child.date_of_birth) }) : null,
                    child.status === "paused" ? say("classrooms.paused") : null,
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
            {say("classrooms.showing", { shown: roll.data.children.length, total: roll.data.total })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** "Lead: Priya Sharma · Assistants: Meera Joshi" or that nobody is assigned yet. */
export function staffLine(room: ClassroomWithStaff, say: Say): string {
  const lead = room.staff.find((member) => member.role === "lead");
  const assistants = room.staff.filter((member) => member.role === "assistant").map((member) => member.full_name);
  const parts = [
    lead ? say("classrooms.leadIs", { name: lead.full_name }) : say("classrooms.noLead"),
    assistants.length > 0 ? say("classrooms.assistantsAre", { names: assistants.join(", ") }) : null,
  ];
  return parts.filter(Boolean).join(" · ");
}
