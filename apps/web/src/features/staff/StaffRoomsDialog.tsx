import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { CLASSROOM_STAFF_ROLE_LABELS, type ClassroomStaffRole } from "@sprout/shared/schemas/classroom-staff";
import type { StaffMember } from "@sprout/shared/schemas/staff";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useCentreClassrooms } from "../children/api";
import { useSetStaffRooms, useStaffRooms } from "../classrooms/api";

type Choice = ClassroomStaffRole | "";

/** From the staff record: which rooms of their centre a teacher works in, as lead or assistant. */
export function StaffRoomsDialog({
  member,
  onClose,
  onDone,
}: {
  member: StaffMember;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const rooms = useCentreClassrooms(member.center_id);
  const current = useStaffRooms(member.id);
  const save = useSetStaffRooms(member.id);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  useEffect(() => {
    if (current.data)
      setChoices(Object.fromEntries(current.data.map((room) => [room.classroom_id, room.role as Choice])));
  }, [current.data]);
  const name = `${member.first_name} ${member.last_name}`;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="staff-rooms-title">
      <DialogTitle id="staff-rooms-title">Classrooms of {name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Choose the rooms {member.first_name} works in at {member.center_name}. A room has one lead teacher.
        </DialogContentText>
        {(rooms.isPending || current.isPending) && <CircularProgress aria-label="Loading classrooms" />}
        {(rooms.isError || current.isError) && <Alert severity="error">Failed to load classrooms.</Alert>}
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {refusalMessage(save.error, "Failed to save.")}
          </Alert>
        )}
        <Stack spacing={2}>
          {current.data &&
            rooms.data?.map((room) => (
              <TextField
                key={room.id}
                select
                size="small"
                label={room.name}
                value={choices[room.id] ?? ""}
                onChange={(event) => {
                  setChoices({ ...choices, [room.id]: event.target.value as Choice });
                  save.reset();
                }}
              >
                <MenuItem value="">Not assigned</MenuItem>
                <MenuItem value="lead">{CLASSROOM_STAFF_ROLE_LABELS.lead}</MenuItem>
                <MenuItem value="assistant">{CLASSROOM_STAFF_ROLE_LABELS.assistant}</MenuItem>
              </TextField>
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={save.isPending || !current.data || !rooms.data}
          onClick={() =>
            save.mutate(
              {
                assignments: Object.entries(choices)
                  .filter((entry): entry is [string, ClassroomStaffRole] => entry[1] !== "")
                  .map(([classroom_id, role]) => ({ classroom_id, role })),
              },
              { onSuccess: () => onDone(`Classrooms of ${name} saved`) },
            )
          }
        >
          {save.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
