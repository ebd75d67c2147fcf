import { Alert, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from "@mui/material";
import { reminderSettingInput } from "@sprout/shared/schemas/communication";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useReminderSetting, useSaveReminderSetting } from "./api";
import { DeskCentre } from "./DeskCentre";

/**
 * The desk's Reminders tab: how long a message may stay unread before its parent (or teacher) gets
 * one e-mail about it. An owner with several centres sets each centre's hours.
 */
export function ReminderSetting() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <DeskCentre>{(centerId) => <HoursForm key={centerId} centerId={centerId} />}</DeskCentre>
    </Stack>
  );
}

function HoursForm({ centerId }: { centerId: string }) {
  const say = useSay();
  const setting = useReminderSetting(centerId);
  const save = useSaveReminderSetting();
  const form = useForm<z.input<typeof reminderSettingInput>, unknown, z.output<typeof reminderSettingInput>>({
    resolver: zodResolver(reminderSettingInput),
    mode: "onTouched",
    defaultValues: { center_id: centerId, unread_reminder_hours: undefined },
  });
  const hours = setting.data?.unread_reminder_hours;
  const { reset } = form;
  useEffect(() => {
    if (hours !== undefined) reset({ center_id: centerId, unread_reminder_hours: hours });
  }, [hours, centerId, reset]);
  const error = form.formState.errors.unread_reminder_hours?.message;
  const submit = form.handleSubmit((values) => save.mutate(values));

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          spacing={2}
          component="form"
          onSubmit={submit}
          noValidate
          aria-label={say("communication.reminderTitle")}
        >
          <Typography variant="h6" component="h2">
            {say("communication.reminderTitle")}
          </Typography>
          <Typography color="text.secondary">{say("communication.reminderIntro")}</Typography>
          {setting.isPending && <LinearProgress aria-label={say("communication.loadingReminder")} />}
          {setting.isError && <Alert severity="error">{errorMessage(setting.error)}</Alert>}
          {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
          {save.isSuccess && !form.formState.isDirty && (
            <Alert severity="success">
              {say("communication.reminderSaved", { hours: save.data.unread_reminder_hours })}
            </Alert>
          )}
          <TextField
            type="number"
            label={say("communication.hoursField")}
            slotProps={{ htmlInput: { min: 1, max: 168, step: 1, inputMode: "numeric" } }}
            {...form.register("unread_reminder_hours", {
              setValueAs: (value: string) => (value === "" ? undefined : Number(value)),
            })}
            disabled={setting.isPending}
            error={Boolean(error)}
            helperText={error ?? say("communication.hoursHint")}
            sx={{ maxWidth: 280 }}
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={save.isPending || setting.isPending}>
              {say("communication.save")}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
