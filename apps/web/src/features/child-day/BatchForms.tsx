import WarningAmber from "@mui/icons-material/WarningAmber";
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  type BatchInput,
  type ClassroomDay,
  DIAPER_STATUSES,
  FOOD_AMOUNTS,
  foodBatchInput,
  MEAL_TYPES,
  POTTY_TYPES,
  pottyBatchInput,
  sleepBatchInput,
  starBatchInput,
  wakeBatchInput,
} from "@sprout/shared/schemas/child-day";
import { type FormEventHandler, type ReactNode, useCallback, useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { nowTime } from "./api";
import { fieldError } from "./fieldError";
import { Choice } from "./RecordForms";

type Child = ClassroomDay["children"][number];

/** What every batch form gets: the day, the children selected, and how to send the log. */
export interface BatchFormProps {
  date: string;
  children: Child[];
  send: (input: BatchInput) => void;
  pending: boolean;
  error: unknown;
}

/**
 * Keeps a form's children in step with the selection: a refusal naming children who are not here
 * refetches the class, they leave the selection, and the next save is for those who remain.
 */
function useInStep(children: Child[], apply: (ids: string[]) => void) {
  const key = children.map((child) => child.id).join(",");
  useEffect(() => apply(key ? key.split(",") : []), [key, apply]);
}

const nameOf = (child: Child) => `${child.first_name} ${child.last_name}`.trim();

function Shell({
  onSubmit,
  error,
  pending,
  label,
  children,
}: {
  onSubmit: FormEventHandler;
  error: unknown;
  pending: boolean;
  label: string;
  children: ReactNode;
}) {
  const say = useSay();
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {children}
      {error ? <Alert severity="error">{refusalMessage(error, say("childDay.saveFailed"))}</Alert> : null}
      <Button type="submit" variant="contained" disabled={pending} sx={{ minHeight: 48 }}>
        {label}
      </Button>
    </Stack>
  );
}

