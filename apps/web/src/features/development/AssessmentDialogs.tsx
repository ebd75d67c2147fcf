import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { REASON_MAX, termInput } from "@sprout/shared/schemas/development/assessments";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentreClassrooms } from "../children/api";
import { useOpenTerm } from "./assessments-api";

type TermForm = typeof termInput;

/** "Open a term": its name, dates and classrooms; the centre's framework is kept with it. */
export function OpenTermDialog({
  centerId,
  onClose,
  onOpened,
}: {
  centerId: string;
  onClose: () => void;
  onOpened: (id: string) => void;
}) {
  const say = useSay();
  const rooms = useCentreClassrooms(centerId);
  const open = useOpenTerm();
  const form = useForm<z.input<TermForm>, unknown, z.output<TermForm>>({
    resolver: zodResolver(termInput),
    mode: "onTouched",
    defaultValues: { center_id: centerId, name: "", starts_on: "", ends_on: "", classroom_ids: [] },
  });
  const submit = form.handleSubmit((values) => open.mutate(values, { onSuccess: (term) => onOpened(term.id) }));
  const nameOf = (id: string) => rooms.data?.find((room) => room.id === id)?.name ?? "";
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="open-term-title">
      <DialogTitle id="open-term-title">{say("development.assess.openTerm")}</DialogTitle>
      <DialogContent>
        <Box component="form" id="open-term-form" noValidate onSubmit={submit} sx={{ pt: 1 }}>
          <Stack spacing={2}>
            {open.isError && (
              <Alert severity="error">{refusalMessage(open.error, say("development.assess.openFailed"))}</Alert>
            )}
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={say("development.assess.termName")}
                  placeholder={say("development.assess.termNameExample")}
                  required
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {(["starts_on", "ends_on"] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field, fieldState }) => (
                    <DateField
                      label={say(name === "starts_on" ? "development.assess.startsOn" : "development.assess.endsOn")}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      required
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              ))}
            </Stack>
            <Controller
              control={form.control}
              name="classroom_ids"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={say("development.assess.classrooms")}
                  value={field.value}
                  onChange={(event) => {
                    const value = event.target.value as unknown;
                    field.onChange(typeof value === "string" ? value.split(",") : value);
                  }}
                  onBlur={field.onBlur}
                  required
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (selected as string[]).map(nameOf).join(", "),
                    },
                  }}
                >
                  {(rooms.data ?? []).map((room) => (
                    <MenuItem key={room.id} value={room.id}>
                      <Checkbox checked={field.value.includes(room.id)} size="small" />
                      <ListItemText primary={room.name} />
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("development.assess.cancel")}</Button>
        <Button type="submit" form="open-term-form" variant="contained" disabled={open.isPending}>
          {say("development.assess.openTermAction")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Reopen a published assessment: the reason is kept in its history with the next version. */
export function ReissueDialog({
  childName,
  pending,
  error,
  onClose,
  onReissue,
}: {
  childName: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onReissue: (reason: string) => void;
}) {
  const say = useSay();
  const [reason, setReason] = useState("");
  const short = reason.trim().length < 5;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reissue-title">
      <DialogTitle id="reissue-title">{say("development.assess.reissueTitle", { name: childName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">{say("development.assess.reissueExplain")}</Alert>
          {Boolean(error) && (
            <Alert severity="error">{refusalMessage(error, say("development.assess.actionFailed"))}</Alert>
          )}
          <TextField
            label={say("development.assess.reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            helperText={say("development.assess.reasonHelp")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("development.assess.cancel")}</Button>
        <Button variant="contained" disabled={short || pending} onClick={() => onReissue(reason.trim())}>
          {say("development.assess.reissue")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A yes/no question before something that tells families (publishing). */
export function ConfirmDialog({
  title,
  body,
  confirm,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  title: string;
  body: string;
  confirm: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const say = useSay();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {Boolean(error) && (
            <Alert severity="error">{refusalMessage(error, say("development.assess.actionFailed"))}</Alert>
          )}
          <Box>{body}</Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("development.assess.cancel")}</Button>
        <Button variant="contained" disabled={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
