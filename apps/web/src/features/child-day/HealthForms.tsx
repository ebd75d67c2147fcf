import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { HEALTH_LABELS } from "@sprout/shared/schemas/child-day";
import {
  doseInput,
  immunisationInput,
  type Medication,
  medicationInput,
  STANDING_KINDS,
  standingInput,
} from "@sprout/shared/schemas/child-health";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormTextField } from "../../components/form/fields";
import { nowTime } from "./api";
import type { useHealthChanges } from "./health-api";

type Changes = ReturnType<typeof useHealthChanges>;
const refusal = (error: unknown) =>
  error ? <Alert severity="error">{refusalMessage(error, "Could not save. Please try again.")}</Alert> : null;

/** Allergy (or dietary restriction) or medical condition: one line, added in place. */
export function StandingForm({ changes }: { changes: Changes }) {
  const form = useForm<z.input<typeof standingInput>, unknown, z.output<typeof standingInput>>({
    resolver: zodResolver(standingInput),
    mode: "onTouched",
    defaultValues: { kind: "allergy", details: "" },
  });
  const { errors } = form.formState;
  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      aria-label="Add an allergy or condition"
      onSubmit={form.handleSubmit((values) =>
        changes.addStanding.mutate(values, { onSuccess: () => form.reset({ kind: values.kind, details: "" }) }),
      )}
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <ToggleButtonGroup
            exclusive
            color="primary"
            size="small"
            value={field.value}
            aria-label="What to add"
            onChange={(_event, next) => next && field.onChange(next)}
            sx={{ flexWrap: "wrap" }}
          >
            {STANDING_KINDS.map((kind) => (
              <ToggleButton key={kind} value={kind} sx={{ minHeight: 40 }}>
                {HEALTH_LABELS[kind]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          label="Details"
          size="small"
          fullWidth
          {...form.register("details")}
          error={Boolean(errors.details)}
          helperText={errors.details?.message}
        />
        <Button type="submit" variant="outlined" disabled={changes.addStanding.isPending} sx={{ minHeight: 40 }}>
          Add
        </Button>
      </Stack>
      {refusal(changes.addStanding.error)}
    </Stack>
  );
}

/** A parent asks the centre to give a medication; the consent box is part of the request. */
export function MedicationDialog({
  changes,
  childName,
  today,
  onClose,
}: {
  changes: Changes;
  childName: string;
  today: string;
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof medicationInput>, unknown, z.output<typeof medicationInput>>({
    resolver: zodResolver(medicationInput),
    mode: "onTouched",
    defaultValues: { name: "", dose: "", schedule: "", start_date: today, end_date: today, notes: "" },
  });
  const add = changes.addMedication;
  return (
    <FormDialog
      title="Add a medication"
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => add.mutate(values, { onSuccess: onClose }))}
      submitDisabled={add.isPending}
      submitLabel="Save and give consent"
    >
      <FormTextField form={form} name="name" label="Medication" />
      <FormTextField form={form} name="dose" label="Dose" placeholder="5 ml" />
      <FormTextField form={form} name="schedule" label="When to give it" placeholder="12:30, after lunch" />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormDateField form={form} name="start_date" label="First day" />
        <FormDateField form={form} name="end_date" label="Last day" />
      </Stack>
      <TextField label="Notes for the teacher" multiline minRows={2} {...form.register("notes")} />
      <Controller
        control={form.control}
        name="consent"
        render={({ field, fieldState }) => (
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
              label={`I consent to the centre giving ${childName} this medication as described.`}
            />
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </div>
        )}
      />
      {refusal(add.error)}
    </FormDialog>
  );
}

export function ImmunisationDialog({
  changes,
  today,
  onClose,
}: {
  changes: Changes;
  today: string;
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof immunisationInput>, unknown, z.output<typeof immunisationInput>>({
    resolver: zodResolver(immunisationInput),
    mode: "onTouched",
    defaultValues: { vaccine: "", date_given: "", next_due: "", notes: "" },
  });
  const add = changes.addImmunisation;
  return (
    <FormDialog
      title="Add an immunisation"
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => add.mutate(values, { onSuccess: onClose }))}
      submitDisabled={add.isPending}
      submitLabel="Save immunisation"
    >
      <FormTextField form={form} name="vaccine" label="Vaccine" />
      <FormDateField form={form} name="date_given" label="Date given" max={today} />
      <FormDateField form={form} name="next_due" label="Next due (optional)" />
      <TextField label="Notes" {...form.register("notes")} />
      {refusal(add.error)}
    </FormDialog>
  );
}

/** A teacher logs a dose of a consented medication, at the centre's time now unless changed. */
export function DoseForm({ changes, medication }: { changes: Changes; medication: Medication }) {
  const form = useForm<z.input<typeof doseInput>, unknown, z.output<typeof doseInput>>({
    resolver: zodResolver(doseInput),
    mode: "onTouched",
    defaultValues: { dose: medication.dose, given_time: nowTime(), notes: "" },
  });
  const { errors } = form.formState;
  const give = changes.giveDose;
  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      aria-label={`Give ${medication.name}`}
      onSubmit={form.handleSubmit((input) => give.mutate({ id: medication.id, input }))}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          label="Dose"
          size="small"
          {...form.register("dose")}
          error={Boolean(errors.dose)}
          helperText={errors.dose?.message}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Given at"
          type="time"
          size="small"
          {...form.register("given_time")}
          error={Boolean(errors.given_time)}
          helperText={errors.given_time?.message}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={give.isPending} sx={{ minHeight: 40 }}>
          Give dose
        </Button>
      </Stack>
      {refusal(give.error)}
    </Stack>
  );
}
