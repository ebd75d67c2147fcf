import { Alert, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import {
  DAY_HEALTH_KINDS,
  DIAPER_STATUSES,
  FOOD_AMOUNTS,
  foodInput,
  healthInput,
  MEAL_TYPES,
  POTTY_TYPES,
  pottyInput,
  sleepInput,
  starInput,
} from "@sprout/shared/schemas/child-day";
import { type ReactNode, useId } from "react";
import { Controller, type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { type Say, useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { nowTime, useRecord, useTap } from "./api";
import { fieldError } from "./fieldError";

/** One child on one day: what every record form is about. */
export interface Target {
  childId: string;
  /** The child's name, for the words of a tap that waits on the device. */
  name: string;
  date: string;
}

/** Pick-one buttons big enough for a thumb; the form field keeps the chosen value. */
export function Choice<T extends string | number>({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string;
}) {
  const labelId = useId();
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color={error ? "error" : "text.secondary"} id={labelId}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={value ?? null}
        aria-labelledby={labelId}
        onChange={(_event, next: T | null) => next !== null && onChange(next)}
        sx={{ flexWrap: "wrap" }}
      >
        {options.map((option) => (
          <ToggleButton key={String(option.value)} value={option.value} sx={{ minHeight: 44, px: 1.5 }}>
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

function FormShell<T extends FieldValues>({
  form,
  onSubmit,
  error,
  pending,
  submitLabel,
  children,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  onSubmit: (values: FieldValues) => void;
  error: unknown;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const say = useSay();
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit(onSubmit)}>
      {children}
      {error ? <Alert severity="error">{refusalMessage(error, say("childDay.saveFailed"))}</Alert> : null}
      <Button type="submit" variant="contained" disabled={pending} sx={{ minHeight: 48 }}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

const notesField = (form: UseFormReturn<FieldValues>, label: string, say: Say) => {
  const error = fieldError(form.formState.errors.notes?.message as string | undefined, say);
  return <TextField label={label} {...form.register("notes")} error={Boolean(error)} helperText={error} />;
};

type FoodValues = z.input<typeof foodInput>;
export function FoodForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const say = useSay();
  const form = useForm<FoodValues, unknown, z.output<typeof foodInput>>({
    resolver: zodResolver(foodInput),
    mode: "onTouched",
    defaultValues: { child_id: target.childId, date: target.date, notes: "" },
  });
  const record = useTap<z.output<typeof foodInput>>(
    "POST /api/daily-activities/food",
    (meal) => `${say("childDay.meal", { meal: meal.meal_type })} · ${target.name}`,
  );
  const { errors } = form.formState;
  const generic = form as unknown as UseFormReturn<FieldValues>;
  return (
    <FormShell
      form={generic}
      onSubmit={(values) => record.mutate(values as z.output<typeof foodInput>, { onSuccess: onSaved })}
      error={record.error}
      pending={record.isPending}
      submitLabel={say("childDay.saveMeal")}
    >
      <Controller
        control={form.control}
        name="meal_type"
        render={({ field }) => (
          <Choice
            label={say("childDay.mealLabel")}
            value={field.value}
            options={MEAL_TYPES.map((meal) => ({ value: meal, label: say("childDay.meal", { meal }) }))}
            onChange={(value) => field.onChange(value)}
            error={fieldError(errors.meal_type?.message, say)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="food_consumed"
        render={({ field }) => (
          <Choice
            label={say("childDay.howMuchEaten")}
            value={field.value as number | undefined}
            options={FOOD_AMOUNTS.map((amount) => ({ value: amount, label: `${amount}%` }))}
            onChange={(value) => field.onChange(value)}
            error={fieldError(errors.food_consumed?.message, say)}
          />
        )}
      />
      {notesField(generic, say("childDay.notes"), say)}
    </FormShell>
  );
}

type SleepValues = z.input<typeof sleepInput>;
export function SleepForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const say = useSay();
  const form = useForm<SleepValues, unknown, z.output<typeof sleepInput>>({
    resolver: zodResolver(sleepInput),
    mode: "onTouched",
    defaultValues: { child_id: target.childId, date: target.date, start_time: nowTime(), end_time: "", notes: "" },
  });
  const record = useTap<z.output<typeof sleepInput>>(
    "POST /api/daily-activities/sleep",
    (nap) => say("childDay.tapNap", { time: nap.start_time, name: target.name }),
    false,
  );
  const { errors } = form.formState;
  const generic = form as unknown as UseFormReturn<FieldValues>;
  return (
    <FormShell
      form={generic}
      onSubmit={(values) => record.mutate(values as z.output<typeof sleepInput>, { onSuccess: onSaved })}
      error={record.error}
      pending={record.isPending}
      submitLabel={say("childDay.saveNap")}
    >
      <Stack direction="row" spacing={1}>
        <TextField
          label={say("childDay.fellAsleep")}
          type="time"
          {...form.register("start_time")}
          error={Boolean(errors.start_time)}
          helperText={fieldError(errors.start_time?.message, say)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
        <TextField
          label={say("childDay.wokeUp")}
          type="time"
          {...form.register("end_time")}
          error={Boolean(errors.end_time)}
          helperText={fieldError(errors.end_time?.message, say) ?? say("childDay.leaveEmptyAsleep")}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {notesField(generic, say("childDay.notes"), say)}
    </FormShell>
  );
}

type PottyValues = z.input<typeof pottyInput>;
export function PottyForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const say = useSay();
  const form = useForm<PottyValues, unknown, z.output<typeof pottyInput>>({
    resolver: zodResolver(pottyInput),
    mode: "onTouched",
    defaultValues: { child_id: target.childId, date: target.date, notes: "" },
  });
  const record = useTap<z.output<typeof pottyInput>>("POST /api/daily-activities/potty", () =>
    say("childDay.tapPotty", { name: target.name }),
  );
  const { errors } = form.formState;
  const generic = form as unknown as UseFormReturn<FieldValues>;
  return (
    <FormShell
      form={generic}
      onSubmit={(values) => record.mutate(values as z.output<typeof pottyInput>, { onSuccess: onSaved })}
      error={record.error}
      pending={record.isPending}
      submitLabel={say("childDay.savePotty")}
    >
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Choice
            label={say("childDay.typeLabel")}
            value={field.value}
            options={POTTY_TYPES.map((type) => ({ value: type, label: say("childDay.pottyType", { type }) }))}
            onChange={(value) => field.onChange(value)}
            error={fieldError(errors.type?.message, say)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="diaper_status"
        render={({ field }) => (
          <Choice
            label={say("childDay.statusLabel")}
            value={field.value}
            options={DIAPER_STATUSES.map((status) => ({
              value: status,
              label: say("childDay.diaperStatus", { status }),
            }))}
            onChange={(value) => field.onChange(value)}
            error={fieldError(errors.diaper_status?.message, say)}
          />
        )}
      />
      {notesField(generic, say("childDay.notes"), say)}
    </FormShell>
  );
}

type StarValues = z.input<typeof starInput>;
export function StarForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const say = useSay();
  const form = useForm<StarValues, unknown, z.output<typeof starInput>>({
    resolver: zodResolver(starInput),
    mode: "onTouched",
    defaultValues: { child_id: target.childId, reason: "" },
  });
  const record = useTap<z.output<typeof starInput>>("POST /api/stars", () =>
    say("childDay.tapStar", { name: target.name }),
  );
  const { errors } = form.formState;
  return (
    <FormShell
      form={form as unknown as UseFormReturn<FieldValues>}
      onSubmit={(values) => record.mutate(values as z.output<typeof starInput>, { onSuccess: onSaved })}
      error={record.error}
      pending={record.isPending}
      submitLabel={say("childDay.awardStar")}
    >
      <TextField
        label={say("childDay.whyStar")}
        placeholder={say("childDay.starExample")}
        {...form.register("reason")}
        error={Boolean(errors.reason)}
        helperText={fieldError(errors.reason?.message, say)}
      />
    </FormShell>
  );
}

type HealthValues = z.input<typeof healthInput>;
export function HealthForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const say = useSay();
  const form = useForm<HealthValues, unknown, z.output<typeof healthInput>>({
    resolver: zodResolver(healthInput),
    mode: "onTouched",
    defaultValues: {
      child_id: target.childId,
      date: target.date,
      kind: "note",
      details: "",
      temperature_c: "",
    },
  });
  const record = useRecord<z.output<typeof healthInput>>("/daily-activities/health");
  const { errors } = form.formState;
  const kind = form.watch("kind");
  return (
    <FormShell
      form={form as unknown as UseFormReturn<FieldValues>}
      onSubmit={(values) => record.mutate(values as z.output<typeof healthInput>, { onSuccess: onSaved })}
      error={record.error}
      pending={record.isPending}
      submitLabel={say("childDay.saveHealthNote")}
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <TextField
            select
            label={say("childDay.whatToRecord")}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={Boolean(errors.kind)}
            helperText={fieldError(errors.kind?.message, say)}
          >
            {DAY_HEALTH_KINDS.map((option) => (
              <MenuItem key={option} value={option}>
                {say("childDay.healthKind", { kind: option })}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {kind === "temperature" && (
        <TextField
          label={say("childDay.temperatureC")}
          type="number"
          slotProps={{ htmlInput: { step: 0.1, inputMode: "decimal" } }}
          {...form.register("temperature_c")}
          error={Boolean(errors.temperature_c)}
          helperText={fieldError(errors.temperature_c?.message, say)}
        />
      )}
      <TextField
        label={say("childDay.details")}
        multiline
        minRows={2}
        {...form.register("details")}
        error={Boolean(errors.details)}
        helperText={fieldError(errors.details?.message, say)}
      />
    </FormShell>
  );
}
