import { zodResolver } from "@hookform/resolvers/zod";
import MailOutline from "@mui/icons-material/MailOutline";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { EmailedCodeResponse } from "@sprout/shared/schemas/account";
import { BILLING_MESSAGES, type Invoice, invoiceDownloadForm } from "@sprout/shared/schemas/billing";
import { useEffect, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { Link as RouterLink, useLocation } from "react-router";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import type { SetupReturn } from "../../features/account/Setup2FAPage";
import { retryAfterSeconds, useDownloadInvoice, useSendDownloadCode, useTwoFactorEnabled } from "./api";

const SEND_FAILED = "Could not send the code. Please try again.";

/**
 * Asks for a 6-digit code before fetching an invoice's PDF: from the authenticator app, or e-mailed
 * on request ("Send me a code by e-mail"), which is the way for everyone without an app. The code
 * travels in the `x-2fa-totp` header either way.
 */
export function DownloadDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  // The invoice stays on screen while the dialog closes; a new opening starts a fresh form.
  const [shown, setShown] = useState<Invoice | null>(invoice);
  if (invoice && invoice !== shown) setShown(invoice);
  return (
    <Dialog
      open={invoice !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setShown(null) } }}
    >
      {shown && <DownloadForm key={shown.id} invoice={shown} onClose={onClose} />}
    </Dialog>
  );
}

type Form = typeof invoiceDownloadForm;

function DownloadForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const status = useTwoFactorEnabled();
  const hasApp = status.data?.enabled === true;
  const download = useDownloadInvoice();
  const sendCode = useSendDownloadCode(invoice.id);
  const [sent, setSent] = useState<EmailedCodeResponse | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useSecondsUntil(resendAt);
  const location = useLocation();
  // After an optional app set-up, back to this list with this invoice's download open again.
  const comeBack: SetupReturn = { returnTo: `${location.pathname}${location.search}`, downloadInvoice: invoice };

  const form = useForm<z.input<Form>, unknown, z.output<Form>>({
    resolver: zodResolver(invoiceDownloadForm),
    defaultValues: { code: "" },
  });
  const { field, fieldState } = useController({ control: form.control, name: "code" });

  const askForCode = () =>
    sendCode.mutate(undefined, {
      onSuccess: (answer) => {
        setSent(answer);
        setResendAt(Date.now() + answer.resendIn * 1000);
        form.reset({ code: "" });
        download.reset();
      },
      onError: (error) => {
        const wait = retryAfterSeconds(error);
        if (wait) setResendAt(Date.now() + wait * 1000);
      },
    });

  const submit = form.handleSubmit(({ code }) =>
    download.mutate(
      { invoice, code },
      {
        onSuccess: onClose,
        // The server's words go under the field and leave with the next change of the code.
        onError: (error) => form.setError("code", { message: refusalMessage(error, BILLING_MESSAGES.twoFactorFailed) }),
      },
    ),
  );

  // Without an app the field appears once a code is on its way; with one it is there at once.
  const askingForCode = hasApp || sent !== null;
  const sendLabel = sent ? "Send a new code" : hasApp ? "Send me a code by e-mail instead" : "Send me a code by e-mail";

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>Download {invoice.invoice_number}</DialogTitle>
      {status.isPending ? (
        <DialogContent>
          <LinearProgress aria-label="Checking how to confirm the download" />
        </DialogContent>
      ) : (
        <DialogContent>
          <Stack spacing={2}>
            {/* Once the code is on its way, the notice says where and the field what to type. */}
            {(hasApp || !sent) && (
              <DialogContentText>
                {hasApp
                  ? "Enter the 6-digit code from your authenticator app."
                  : "To keep your invoices private, each download needs a one-time code. We will e-mail you a 6-digit code."}
              </DialogContentText>
            )}
            {sent && (
              <Alert severity="success">
                {sent.message} It works once, for {Math.round(sent.expiresIn / 60)} minutes.
                {hasApp && " You can also use a code from your app."}
              </Alert>
            )}
            {askingForCode && (
              <TextField
                autoFocus
                fullWidth
                label={hasApp ? "2FA code" : "Code from the e-mail"}
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, "").slice(0, 6))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? " "}
                slotProps={{
                  htmlInput: { inputMode: "numeric", maxLength: 6, pattern: "[0-9]*", autoComplete: "one-time-code" },
                }}
              />
            )}
            {sendCode.isError && <Alert severity="error">{refusalMessage(sendCode.error, SEND_FAILED)}</Alert>}
            <Button
              variant={askingForCode ? "text" : "contained"}
              fullWidth={!askingForCode}
              startIcon={<MailOutline />}
              onClick={askForCode}
              disabled={sendCode.isPending || resendIn > 0}
              sx={{ alignSelf: askingForCode ? "flex-start" : undefined }}
            >
              {sendCode.isPending ? "Sending..." : resendIn > 0 ? waitLabel(sent !== null, resendIn) : sendLabel}
            </Button>
            {!hasApp && (
              <Typography variant="caption" color="text.secondary">
                Have an authenticator app?{" "}
                <Link component={RouterLink} to="/setup-2fa" state={comeBack}>
                  Set up two-factor authentication
                </Link>{" "}
                to use its codes instead.
              </Typography>
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {askingForCode && (
          <Button type="submit" variant="contained" disabled={download.isPending}>
            {download.isPending ? "Downloading..." : "Download PDF"}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}

/** The resend button while the server asks to wait: "Send a new code in 24 s", "Ask again in 14 min". */
function waitLabel(sent: boolean, seconds: number) {
  const wait = seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return sent ? `Send a new code in ${wait}` : `Ask again in ${wait}`;
}

/** Whole seconds left until `deadline` (ms), ticking each second while any are left. */
function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  // A new deadline counts from this moment, not from the last tick.
  const [counting, setCounting] = useState(deadline);
  if (deadline !== counting) {
    setCounting(deadline);
    setNow(Date.now());
  }
  const left = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}
