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
import { type ExitRequest, exitRequest, type Student } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { useStudentActions } from "./api";
import { centreToday } from "./shared";

/** Record that a child has left: an exit date and a reason, kept as an exit record. */
export function ExitDialog({
  student,
  onClose,
  onDone,
}: {
  student: Student | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const today = centreToday(student?.time_zone ?? "Asia/Kolkata");
  const form = useForm<ExitRequest>({
    resolver: zodResolver(exitRequest as never) as never,
    defaultValues: { exit_date: today, exit_reason: "" },
  });
  const { exit } = useStudentActions();
  const [error, setError] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields reset only when another record opens the dialog
  useEffect(() => {
    if (student) {
      form.reset({ exit_date: today, exit_reason: "" });
      setError("");
    }
  }, [student?.id]);

  const submit = form.handleSubmit(async (values) => {
    setError("");
    try {
      const answer = await exit.mutateAsync({ id: student!.id, body: values });
      onDone(answer.message);
    } catch (caught) {
      setError(refusalMessage(caught, "Failed to record the exit"));
    }
  });

  return (
    <Dialog
      open={Boolean(student)}
      onClose={exit.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="exit-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="exit-title">Record Leaving</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography>
              <strong>{student?.name}</strong> ({student?.student_id}) will be marked as left, and an exit record kept.
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
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  max={today}
                  min={student?.enrollment_date ?? undefined}
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
