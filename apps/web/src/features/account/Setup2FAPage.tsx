import ContentCopy from "@mui/icons-material/ContentCopy";
import Download from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Snackbar,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { ACCOUNT_MESSAGES, SECRET_COPY_NOTICE_MS } from "@sprout/shared/schemas/account";
import type { Invoice } from "@sprout/shared/schemas/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { PageLoader } from "../../components/PageLoader";
import { parentTheme, staffTheme } from "../../layout/theme";
import { AuthCard } from "../auth/AuthCard";
import { accountApi, backupCodesFile, downloadText } from "./api";

const STEPS = ["Scan QR Code", "Verify Setup", "Save Backup Codes"];

/** Where a page that asked for two-factor sends the user, and what to reopen there. */
export interface SetupReturn {
  returnTo: string;
  downloadInvoice?: Invoice | null;
}

/** Only a path of this app (never "//elsewhere"), so the state cannot send anyone off-site. */
const ownPath = (path: string | undefined) => (path?.startsWith("/") && !path.startsWith("//") ? path : null);

/**
 * Two-factor enrolment: scan, prove it works, keep the backup codes. Outside the app frame, so it
 * picks the parent theme itself; Finish returns to the page that asked (an invoice download).
 */
export function Setup2FAPage() {
  const user = useSignedInUser();
  return (
    <ThemeProvider theme={user.role === "parent" ? parentTheme : staffTheme}>
      <Setup2FA />
    </ThemeProvider>
  );
}

function Setup2FA() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const carried = (useLocation().state ?? null) as SetupReturn | null;
  const returnTo = ownPath(carried?.returnTo);
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [token, setToken] = useState("");
  const [password, setPassword] = useState("");
  const [copied, setCopied] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const setup = useQuery({
    queryKey: ["2fa-setup"],
    queryFn: accountApi.twoFactorSetup,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const verify = useMutation({
    mutationFn: () => accountApi.twoFactorVerifySetup(token, password),
    onSuccess: () => {
      setStep(2);
      void queryClient.invalidateQueries({ queryKey: ["2fa-status"] });
      // The invoice download's own look-up of the same status, so it asks for a code at once.
      void queryClient.invalidateQueries({ queryKey: ["auth", "2fa", "status"] });
    },
  });

  if (setup.isPending) return <PageLoader label="Preparing two-factor setup" />;

  const copySecret = async () => {
    await navigator.clipboard?.writeText(setup.data?.secret ?? "").catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    downloadText(backupCodesFile(setup.data!.backupCodes, user.email), "sprout-backup-codes.txt");
    setDownloaded(true);
  };

  return (
    <AuthCard
      title="Set Up Two-Factor Authentication"
      subtitle="Protect your account with a code from an authenticator app"
    >
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {setup.isError && (
        <Stack spacing={2}>
          <Alert severity="error">
            {errorMessage(setup.error) === ACCOUNT_MESSAGES.twoFactorAlreadyEnabled
              ? ACCOUNT_MESSAGES.twoFactorAlreadyEnabled
              : "Failed to load 2FA setup. Please try again."}
          </Alert>
          <Button component={RouterLink} to={returnTo ?? "/account/security"} variant="outlined">
            {returnTo ? "Go back" : "Back to account security"}
          </Button>
        </Stack>
      )}
      {setup.data && step === 0 && (
        <Stack spacing={2} sx={{ alignItems: "center" }}>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
            Scan this QR code with Google Authenticator, Microsoft Authenticator, Authy or any TOTP app.
          </Typography>
          <Box
            component="img"
            src={setup.data.qrCode}
            alt="QR code for your authenticator app"
            sx={{ width: 220, height: 220 }}
          />
          <Typography variant="body2" color="text.secondary">
            Cannot scan? Enter this key instead:
          </Typography>
          <Paper
            variant="outlined"
            sx={{ px: 2, py: 1, display: "flex", alignItems: "center", gap: 1, maxWidth: "100%" }}
          >
            <Typography
              component="code"
              data-testid="totp-secret"
              sx={{ fontFamily: "monospace", fontSize: 15, wordBreak: "normal" }}
            >
              {setup.data.secret.match(/.{1,4}/g)?.join(" ")}
            </Typography>
            <Tooltip title="Copy secret">
              <IconButton aria-label="Copy secret" onClick={copySecret} size="small">
                <ContentCopy fontSize="small" />
              </IconButton>
            </Tooltip>
          </Paper>
          <Button variant="contained" fullWidth size="large" onClick={() => setStep(1)}>
            Next
          </Button>
        </Stack>
      )}
      {setup.data && step === 1 && (
        <Box
          component="form"
          noValidate
          aria-label="Verify setup"
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate();
          }}
        >
          <Stack spacing={2.5}>
            <Typography variant="body2" color="text.secondary">
              Enter the 6-digit code your app shows now, and your password to confirm it is you.
            </Typography>
            {verify.isError && <Alert severity="error">{errorMessage(verify.error)}</Alert>}
            <TextField
              label="6-digit app code"
              value={token}
              onChange={(event) => setToken(event.target.value.replace(/\D/g, "").slice(0, 6))}
              autoFocus
              autoComplete="one-time-code"
              slotProps={{
                htmlInput: { inputMode: "numeric", style: { letterSpacing: 6, fontSize: 22, textAlign: "center" } },
              }}
            />
            <TextField
              label="Your password"
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              required
            />
            <Stack direction="row" spacing={1.5}>
              <Button variant="outlined" onClick={() => setStep(0)} sx={{ flex: 1 }}>
                Back
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={token.length !== 6 || password === "" || verify.isPending}
                sx={{ flex: 2 }}
                startIcon={verify.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {verify.isPending ? "Verifying…" : "Verify"}
              </Button>
            </Stack>
          </Stack>
        </Box>
      )}
      {setup.data && step === 2 && (
        <Stack spacing={2}>
          <Alert severity="success">{ACCOUNT_MESSAGES.twoFactorEnabled}.</Alert>
          <Typography variant="body2" color="text.secondary">
            If you lose your phone, each of these backup codes signs you in once. Download them and keep them safe.
          </Typography>
          <Box
            data-testid="backup-codes"
            sx={{
              display: "grid",
              gridTemplateColumns: "repeat(2, 1fr)",
              gap: 1,
              fontFamily: "monospace",
              fontSize: 16,
              textAlign: "center",
            }}
          >
            {setup.data.backupCodes.map((code) => (
              <Paper key={code} variant="outlined" sx={{ py: 0.75 }}>
                {code}
              </Paper>
            ))}
          </Box>
          <Button variant="outlined" startIcon={<Download />} onClick={download}>
            Download Backup Codes
          </Button>
          <Button
            variant="contained"
            size="large"
            disabled={!downloaded}
            onClick={() =>
              returnTo
                ? navigate(returnTo, { replace: true, state: { downloadInvoice: carried?.downloadInvoice ?? null } })
                : navigate("/account/security", {
                    replace: true,
                    state: { message: ACCOUNT_MESSAGES.twoFactorEnabled },
                  })
            }
          >
            Finish
          </Button>
          {!downloaded && (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: "center" }}>
              Download the backup codes to finish.
            </Typography>
          )}
        </Stack>
      )}
      <Snackbar
        open={copied}
        autoHideDuration={SECRET_COPY_NOTICE_MS}
        onClose={() => setCopied(false)}
        message="Secret copied to clipboard"
        // At the top, so the key it refers to stays in view.
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      />
    </AuthCard>
  );
}
