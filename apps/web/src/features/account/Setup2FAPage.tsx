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
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { SECRET_COPY_NOTICE_MS } from "@sprout/shared/schemas/account";
import type { Invoice } from "@sprout/shared/schemas/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { ApiError, errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { PageLoader } from "../../components/PageLoader";
import { useSay } from "../../i18n/useSay";
import { parentTheme, staffTheme } from "../../layout/theme";
import { AuthCard } from "../auth/AuthCard";
import { accountApi, backupCodesFile, downloadText } from "./api";

const STEPS: MessageId[] = ["account.stepScan", "account.stepVerifySetup", "account.stepSaveCodes"];

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
  const say = useSay();
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

  if (setup.isPending) return <PageLoader label={say("account.preparingSetup")} />;

  const copySecret = async () => {
    await navigator.clipboard?.writeText(setup.data?.secret ?? "").catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    downloadText(backupCodesFile(setup.data!.backupCodes, user.email, say), "sprout-backup-codes.txt");
    setDownloaded(true);
  };

  return (
    <AuthCard title={say("account.setupTitle")} subtitle={say("account.setupSubtitle")}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{say(label)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {setup.isError && (
        <Stack spacing={2}>
          <Alert severity="error">
            {setup.error instanceof ApiError && setup.error.code === "TWO_FACTOR_ENABLED"
              ? errorMessage(setup.error)
              : say("account.setupFailed")}
          </Alert>
          <Button component={RouterLink} to={returnTo ?? "/account/security"} variant="outlined">
            {say(returnTo ? "account.goBack" : "account.backToSecurity")}
          </Button>
        </Stack>
      )}
      {setup.data && step === 0 && (
        <Stack spacing={2} sx={{ alignItems: "center" }}>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
            {say("account.scanExplained")}
          </Typography>
          <Box component="img" src={setup.data.qrCode} alt={say("account.qrAlt")} sx={{ width: 220, height: 220 }} />
          <Typography variant="body2" color="text.secondary">
            {say("account.cannotScan")}
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
            <Tooltip title={say("account.copySecret")}>
              <IconButton aria-label={say("account.copySecret")} onClick={copySecret} size="small">
                <ContentCopy fontSize="small" />
              </IconButton>
            </Tooltip>
          </Paper>
          <Button variant="contained" fullWidth size="large" onClick={() => setStep(1)}>
            {say("account.next")}
          </Button>
        </Stack>
      )}
      {setup.data && step === 1 && (
        <Box
          component="form"
          noValidate
          aria-label={say("account.verifySetupForm")}
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate();
          }}
        >
          <Stack spacing={2.5}>
            <Typography variant="body2" color="text.secondary">
              {say("account.verifySetupExplained")}
            </Typography>
            {verify.isError && <Alert severity="error">{errorMessage(verify.error)}</Alert>}
            <TextField
              label={say("account.appCodeLabel")}
              value={token}
              onChange={(event) => setToken(event.target.value.replace(/\D/g, "").slice(0, 6))}
              autoFocus
              autoComplete="one-time-code"
              slotProps={{
                htmlInput: { inputMode: "numeric", style: { letterSpacing: 6, fontSize: 22, textAlign: "center" } },
              }}
            />
            <TextField
              label={say("account.yourPassword")}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              required
            />
            <Stack direction="row" spacing={1.5}>
              <Button variant="outlined" onClick={() => setStep(0)} sx={{ flex: 1 }}>
                {say("account.back")}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={token.length !== 6 || password === "" || verify.isPending}
                sx={{ flex: 2 }}
                startIcon={verify.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {say(verify.isPending ? "account.verifying" : "account.verify")}
              </Button>
            </Stack>
          </Stack>
        </Box>
      )}
      {setup.data && step === 2 && (
        <Stack spacing={2}>
          <Alert severity="success">{say("account.twoFactorEnabledSentence")}</Alert>
          <Typography variant="body2" color="text.secondary">
            {say("account.backupExplained")}
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
            {say("account.downloadCodes")}
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
                    state: { message: say("account.twoFactorEnabled") },
                  })
            }
          >
            {say("account.finish")}
          </Button>
          {!downloaded && (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: "center" }}>
              {say("account.downloadToFinish")}
            </Typography>
          )}
        </Stack>
      )}
      <Snackbar
        open={copied}
        autoHideDuration={SECRET_COPY_NOTICE_MS}
        onClose={() => setCopied(false)}
        message={say("account.secretCopied")}
        // At the top, so the key it refers to stays in view.
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      />
    </AuthCard>
  );
}
