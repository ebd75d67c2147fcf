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
import type { ClassroomStaffRole } from "@sprout/shared/schemas/classroom-staff";
import type { StaffMember } from "@sprout/shared/schemas/staff";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
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
  const say = useSay();
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
      <DialogTitle id="staff-rooms-title">{say("staff.classroomsOf", { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {say("staff.roomsIntro", { name: member.first_name, centre: member.center_name })}
        </DialogContentText>
        {(rooms.isPending || current.isPending) && <CircularProgress aria-label={say("staff.loadingClassrooms")} />}
        {(rooms.isError || current.isError) && <Alert severity="error">{say("staff.classroomsFailed")}</Alert>}
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {refusalMessage(save.error, say("staff.roomsSaveFailed"))}
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
                <MenuItem value="">{say("staff.notAssigned")}</MenuItem>
                <MenuItem value="lead">{say("staff.roomRole", { role: "lead" })}</MenuItem>
                <MenuItem value="assistant">{say("staff.roomRole", { role: "assistant" })}</MenuItem>
              </TextField>
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("staff.cancel")}</Button>
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
              { onSuccess: () => onDone(say("staff.roomsSaved", { name })) },
            )
          }
        >
          {say(save.isPending ? "staff.savingDots" : "staff.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
