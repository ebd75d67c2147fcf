import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useState } from "react";
import type { z } from "zod";
import { useSay } from "../../i18n/useSay";

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  schema: z.ZodType<{ reason: string }>;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** A confirmation that needs a reason (reject a request, cancel an invoice). */
export function ReasonDialog({ open, title, text, confirmLabel, schema, pending, onClose, onConfirm }: Props) {
  const say = useSay();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setError(null);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? say("billing.reasonInvalid"));
      return;
    }
    onConfirm(parsed.data.reason);
    setReason("");
    setError(null);
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            multiline
            minRows={2}
            label={say("billing.reason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? " "}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{say("billing.back")}</Button>
          <Button type="submit" color="error" variant="contained" disabled={pending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
