import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { LEAVE_TYPES, staffLeaveInput, staffLeaveItem } from "@sprout/shared/schemas/attendance";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";

type Input = z.input<typeof staffLeaveInput>;
type Output = z.output<typeof staffLeaveInput>;

/**
 * Ask for leave (staff, for themselves) or record it for a colleague (management; approved at
 * once). `staff` is who management may record leave for; empty for one's own request.
 */
export function LeaveDialog({
  today,
  staff,
  onClose,
}: {
  today: string;
  staff: { user_id: string; name: string }[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const manages = staff.length > 0;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(staffLeaveInput),
    mode: "onBlur",
    defaultValues: { start_date: today, end_date: today, leave_type: "casual", note: "" },
  });
  const save = useMutation({
    mutationFn: (input: Output) => api.post("/attendance/leave", input, staffLeaveItem),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["attendance"] });
      onClose();
    },
  });
  const { errors } = form.formState;
  const title = say(manages ? "attendance.recordLeave" : "attendance.askLeave");
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="leave-title">
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <DialogTitle id="leave-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={1}>
            {manages && (
              <Controller
                control={form.control}
                name="user_id"
                render={({ field }) => (
                  <TextField
                    select
                    label={say("attendance.staffMember")}
                    value={field.value ?? ""}
                    onChange={(event) => field.onChange(event.target.value || undefined)}
                    onBlur={field.onBlur}
                    helperText={say("attendance.leaveApprovedAtOnce")}
                  >
                    <MenuItem value="">{say("attendance.myself")}</MenuItem>
                    {staff.map((person) => (
                      <MenuItem key={person.user_id} value={person.user_id}>
                        {person.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
              {(["start_date", "end_date"] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <DateField
                      name={field.name}
                      label={say(name === "start_date" ? "attendance.firstDay" : "attendance.lastDay")}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={Boolean(errors[name])}
                      helperText={errors[name]?.message ?? " "}
                    />
                  )}
                />
              ))}
            </Stack>
            <Controller
              control={form.control}
              name="leave_type"
              render={({ field }) => (
                <TextField
                  select
                  label={say("attendance.leaveTypeField")}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(errors.leave_type)}
                  helperText={errors.leave_type?.message ?? " "}
                >
                  {LEAVE_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {say("attendance.leaveTypeLabel", { type })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={say("attendance.note")}
              multiline
              minRows={2}
              {...form.register("note")}
              error={Boolean(errors.note)}
              helperText={errors.note?.message ?? say("attendance.optional")}
            />
            {save.isError && (
              <Alert severity="error">{refusalMessage(save.error, say("attendance.leaveSaveFailed"))}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {say("attendance.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {title}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
