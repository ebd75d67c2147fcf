import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { CLASSROOM_STAFF_MESSAGES, type ClassroomWithStaff } from "@sprout/shared/schemas/classroom-staff";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useAssignableStaff, useClassroomMutations } from "./api";

/** Chooses a classroom's lead teacher and assistants from the teachers of its centre. */
export function AssignStaffDialog({
  room,
  onClose,
  onDone,
}: {
  room: ClassroomWithStaff | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { assign } = useClassroomMutations();
  const teachers = useAssignableStaff(room?.id);
  const [lead, setLead] = useState("");
  const [assistants, setAssistants] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choices reset only when another room opens the dialog
  useEffect(() => {
    if (!room) return;
    setLead(room.staff.find((member) => member.role === "lead")?.user_id ?? "");
    setAssistants(room.staff.filter((member) => member.role === "assistant").map((member) => member.user_id));
    assign.reset();
  }, [room?.id]);
  const options = teachers.data ?? [];
  const nameOf = (id: string) => options.find((option) => option.user_id === id)?.full_name ?? "";
  const both = Boolean(lead) && assistants.includes(lead);

  return (
    <Dialog open={Boolean(room)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assign-staff-title">
      <DialogTitle id="assign-staff-title">Staff of {room?.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {teachers.isError && <Alert severity="error">Failed to load the centre's teachers.</Alert>}
          {teachers.data?.length === 0 && (
            <Alert severity="info">This centre has no active teachers yet. Add them in Staff Management.</Alert>
          )}
          {assign.isError && <Alert severity="error">{refusalMessage(assign.error, "Failed to save.")}</Alert>}
          <TextField
            select
            label="Lead teacher"
            value={options.length > 0 ? lead : ""}
            onChange={(event) => {
              setLead(event.target.value);
              assign.reset();
            }}
            fullWidth
          >
            <MenuItem value="">
              <em>No lead teacher</em>
            </MenuItem>
            {options.map((option) => (
              <MenuItem key={option.user_id} value={option.user_id}>
                {option.full_name}
                {option.job_title ? ` · ${option.job_title}` : ""}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            options={options.map((option) => option.user_id).filter((id) => id !== lead)}
            value={options.length > 0 ? assistants : []}
            getOptionLabel={nameOf}
            onChange={(_, value) => {
              setAssistants(value);
              assign.reset();
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Assistants"
                error={both}
                helperText={both ? CLASSROOM_STAFF_MESSAGES.leadAlsoAssistant : undefined}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={both || assign.isPending || !teachers.data}
          onClick={() =>
            assign.mutate(
              { id: room!.id, body: { lead_id: lead || null, assistant_ids: assistants.filter((id) => id !== lead) } },
              { onSuccess: () => onDone(`Staff of ${room!.name} saved`) },
            )
          }
        >
          {assign.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
