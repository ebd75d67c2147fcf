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
import { type Say, useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { nowTime } from "./api";
import type { useHealthChanges } from "./health-api";

type Changes = ReturnType<typeof useHealthChanges>;
const refusal = (error: unknown, say: Say) =>
  error ? <Alert severity="error">{refusalMessage(error, say("childDay.saveFailed"))}</Alert> : null;

/** Allergy (or dietary restriction) or medical condition: one line, added in place. */
export function StandingForm({ changes }: { changes: Changes }) {
  const say = useSay();
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
      aria-label={say("childDay.addAllergyOrCondition")}
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
            aria-label={say("childDay.whatToAdd")}
            onChange={(_event, next) => next && field.onChange(next)}
            sx={{ flexWrap: "wrap" }}
          >
            {STANDING_KINDS.map((kind) => (
              <ToggleButton key={kind} value={kind} sx={{ minHeight: 40 }}>
                {say("childDay.healthKind", { kind })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          label={say("childDay.details")}
          size="small"
          fullWidth
          {...form.register("details")}
          error={Boolean(errors.details)}
          helperText={errors.details?.message}
        />
        <Button type="submit" variant="outlined" disabled={changes.addStanding.isPending} sx={{ minHeight: 40 }}>
          {say("childDay.add")}
        </Button>
      </Stack>
      {refusal(changes.addStanding.error, say)}
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
  const say = useSay();
  const form = useForm<z.input<typeof medicationInput>, unknown, z.output<typeof medicationInput>>({
    resolver: zodResolver(medicationInput),
    mode: "onTouched",
    defaultValues: { name: "", dose: "", schedule: "", start_date: today, end_date: today, notes: "" },
  });
  const add = changes.addMedication;
  return (
    <FormDialog
      title={say("childDay.addMedication")}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => add.mutate(values, { onSuccess: onClose }))}
      submitDisabled={add.isPending}
      submitLabel={say("childDay.saveAndConsent")}
    >
      <FormTextField form={form} name="name" label={say("childDay.medication")} />
      <FormTextField form={form} name="dose" label={say("childDay.dose")} placeholder={say("childDay.doseExample")} />
      <FormTextField
        form={form}
        name="schedule"
        label={say("childDay.whenToGive")}
        placeholder={say("childDay.whenExample")}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormDateField form={form} name="start_date" label={say("childDay.firstDay")} />
        <FormDateField form={form} name="end_date" label={say("childDay.lastDay")} />
      </Stack>
      <TextField label={say("childDay.notesForTeacher")} multiline minRows={2} {...form.register("notes")} />
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
              label={say("childDay.consentMedication", { name: childName })}
            />
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </div>
        )}
      />
      {refusal(add.error, say)}
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
  const say = useSay();
  const form = useForm<z.input<typeof immunisationInput>, unknown, z.output<typeof immunisationInput>>({
    resolver: zodResolver(immunisationInput),
    mode: "onTouched",
    defaultValues: { vaccine: "", date_given: "", next_due: "", notes: "" },
  });
  const add = changes.addImmunisation;
  return (
    <FormDialog
      title={say("childDay.addImmunisation")}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => add.mutate(values, { onSuccess: onClose }))}
      submitDisabled={add.isPending}
      submitLabel={say("childDay.saveImmunisation")}
    >
      <FormTextField form={form} name="vaccine" label={say("childDay.vaccine")} />
      <FormDateField form={form} name="date_given" label={say("childDay.dateGiven")} max={today} />
      <FormDateField form={form} name="next_due" label={say("childDay.nextDueOptional")} />
      <TextField label={say("childDay.notes")} {...form.register("notes")} />
      {refusal(add.error, say)}
    </FormDialog>
  );
}

/** A teacher logs a dose of a consented medication, at the centre's time now unless changed. */
export function DoseForm({ changes, medication }: { changes: Changes; medication: Medication }) {
  const say = useSay();
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
      aria-label={say("childDay.giveMedication", { name: medication.name })}
      onSubmit={form.handleSubmit((input) => give.mutate({ id: medication.id, input }))}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          label={say("childDay.dose")}
          size="small"
          {...form.register("dose")}
          error={Boolean(errors.dose)}
          helperText={errors.dose?.message}
          sx={{ flex: 1 }}
        />
        <TextField
          label={say("childDay.givenAt")}
          type="time"
          size="small"
          {...form.register("given_time")}
          error={Boolean(errors.given_time)}
          helperText={errors.given_time?.message}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={give.isPending} sx={{ minHeight: 40 }}>
          {say("childDay.giveDose")}
        </Button>
      </Stack>
      {refusal(give.error, say)}
    </Stack>
  );
}
