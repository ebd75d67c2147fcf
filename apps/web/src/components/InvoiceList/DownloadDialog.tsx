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
import { type Invoice, invoiceDownloadForm } from "@sprout/shared/schemas/billing";
import { useEffect, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { Link as RouterLink, useLocation } from "react-router";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import type { SetupReturn } from "../../features/account/Setup2FAPage";
import { type Say, useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { retryAfterSeconds, useDownloadInvoice, useSendDownloadCode, useTwoFactorEnabled } from "./api";

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
  const say = useSay();
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
        onError: (error) => form.setError("code", { message: refusalMessage(error, say("billing.twoFactorFailed")) }),
      },
    ),
  );

  // Without an app the field appears once a code is on its way; with one it is there at once.
  const askingForCode = hasApp || sent !== null;
  const sendLabel = sent
    ? say("invoiceList.sendNewCode")
    : hasApp
      ? say("invoiceList.sendCodeInstead")
      : say("invoiceList.sendCode");

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle>{say("invoiceList.downloadNumber", { number: invoice.invoice_number })}</DialogTitle>
      {status.isPending ? (
        <DialogContent>
          <LinearProgress aria-label={say("invoiceList.checking")} />
        </DialogContent>
      ) : (
        <DialogContent>
          <Stack spacing={2}>
            {/* Once the code is on its way, the notice says where and the field what to type. */}
            {(hasApp || !sent) && (
              <DialogContentText>
                {hasApp ? say("invoiceList.enterAppCode") : say("invoiceList.whyCode")}
              </DialogContentText>
            )}
            {sent && (
              <Alert severity="success">
                {sent.message} {say("invoiceList.codeWorksOnce", { minutes: Math.round(sent.expiresIn / 60) })}
                {hasApp && ` ${say("invoiceList.orAppCode")}`}
              </Alert>
            )}
            {askingForCode && (
              <TextField
                autoFocus
                fullWidth
                label={hasApp ? say("invoiceList.appCode") : say("invoiceList.emailCode")}
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
            {sendCode.isError && (
              <Alert severity="error">{refusalMessage(sendCode.error, say("invoiceList.sendFailed"))}</Alert>
            )}
            <Button
              variant={askingForCode ? "text" : "contained"}
              fullWidth={!askingForCode}
              startIcon={<MailOutline />}
              onClick={askForCode}
              disabled={sendCode.isPending || resendIn > 0}
              sx={{ alignSelf: askingForCode ? "flex-start" : undefined }}
            >
              {sendCode.isPending
                ? say("invoiceList.sending")
                : resendIn > 0
                  ? waitLabel(sent !== null, resendIn, say)
                  : sendLabel}
            </Button>
            {!hasApp && (
              <Typography variant="caption" color="text.secondary">
                {say("invoiceList.haveApp")}{" "}
                <Link component={RouterLink} to="/setup-2fa" state={comeBack}>
                  {say("invoiceList.setUpApp")}
                </Link>{" "}
                {say("invoiceList.useAppCodes")}
              </Typography>
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{say("invoiceList.cancel")}</Button>
        {askingForCode && (
          <Button type="submit" variant="contained" disabled={download.isPending}>
            {download.isPending ? say("invoiceList.downloading") : say("invoiceList.downloadPdf")}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}

/** The resend button while the server asks to wait: "Send a new code in 24 s", "Ask again in 14 min". */
function waitLabel(sent: boolean, seconds: number, say: Say) {
  if (seconds < 60)
    return sent
      ? say("invoiceList.sendNewCodeInSeconds", { seconds })
      : say("invoiceList.askAgainInSeconds", { seconds });
  const minutes = Math.ceil(seconds / 60);
  return sent
    ? say("invoiceList.sendNewCodeInMinutes", { minutes })
    : say("invoiceList.askAgainInMinutes", { minutes });
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
