import { Alert, Button, Stack, TextField, Typography } from "@mui/material";
import { pinInput } from "@sprout/shared/schemas/attendance";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useSetPin } from "./kioskApi";

/** Sets or changes one's own kiosk PIN; the server keeps only its hash. */
export function KioskPinForm({ hasPin, who }: { hasPin: boolean; who: "family" | "staff" }) {
  const say = useSay();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  if (open) {
    return (
      <PinForm
        who={who}
        onSaved={() => {
          setSaved(true);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <Typography variant="body2" color="text.secondary">
        {say(hasPin || saved ? "attendance.pinSet" : "attendance.noPinYet")}
      </Typography>
      <Button
        size="small"
        onClick={() => {
          setSaved(false);
          setOpen(true);
        }}
      >
        {say(hasPin || saved ? "attendance.changePin" : "attendance.setPin")}
      </Button>
    </Stack>
  );
}

/** The form itself, built only when opened: most visits of a home never open it. */
function PinForm({ who, onSaved, onCancel }: { who: "family" | "staff"; onSaved: () => void; onCancel: () => void }) {
  const say = useSay();
  const setPin = useSetPin();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof pinInput>, unknown, z.output<typeof pinInput>>({
    resolver: zodResolver(pinInput),
    mode: "onBlur",
    defaultValues: { pin: "" },
  });
  const save = form.handleSubmit((values) =>
    setPin.mutate(values.pin, {
      onSuccess: () => {
        onSaved();
        void queryClient.invalidateQueries({ queryKey: ["attendance"] });
      },
    }),
  );
  return (
    <Stack component="form" onSubmit={save} spacing={1.5} sx={{ maxWidth: 360 }} noValidate>
      <Typography variant="body2">
        {say(who === "family" ? "attendance.pinFamilyHint" : "attendance.pinStaffHint")}
      </Typography>
      <TextField
        label={say("attendance.newPin")}
        type="password"
        autoComplete="new-password"
        slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 4 } }}
        {...form.register("pin")}
        error={Boolean(form.formState.errors.pin)}
        helperText={form.formState.errors.pin?.message ?? " "}
      />
      {setPin.isError && (
        <Alert severity="error">{refusalMessage(setPin.error, say("attendance.pinSaveFailed"))}</Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={setPin.isPending}>
          {say("attendance.savePin")}
        </Button>
        <Button onClick={onCancel}>{say("attendance.cancel")}</Button>
      </Stack>
    </Stack>
  );
}