/** A meal: everyone ate all of it unless the teacher changes the few who ate less. */
export function FoodBatchForm({ date, children, send, pending, error }: BatchFormProps) {
  const say = useSay();
  const form = useForm<z.input<typeof foodBatchInput>, unknown, z.output<typeof foodBatchInput>>({
    resolver: zodResolver(foodBatchInput),
    mode: "onTouched",
    defaultValues: {
      kind: "food",
      date,
      meal_type: "lunch",
      entries: children.map((child) => ({ child_id: child.id, food_consumed: 100, notes: "" })),
    },
  });
  const { getValues, setValue } = form;
  useInStep(
    children,
    useCallback(
      (ids: string[]) => {
        const current = getValues("entries");
        setValue(
          "entries",
          ids.map((id) => current.find((entry) => entry.child_id === id) ?? { child_id: id, food_consumed: 100 }),
        );
      },
      [getValues, setValue],
    ),
  );
  const { errors } = form.formState;
  return (
    <Shell
      onSubmit={form.handleSubmit(send)}
      error={error}
      pending={pending}
      label={say("childDay.saveMealFor", { count: children.length })}
    >
      <Controller
        control={form.control}
        name="meal_type"
        render={({ field }) => (
          <Choice
            label={say("childDay.mealLabel")}
            value={field.value}
            options={MEAL_TYPES.map((meal) => ({ value: meal, label: say("childDay.meal", { meal }) }))}
            onChange={field.onChange}
            error={fieldError(errors.meal_type?.message, say)}
          />
        )}
      />
      <Stack spacing={0.5} role="group" aria-label={say("childDay.howMuchEachAte")}>
        <Typography variant="body2" color="text.secondary">
          {say("childDay.howMuchEachAte")}
        </Typography>
        {children.map((child, index) => (
          <Stack key={child.id} direction="row" spacing={1} sx={{ alignItems: "center", minHeight: 44 }}>
            <Box sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
              <Typography>{nameOf(child)}</Typography>
              {child.allergies.length > 0 && (
                <Typography
                  variant="caption"
                  color="warning.dark"
                  sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
                >
                  <WarningAmber fontSize="inherit" aria-hidden />{" "}
                  {say("childDay.allergies", { allergies: child.allergies.join(", ") })}
                </Typography>
              )}
            </Box>
            <Controller
              control={form.control}
              name={`entries.${index}.food_consumed`}
              render={({ field }) => (
                <TextField
                  select
                  size="small"
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  slotProps={{
                    select: { inputProps: { "aria-label": say("childDay.childAte", { name: child.first_name }) } },
                  }}
                  sx={{ width: 96, flexShrink: 0 }}
                >
                  {FOOD_AMOUNTS.map((amount) => (
                    <MenuItem key={amount} value={amount}>
                      {amount}%
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        ))}
      </Stack>
    </Shell>
  );
}

/** A nap that started (and perhaps already ended) for all of them at once. */
export function SleepBatchForm({ date, children, send, pending, error }: BatchFormProps) {
  const say = useSay();
  const form = useForm<z.input<typeof sleepBatchInput>, unknown, z.output<typeof sleepBatchInput>>({
    resolver: zodResolver(sleepBatchInput),
    mode: "onTouched",
    defaultValues: {
      kind: "sleep",
      date,
      child_ids: children.map((child) => child.id),
      start_time: nowTime(),
      end_time: "",
      notes: "",
    },
  });
  const { setValue } = form;
  useInStep(
    children,
    useCallback((ids: string[]) => setValue("child_ids", ids), [setValue]),
  );
  const { errors } = form.formState;
  return (
    <Shell
      onSubmit={form.handleSubmit(send)}
      error={error}
      pending={pending}
      label={say("childDay.saveNapFor", { count: children.length })}
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
      <TextField
        label={say("childDay.notes")}
        {...form.register("notes")}
        error={Boolean(errors.notes)}
        helperText={fieldError(errors.notes?.message, say)}
      />
    </Shell>
  );
}

/** They woke up: each one's nap still running gets this end. */
export function WakeBatchForm({ date, children, send, pending, error }: BatchFormProps) {
  const say = useSay();
  const form = useForm<z.input<typeof wakeBatchInput>, unknown, z.output<typeof wakeBatchInput>>({
    resolver: zodResolver(wakeBatchInput),
    mode: "onTouched",
    defaultValues: { kind: "wake", date, child_ids: children.map((child) => child.id), end_time: nowTime() },
  });
  const { setValue } = form;
  useInStep(
    children,
    useCallback((ids: string[]) => setValue("child_ids", ids), [setValue]),
  );
  const { errors } = form.formState;
  return (
    <Shell
      onSubmit={form.handleSubmit(send)}
      error={error}
      pending={pending}
      label={say("childDay.saveWakeFor", { count: children.length })}
    >
      <TextField
        label={say("childDay.wokeUp")}
        type="time"
        {...form.register("end_time")}
        error={Boolean(errors.end_time)}
        helperText={fieldError(errors.end_time?.message, say)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Shell>
  );
}

export function PottyBatchForm({ date, children, send, pending, error }: BatchFormProps) {
  const say = useSay();
  const form = useForm<z.input<typeof pottyBatchInput>, unknown, z.output<typeof pottyBatchInput>>({
    resolver: zodResolver(pottyBatchInput),
    mode: "onTouched",
    defaultValues: { kind: "potty", date, child_ids: children.map((child) => child.id), notes: "" },
  });
  const { setValue } = form;
  useInStep(
    children,
    useCallback((ids: string[]) => setValue("child_ids", ids), [setValue]),
  );
  const { errors } = form.formState;
  return (
    <Shell
      onSubmit={form.handleSubmit(send)}
      error={error}
      pending={pending}
      label={say("childDay.savePottyFor", { count: children.length })}
    >
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Choice
            label={say("childDay.typeLabel")}
            value={field.value}
            options={POTTY_TYPES.map((type) => ({ value: type, label: say("childDay.pottyType", { type }) }))}
            onChange={field.onChange}
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
            onChange={field.onChange}
            error={fieldError(errors.diaper_status?.message, say)}
          />
        )}
      />
      <TextField
        label={say("childDay.notes")}
        {...form.register("notes")}
        error={Boolean(errors.notes)}
        helperText={fieldError(errors.notes?.message, say)}
      />
    </Shell>
  );
}

export function StarBatchForm({ date, children, send, pending, error }: BatchFormProps) {
  const say = useSay();
  const form = useForm<z.input<typeof starBatchInput>, unknown, z.output<typeof starBatchInput>>({
    resolver: zodResolver(starBatchInput),
    mode: "onTouched",
    defaultValues: { kind: "star", date, child_ids: children.map((child) => child.id), reason: "" },
  });
  const { setValue } = form;
  useInStep(
    children,
    useCallback((ids: string[]) => setValue("child_ids", ids), [setValue]),
  );
  const { errors } = form.formState;
  return (
    <Shell
      onSubmit={form.handleSubmit(send)}
      error={error}
      pending={pending}
      label={say("childDay.awardStars", { count: children.length })}
    >
      <TextField
        label={say("childDay.whyStar")}
        placeholder={say("childDay.starBatchExample")}
        {...form.register("reason")}
        error={Boolean(errors.reason)}
        helperText={fieldError(errors.reason?.message, say)}
      />
    </Shell>
  );
}
