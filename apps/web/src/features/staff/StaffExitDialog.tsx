import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import { type StaffExitRequest, type StaffMember, staffExitRequest } from "@sprout/shared/schemas/staff";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { centreToday } from "../children/shared";
import { useStaffMutations } from "./api";

/** A staff member leaving, as a child does: exit date and reason; their sign-in ends with it. */
export function StaffExitDialog({
  member,
  onClose,
  onDone,
}: {
  member: StaffMember;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  // The server checks "not in the future" against the centre's own day; this is the same zone.
  const today = centreToday(DEFAULT_TIME_ZONE);
  const form = useForm<StaffExitRequest>({
    resolver: zodResolver(staffExitRequest),
    mode: "onTouched",
    defaultValues: { exit_date: today, exit_reason: "" },
  });
  const { exit } = useStaffMutations();
  const [error, setError] = useState("");
  const name = `${member.first_name} ${member.last_name}`;

  const submit = form.handleSubmit(async (values) => {
    setError("");
    try {
      const answer = await exit.mutateAsync({ id: member.id, body: values });
      onDone(answer.message);
    } catch (caught) {
      setError(refusalMessage(caught, "Failed to record the exit"));
    }
  });

  return (
    <Dialog
      open
      onClose={exit.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="staff-exit-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="staff-exit-title">Record Leaving</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography>
              <strong>{name}</strong> ({member.employee_id}) will be marked as left and an exit record kept. Their
              sign-in is deactivated and every device they are signed in on is signed out.
            </Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <Controller
              control={form.control}
              name="exit_date"
              render={({ field, fieldState }) => (
                <DateField
                  label="Exit date"
                  required
                  name={field.name}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    setError("");
                  }}
                  onBlur={field.onBlur}
                  max={today}
                  min={member.joining_date ?? undefined}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="exit_reason"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Exit reason"
                  required
                  multiline
                  minRows={2}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={exit.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={exit.isPending}>
            {exit.isPending ? "Saving..." : "Record Leaving"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
