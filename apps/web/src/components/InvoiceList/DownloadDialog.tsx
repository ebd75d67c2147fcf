import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  TextField,
} from "@mui/material";
import { BILLING_MESSAGES, type Invoice, pdfTwoFactorCode } from "@sprout/shared/schemas/billing";
import { useState } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import type { SetupReturn } from "../../features/account/Setup2FAPage";
import { downloadErrorMessage, downloadInvoicePdf, useTwoFactorEnabled } from "./api";

/** Asks for the two-factor code (numeric, up to 6 digits) and fetches the invoice PDF with it. */
export function DownloadDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useTwoFactorEnabled();
  const notEnabled = status.data?.enabled === false;
  const location = useLocation();
  // After the setup, back to this list with this invoice's download open again.
  const comeBack: SetupReturn = { returnTo: `${location.pathname}${location.search}`, downloadInvoice: invoice };

  const close = () => {
    setCode("");
    setError(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!invoice) return;
    if (!pdfTwoFactorCode.safeParse(code).success) {
      setError(BILLING_MESSAGES.twoFactorCodeInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await downloadInvoicePdf(invoice.id, invoice.invoice_number, code);
      close();
    } catch (failure) {
      setError(downloadErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={invoice !== null} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Download {invoice?.invoice_number}</DialogTitle>
        <DialogContent>
          {notEnabled ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              Invoice downloads are protected by two-factor authentication, which is not set up for your account.{" "}
              <Link component={RouterLink} to="/setup-2fa" state={comeBack}>
                Set up two-factor authentication
              </Link>{" "}
              and come back with a code from your authenticator app.
            </Alert>
          ) : (
            <DialogContentText sx={{ mb: 2 }}>Enter the 6-digit code from your authenticator app.</DialogContentText>
          )}
          <TextField
            autoFocus
            fullWidth
            label="2FA code"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
            error={Boolean(error)}
            helperText={error ?? " "}
            disabled={notEnabled}
            slotProps={{
              htmlInput: { inputMode: "numeric", maxLength: 6, pattern: "[0-9]*", autoComplete: "one-time-code" },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || notEnabled}>
            {busy ? "Downloading..." : "Download PDF"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
