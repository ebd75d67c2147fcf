import { zodResolver } from "@hookform/resolvers/zod";
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
import {
  AFFECTED_AREAS,
  ALERT_SEVERITIES,
  ALERT_TYPE_LABELS,
  ALERT_TYPES,
  EMERGENCY_MESSAGES,
  EVACUATION_TYPES,
  emergencyAlertInput,
  PARENT_NOTICES,
  STAFF_INSTRUCTIONS,
} from "@sprout/shared/schemas/emergency";
import { Controller, type DefaultValues, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
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
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** spec 2: the Emergency Alert dialog. Trigger stays disabled until a type and a message are given. */
export function EmergencyAlertDialog({ open, onClose }: { open: boolean; onClose: (triggered: boolean) => void }) {
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
        <DialogTitle sx={{ color: "error.main" }}>Emergency Alert</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {trigger.isError && (
              <Alert severity="error">{refusalMessage(trigger.error, EMERGENCY_MESSAGES.triggerFailed)}</Alert>
            )}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name="alert_type"
                render={({ field }) => (
                  <TextField
                    select
                    label="Alert type"
                    required
                    fullWidth
                    value={field.value ?? ""}
                    onChange={(event) => chooseType(event.target.value as Form["alert_type"])}
                  >
                    {ALERT_TYPES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {ALERT_TYPE_LABELS[value]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="severity"
                render={({ field }) => (
                  <TextField select label="Severity" fullWidth {...field}>
                    {ALERT_SEVERITIES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {capitalise(value)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <TextField
              label="Message"
              required
              multiline
              minRows={2}
              {...form.register("message")}
              error={Boolean(form.formState.errors.message)}
              helperText={form.formState.errors.message?.message}
            />
            <TextField label="Location" {...form.register("location")} />
            <Controller
              control={form.control}
              name="requires_evacuation"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={Boolean(field.value)} onChange={(_, checked) => field.onChange(checked)} />
                  }
                  label="Evacuation required"
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
                  renderInput={(params) => <TextField {...params} label="Affected areas" />}
                />
              )}
            />
            <TextField
              label="Instructions for staff"
              multiline
              minRows={3}
              slotProps={{ inputLabel: { shrink: true } }}
              {...form.register("instructions")}
            />
            <TextField
              label="Notice for parents"
              multiline
              minRows={2}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText="Parents see this calm notice instead of the staff instructions."
              {...form.register("parent_message")}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={!ready || trigger.isPending}>
            {trigger.isPending ? "Triggering..." : "Trigger Alert"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
