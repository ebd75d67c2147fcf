import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import {
  addDays,
  adjustEndForStart,
  PAUSE_REASONS,
  type PauseRequest,
  pauseDefaults,
  pauseDuration,
  pauseRequestFor,
  type Student,
} from "@sprout/shared/schemas/children";
import { isIsoDate } from "@sprout/shared/schemas/primitives";
import { useEffect, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useStudentActions } from "./api";
import { ChildHeading, ConsequenceList } from "./DialogParts";
import { centreToday, missingTokens } from "./shared";

const WARNINGS: MessageId[] = [
  "children.pauseWarnAttendance",
  // Exactly what monthly generation does (apps/server/src/modules/billing/generation.ts).
  "children.pauseWarnCredit",
  "children.pauseWarnWholeMonth",
  "children.pauseWarnAutoResume",
  "children.pauseWarnManualResume",
];

/** The quick reasons' labels; the English value is what is stored. */
const REASON_LABELS: Record<(typeof PAUSE_REASONS)[number], MessageId> = {
  "Vacation/Travel": "children.reasonTravel",
  "Medical reasons": "children.reasonMedical",
  "Family circumstances": "children.reasonFamily",
  "Temporary relocation": "children.reasonRelocation",
  "Financial constraints": "children.reasonFinancial",
  Other: "children.reasonOther",
};

/** Pause Student Enrollment: dates from tomorrow, a required reason, optional notes. */
export function PauseDialog({
  student,
  onClose,
  onDone,
}: {
  student: Student | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const say = useSay();
  const today = centreToday(student?.time_zone ?? "Asia/Kolkata");
  const schema = useMemo(() => pauseRequestFor(today), [today]);
  const form = useForm<PauseRequest, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: pauseDefaults(today),
    mode: "onChange",
  });
  const { pause } = useStudentActions();
  const [error, setError] = useState("");
  const [start, end, reason] = useWatch({
    control: form.control,
    name: ["pause_start_date", "pause_end_date", "reason"],
  });
  const duration = pauseDuration(start, end);

  // Fields and error start afresh every time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields reset only when another record opens the dialog
  useEffect(() => {
    if (student) {
      form.reset(pauseDefaults(today));
      setError("");
      pause.reset();
    }
  }, [student?.id]);

  const submit = form.handleSubmit(async (values) => {
    const tokens = missingTokens(say);
    if (tokens) return setError(tokens);
    setError("");
    try {
      const answer = await pause.mutateAsync({ id: student!.id, body: values });
      onDone(answer.message);
    } catch (caught) {
      setError(refusalMessage(caught, say("children.pauseFailed")));
    }
  });

  return (
    <Dialog
      open={Boolean(student)}
      onClose={pause.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="pause-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="pause-title">{say("children.pauseTitle")}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ChildHeading
              name={student?.name}
              studentId={student?.student_id}
              chip={<Chip size="small" color="success" label={say("children.pauseChipActive")} />}
            />
            {error && <Alert severity="error">{error}</Alert>}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={form.control}
                  name="pause_start_date"
                  render={({ field, fieldState }) => (
                    <DateField
                      name={field.name}
                      value={field.value}
                      onBlur={field.onBlur}
                      onChange={(value) => {
                        field.onChange(value);
                        const adjusted = adjustEndForStart(value, form.getValues("pause_end_date"));
                        if (adjusted !== form.getValues("pause_end_date"))
                          form.setValue("pause_end_date", adjusted, { shouldValidate: true });
                        else void form.trigger("pause_end_date");
                      }}
                      label={say("children.startDate")}
                      required
                      min={addDays(today, 1)}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? say("children.earliestTomorrow")}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={form.control}
                  name="pause_end_date"
                  render={({ field, fieldState }) => (
                    <DateField
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      label={say("children.endDate")}
                      required
                      min={isIsoDate(start) ? addDays(start, 1) : undefined}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? say("children.endHint")}
                    />
                  )}
                />
              </Grid>
            </Grid>
            {duration > 0 && (
              <Typography color="primary" sx={{ fontWeight: 600 }} role="status">
                {say("children.duration", { count: duration })}
              </Typography>
            )}
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {say("children.quickReasons")}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
                {PAUSE_REASONS.map((option) => (
                  <Chip
                    key={option}
                    label={say(REASON_LABELS[option])}
                    clickable
                    color={reason === option ? "primary" : "default"}
                    variant={reason === option ? "filled" : "outlined"}
                    onClick={() => form.setValue("reason", option, { shouldValidate: true })}
                  />
                ))}
              </Stack>
            </Box>
            <Controller
              control={form.control}
              name="reason"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={say("children.reasonForPause")}
                  required
                  multiline
                  minRows={2}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="notes"
              render={({ field }) => (
                <TextField {...field} label={say("children.notesOptional")} multiline minRows={2} fullWidth />
              )}
            />
            <ConsequenceList
              severity="warning"
              title={say("children.duringPause")}
              lines={WARNINGS.map((line) => say(line))}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pause.isPending}>
            {say("children.cancel")}
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={pause.isPending || !reason?.trim()}>
            {pause.isPending ? say("children.pausing") : say("children.pauseStudent")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
