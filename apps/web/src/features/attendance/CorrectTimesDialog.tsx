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
import { correctionForm, wallClockInstant } from "@sprout/shared/schemas/attendance";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useAttendanceActions } from "./api";

/** One stay whose times are corrected: today's, or one of an earlier day never checked out. */
export interface StayToCorrect {
  stayId: string;
  /** The stay's day at the centre ("YYYY-MM-DD"): the corrected times stay on it. */
  day: string;
  checkInAt: string;
  checkOutAt: string | null;
  childName: string;
  earlierDay: boolean;
}

type Form = ReturnType<typeof correctionForm>;

/** "HH:MM" of an instant at the centre, whatever the device's own time zone. */
const wallClock = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: DEFAULT_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));

/** A later change of a stay's times, with the reason the audit log keeps. */
export function CorrectTimesDialog({ stay, onClose }: { stay: StayToCorrect; onClose: () => void }) {
  const say = useSay();
  const schema = useMemo(() => correctionForm(stay.earlierDay), [stay.earlierDay]);
  const form = useForm<z.input<Form>, unknown, z.output<Form>>({
    resolver: zodResolver(schema),
    // Errors show when a field is left, and clear as soon as the cause is fixed.
    mode: "onTouched",
    defaultValues: {
      check_in_time: wallClock(stay.checkInAt),
      check_out_time: stay.checkOutAt ? wallClock(stay.checkOutAt) : "",
      reason: "",
    },
  });
  const { correct } = useAttendanceActions();
  const { errors } = form.formState;
  const at = (time: string) => wallClockInstant(stay.day, time, DEFAULT_TIME_ZONE).toISOString();
  const save = (values: z.output<Form>) =>
    correct.mutate(
      {
        id: stay.stayId,
        body: {
          check_in_at: at(values.check_in_time),
          check_out_at: values.check_out_time ? at(values.check_out_time) : null,
          reason: values.reason,
        },
      },
      { onSuccess: onClose },
    );

  return (
    <Dialog
      open
      onClose={correct.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="correct-title"
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit(save)}>
        <DialogTitle id="correct-title">{say("attendance.correctTimesFor", { name: stay.childName })}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography color="text.secondary">
              {say("attendance.recordOf", { date: formatDate(stay.day) })}
              {stay.earlierDay && say("attendance.neverCheckedOut")}
            </Typography>
            <Stack direction="row" spacing={1}>
              <TextField
                label={say("attendance.checkInTimeLabel")}
                type="time"
                {...form.register("check_in_time")}
                error={Boolean(errors.check_in_time)}
                helperText={errors.check_in_time?.message ?? " "}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <TextField
                label={say("attendance.checkOutTimeLabel")}
                type="time"
                {...form.register("check_out_time")}
                error={Boolean(errors.check_out_time)}
                helperText={
                  errors.check_out_time?.message ?? (stay.earlierDay ? " " : say("attendance.emptyWhileHere"))
                }
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <TextField
              label={say("attendance.reason")}
              multiline
              minRows={2}
              {...form.register("reason")}
              error={Boolean(errors.reason)}
              helperText={errors.reason?.message ?? say("attendance.reasonKept")}
            />
            {correct.isError && (
              <Alert severity="error">{refusalMessage(correct.error, say("attendance.correctionFailed"))}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={correct.isPending}>
            {say("attendance.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={correct.isPending}>
            {say("attendance.saveTimes")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
