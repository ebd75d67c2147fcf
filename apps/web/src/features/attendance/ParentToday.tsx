import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  ABSENCE_REASON_LABELS,
  ABSENCE_REASONS,
  type AbsenceNoticeInput,
  absenceNoticeInput,
} from "@sprout/shared/schemas/attendance";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client";
import { DateField } from "../../components/DateField";
import { formatDate, formatTime } from "../../format";
import { useParentDay } from "./api";
import { KioskPinForm } from "./KioskPinForm";

const STATUS: Record<string, string> = {
  in: "At the centre",
  out: "Gone home",
  absent: "Absent",
  paused: "Paused",
  expected: "Not checked in yet",
};

/** The parent home's "Today": each child's check-in and check-out, and an advance absence notice. */
export function ParentToday() {
  const day = useParentDay();
  const [open, setOpen] = useState(false);
  if (day.isError) return <Alert severity="error">Could not load today's attendance.</Alert>;
  if (!day.data || day.data.children.length === 0) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1 }}>
          <Typography variant="h6" component="h2">
            Today
          </Typography>
          <Button size="small" onClick={() => setOpen((value) => !value)}>
            {open ? "Close" : "Tell us about an absence"}
          </Button>
        </Stack>
        <Stack spacing={1}>
          {day.data.children.map((child) => (
            <Box key={child.student_id} data-testid={`today-${child.student_id}`}>
              <Typography sx={{ fontWeight: 600 }}>
                {child.first_name} <Chip size="small" label={STATUS[child.status]} sx={{ ml: 1 }} />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {child.check_in_at ? `Checked in at ${formatTime(child.check_in_at)}` : "No check-in yet today"}
                {child.check_out_at && ` · Checked out at ${formatTime(child.check_out_at)}`}
                {child.collected_by && ` by ${child.collected_by}`}
              </Typography>
            </Box>
          ))}
          {day.data.notices.map((notice) => (
            <Typography key={notice.id} variant="body2">
              {notice.first_name} away {formatDate(notice.start_date)} to {formatDate(notice.end_date)} (
              {ABSENCE_REASON_LABELS[notice.reason]})
            </Typography>
          ))}
        </Stack>
        <Stack sx={{ mt: 1.5 }}>
          <KioskPinForm hasPin={day.data.has_pin} who="family" />
        </Stack>
        {open && (
          <AbsenceNoticeForm
            kids={day.data.children.map((child) => ({ id: child.student_id, name: child.first_name }))}
            today={day.data.date}
            onDone={() => setOpen(false)}
          />
        )}
      </CardContent>
    </Card>
  );
}

function AbsenceNoticeForm({
  kids,
  today,
  onDone,
}: {
  kids: { id: string; name: string }[];
  today: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
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
      <TextField select label="Child" value={form.student_id} onChange={set("student_id")}>
        {kids.map((child) => (
          <MenuItem key={child.id} value={child.id}>
            {child.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <DateField
          label="First day"
          value={form.start_date}
          min={today}
          onChange={(value) => setForm((current) => ({ ...current, start_date: value }))}
          error={Boolean(errors.start_date)}
          helperText={errors.start_date ?? " "}
        />
        <DateField
          label="Last day"
          value={form.end_date}
          min={form.start_date || today}
          onChange={(value) => setForm((current) => ({ ...current, end_date: value }))}
          error={Boolean(errors.end_date)}
          helperText={errors.end_date ?? " "}
        />
      </Stack>
      <TextField select label="Reason" value={form.reason} onChange={set("reason")}>
        {ABSENCE_REASONS.map((reason) => (
          <MenuItem key={reason} value={reason}>
            {ABSENCE_REASON_LABELS[reason]}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Note (optional)" value={form.note} onChange={set("note")} />
      {send.error && <Alert severity="error">{send.error.message}</Alert>}
      <Button variant="contained" onClick={submit} disabled={send.isPending}>
        Send to the centre
      </Button>
    </Stack>
  );
}
