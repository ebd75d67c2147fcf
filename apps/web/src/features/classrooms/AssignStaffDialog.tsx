import {
  Alert,
  Autocomplete,
  type AutocompleteValue,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import type { AssignableTeacher, ClassroomWithStaff } from "@sprout/shared/schemas/classroom-staff";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { useSay } from "../../i18n/useSay";
import { useAssignableStaff, useClassroomMutations } from "./api";

/** Someone chosen in the dialog: the room's current staff carry no job title. */
type Chosen = Pick<AssignableTeacher, "user_id" | "full_name"> & { job_title?: string | null };

/** Several people, or one or none: MUI's own type for the picker's value. */
type Picked<Multiple extends boolean> = AutocompleteValue<Chosen, Multiple, false, false>;

const labelOf = (person: Chosen) => `${person.full_name}${person.job_title ? ` · ${person.job_title}` : ""}`;

/**
 * One picker over the centre's teachers, searched on the server as the user types (debounced,
 * a bounded page): a centre with hundreds of teachers never sends them all.
 */
function TeacherPicker<Multiple extends boolean>({
  classroomId,
  multiple,
  label,
  value,
  exclude,
  onChange,
  error,
}: {
  classroomId: string | undefined;
  multiple: Multiple;
  label: string;
  value: Picked<Multiple>;
  exclude: string[];
  onChange: (value: Picked<Multiple>) => void;
  error?: string;
}) {
  const say = useSay();
  const [search, setSearch] = useState("");
  const teachers = useAssignableStaff(classroomId, useDebouncedValue(search.trim()));
  const options = (teachers.data?.teachers ?? []).filter((option) => !exclude.includes(option.user_id));
  return (
    <Autocomplete<Chosen, Multiple>
      multiple={multiple}
      options={options}
      value={value}
      loading={teachers.isFetching}
      filterOptions={(found) => found}
      isOptionEqualToValue={(option, chosen) => option.user_id === chosen.user_id}
      getOptionLabel={labelOf}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, text, reason) => {
        if (reason === "input" || reason === "clear") setSearch(reason === "clear" ? "" : text);
      }}
      noOptionsText={say(
        teachers.isError ? "classrooms.teachersFailed" : search ? "classrooms.noTeacherMatch" : "classrooms.noTeachers",
      )}
      renderOption={(props, option) => (
        <li {...props} key={option.user_id}>
          {labelOf(option)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={say("classrooms.typeName")}
          error={Boolean(error)}
          helperText={error ?? (teachers.data?.has_more ? say("classrooms.moreTeachers") : undefined)}
        />
      )}
    />
  );
}

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
  const say = useSay();
  const { assign } = useClassroomMutations();
  const [lead, setLead] = useState<Chosen | null>(null);
  const [assistants, setAssistants] = useState<Chosen[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choices reset only when another room opens the dialog
  useEffect(() => {
    if (!room) return;
    setLead(room.staff.find((member) => member.role === "lead") ?? null);
    setAssistants(room.staff.filter((member) => member.role === "assistant"));
    assign.reset();
  }, [room?.id]);
  const both = Boolean(lead) && assistants.some((member) => member.user_id === lead?.user_id);

  return (
    <Dialog open={Boolean(room)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assign-staff-title">
      <DialogTitle id="assign-staff-title">{say("classrooms.staffOf", { name: room?.name ?? "" })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {assign.isError && (
            <Alert severity="error">{refusalMessage(assign.error, say("classrooms.assignFailed"))}</Alert>
          )}
          <TeacherPicker
            classroomId={room?.id}
            multiple={false}
            label={say("classrooms.leadTeacher")}
            value={lead}
            exclude={assistants.map((member) => member.user_id)}
            onChange={(next) => {
              setLead(next);
              assign.reset();
            }}
          />
          <TeacherPicker
            classroomId={room?.id}
            multiple
            label={say("classrooms.assistants")}
            value={assistants}
            exclude={lead ? [lead.user_id] : []}
            onChange={(next) => {
              setAssistants(next);
              assign.reset();
            }}
            error={both ? say("classrooms.leadAlsoAssistant") : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("classrooms.cancel")}</Button>
        <Button
          variant="contained"
          disabled={both || assign.isPending}
          onClick={() =>
            assign.mutate(
              {
                id: room!.id,
                body: {
                  lead_id: lead?.user_id ?? null,
                  assistant_ids: assistants.map((member) => member.user_id).filter((id) => id !== lead?.user_id),
                },
              },
              { onSuccess: () => onDone(say("classrooms.staffOfSaved", { name: room!.name })) },
            )
          }
        >
          {say(assign.isPending ? "classrooms.saving" : "classrooms.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
