import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import { ABSENCE_REASONS, type AbsenceNoticeInput, absenceNoticeInput } from "@sprout/shared/schemas/attendance";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";

/** A parent's advance notice that a child will be away, opened from the home's "Today". */
export function AbsenceNoticeForm({
  kids,
  today,
  onDone,
}: {
  kids: { id: string; name: string }[];
  today: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [form, setForm] = useState<AbsenceNoticeInput>({
    student_id: kids[0]!.id,
    start_date: today,
    end_date: today,
    reason: "sick",
    note: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (input: AbsenceNoticeInput) => api.post("/parents/absence-notices", input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["attendance"] });
      onDone();
    },
  });
  const set = (field: keyof AbsenceNoticeInput) => (event: { target: { value: string } }) =>
    setForm((value) => ({ ...value, [field]: event.target.value }));
  const submit = () => {
    const parsed = absenceNoticeInput.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    send.mutate(form);
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <TextField select label={say("attendance.child")} value={form.student_id} onChange={set("student_id")}>
        {kids.map((child) => (
          <MenuItem key={child.id} value={child.id}>
            {child.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <DateField
          label={say("attendance.firstDay")}
          value={form.start_date}
          min={today}
          onChange={(value) => setForm((current) => ({ ...current, start_date: value }))}
          error={Boolean(errors.start_date)}
          helperText={errors.start_date ?? " "}
        />
        <DateField
          label={say("attendance.lastDay")}
          value={form.end_date}
          min={form.start_date || today}
          onChange={(value) => setForm((current) => ({ ...current, end_date: value }))}
          error={Boolean(errors.end_date)}
          helperText={errors.end_date ?? " "}
        />
      </Stack>
      <TextField select label={say("attendance.reason")} value={form.reason} onChange={set("reason")}>
        {ABSENCE_REASONS.map((reason) => (
          <MenuItem key={reason} value={reason}>
            {say("attendance.absenceReasonLabel", { reason })}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={say("attendance.noteOptional")} value={form.note} onChange={set("note")} />
      {send.error && <Alert severity="error">{send.error.message}</Alert>}
      <Button variant="contained" onClick={submit} disabled={send.isPending}>
        {say("attendance.sendToCentre")}
      </Button>
    </Stack>
  );
}
