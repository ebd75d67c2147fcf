import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { translateEnglish } from "@sprout/shared/i18n/translate";
import {
  AFFECTED_AREAS,
  ALERT_SEVERITIES,
  ALERT_TYPES,
  EVACUATION_TYPES,
  emergencyAlertInput,
  PARENT_NOTICES,
  STAFF_INSTRUCTIONS,
} from "@sprout/shared/schemas/emergency";
import { Controller, type DefaultValues, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useAreas, useEmergencyMutations } from "./api";

type Form = z.input<typeof emergencyAlertInput>;
// No type is chosen at first: the field starts empty and the schema asks for one.
const EMPTY: DefaultValues<Form> = {
  severity: "high",
  message: "",
  location: "",
  requires_evacuation: false,
  affected_areas: [],
  instructions: "",
  parent_message: "",
};

/** spec 2: the Emergency Alert dialog. Trigger stays disabled until a type and a message are given. */
export function EmergencyAlertDialog({ open, onClose }: { open: boolean; onClose: (triggered: boolean) => void }) {
  const say = useSay();
  const { trigger } = useEmergencyMutations();
  const areas = useAreas(open);
  const form = useForm<Form, unknown, z.output<typeof emergencyAlertInput>>({
    resolver: zodResolver(emergencyAlertInput),
    defaultValues: EMPTY,
  });
  const [type, message] = useWatch({ control: form.control, name: ["alert_type", "message"] });
  const ready = Boolean(type) && Boolean(message?.trim());

  const close = (triggered: boolean) => {
    form.reset(EMPTY);
    trigger.reset();
    onClose(triggered);
  };

  const chooseType = (value: Form["alert_type"]) => {
    form.setValue("alert_type", value, { shouldValidate: true });
    // Choosing a type fills in its instructions and, for fire, gas leak and evacuation, evacuates.
    form.setValue("instructions", STAFF_INSTRUCTIONS[value] ?? "");
    form.setValue("parent_message", PARENT_NOTICES[value] ?? "");
    form.setValue("requires_evacuation", EVACUATION_TYPES.includes(value));
  };

  const submit = form.handleSubmit(async (values) => {
    await trigger.mutateAsync(values);
    close(true);
  });

  return (
    <Dialog open={open} onClose={() => close(false)} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle sx={{ color: "error.main" }}>{say("emergency.dialogTitle")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {trigger.isError && (
              <Alert severity="error">{refusalMessage(trigger.error, say("emergency.triggerFailed"))}</Alert>
            )}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name="alert_type"
                render={({ field }) => (
                  <TextField
                    select
                    label={say("emergency.alertTypeLabel")}
                    required
                    fullWidth
                    value={field.value ?? ""}
                    onChange={(event) => chooseType(event.target.value as Form["alert_type"])}
                  >
                    {ALERT_TYPES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {say("emergency.alertType", { type: value })}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="severity"
                render={({ field }) => (
                  <TextField select label={say("emergency.severity")} fullWidth {...field}>
                    {ALERT_SEVERITIES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {say("emergency.severityOption", { severity: value })}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <TextField
              label={say("emergency.message")}
              required
              multiline
              minRows={2}
              {...form.register("message")}
              error={Boolean(form.formState.errors.message)}
              helperText={
                form.formState.errors.message?.message && translateEnglish(form.formState.errors.message.message, say)
              }
            />
            <TextField label={say("emergency.location")} {...form.register("location")} />
            <Controller
              control={form.control}
              name="requires_evacuation"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={Boolean(field.value)} onChange={(_, checked) => field.onChange(checked)} />
                  }
                  label={say("emergency.evacuationRequired")}
                />
              )}
            />
            <Controller
              control={form.control}
              name="affected_areas"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={areas.data?.areas ?? [...AFFECTED_AREAS]}
                  value={field.value ?? []}
                  onChange={(_, value) => field.onChange(value)}
                  renderInput={(params) => <TextField {...params} label={say("emergency.affectedAreas")} />}
                />
              )}
            />
            <TextField
              label={say("emergency.staffInstructions")}
              multiline
              minRows={3}
              slotProps={{ inputLabel: { shrink: true } }}
              {...form.register("instructions")}
            />
            <TextField
              label={say("emergency.parentNotice")}
              multiline
              minRows={2}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText={say("emergency.parentNoticeHelp")}
              {...form.register("parent_message")}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>{say("emergency.cancel")}</Button>
          <Button type="submit" variant="contained" color="error" disabled={!ready || trigger.isPending}>
            {trigger.isPending ? say("emergency.triggering") : say("emergency.trigger")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
