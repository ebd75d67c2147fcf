import { Alert, Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import { translateEnglish } from "@sprout/shared/i18n/translate";
import { DEFAULT_QUIET_HOURS, type QuietHours, quietHours } from "@sprout/shared/schemas/push";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";

const hoursForm = quietHours.unwrap();
type HoursForm = z.infer<typeof hoursForm>;

interface Props {
  value: QuietHours;
  saving: boolean;
  error: unknown;
  onSave(hours: QuietHours): void;
}

/**
 * Quiet hours (issue 32.3): from `start` to `end` in the centre's time, everything but an
 * emergency waits and arrives as one summary when they end. Off sends each notification at once.
 */
export function QuietHoursForm({ value, saving, error, onSave }: Props) {
  const say = useSay();
  const form = useForm<HoursForm>({
    resolver: zodResolver(hoursForm),
    values: value ?? DEFAULT_QUIET_HOURS,
  });
  const errors = form.formState.errors;
  const fieldError = (message: string | undefined) => message && translateEnglish(message, say);
  const on = value !== null;

  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3">
        {say("push.quietHours")}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={saving}
            onChange={(event) => onSave(event.target.checked ? form.getValues() : null)}
          />
        }
        label={say("push.holdAtNight")}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {on ? say("push.quietOn") : say("push.quietOff")}
      </Typography>
      {on && (
        <Box component="form" noValidate onSubmit={form.handleSubmit(onSave)}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "flex-start", flexWrap: "wrap" }}>
            <TextField
              label={say("push.from")}
              type="time"
              size="small"
              {...form.register("start")}
              error={Boolean(errors.start)}
              helperText={fieldError(errors.start?.message) ?? " "}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 140 }}
            />
            <TextField
              label={say("push.until")}
              type="time"
              size="small"
              {...form.register("end")}
              error={Boolean(errors.end)}
              helperText={fieldError(errors.end?.message) ?? " "}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 140 }}
            />
            <Button type="submit" variant="outlined" disabled={saving || !form.formState.isDirty} sx={{ mt: 0.25 }}>
              {say("push.saveQuietHours")}
            </Button>
          </Stack>
        </Box>
      )}
      {error != null && <Alert severity="error">{errorMessage(error)}</Alert>}
    </Box>
  );
}
