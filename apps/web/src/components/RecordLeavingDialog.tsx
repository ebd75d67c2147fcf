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
import { type ReactNode, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../api/errors";
import { useSay } from "../i18n/useSay";
import { zodResolver } from "../i18n/zodResolver";
import { DateField } from "./DateField";

interface Leaving {
  exit_date: string;
  exit_reason: string;
}

/**
 * "Record Leaving" for a child or a staff member: an exit date (not before `earliest`, not after
 * the centre's `today`) and a reason, checked with the area's shared schema. `save` answers the
 * server's message, handed to `onDone`.
 */
export function RecordLeavingDialog({
  schema,
  today,
  earliest,
  consequence,
  save,
  saving,
  onClose,
  onDone,
}: {
  schema: z.ZodType<Leaving, Leaving>;
  today: string;
  earliest: string | null | undefined;
  /** Who is leaving and what follows from it. */
  consequence: ReactNode;
  save: (values: Leaving) => Promise<{ message: string }>;
  saving: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const form = useForm<Leaving>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: { exit_date: today, exit_reason: "" },
  });
  const [error, setError] = useState("");
  const titleId = useId();
  const say = useSay();

  const submit = form.handleSubmit(async (values) => {
    setError("");
    try {
      onDone((await save(values)).message);
    } catch (caught) {
      setError(refusalMessage(caught, say("components.recordLeavingFailed")));
    }
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{say("components.recordLeaving")}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography>{consequence}</Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <Controller
              control={form.control}
              name="exit_date"
              render={({ field, fieldState }) => (
                <DateField
                  label={say("components.exitDate")}
                  required
                  name={field.name}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    setError("");
                  }}
                  onBlur={field.onBlur}
                  max={today}
                  min={earliest ?? undefined}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="exit_reason"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={say("components.exitReason")}
                  required
                  multiline
                  minRows={2}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {say("components.recordLeavingCancel")}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={saving}>
            {saving ? say("components.saving") : say("components.recordLeaving")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
