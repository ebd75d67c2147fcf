import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { TWO_FACTOR_SESSION_SECONDS } from "@sprout/shared/constants";
import { BACKUP_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from "@sprout/shared/schemas/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, Link as RouterLink, useLocation, useNavigate } from "react-router";
import { ApiError, errorMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { AuthCard } from "../auth/AuthCard";
import { accountApi, clock } from "./api";

type Mode = "app" | "backup";
const EXPIRED_REDIRECT_MS = 3000;

/** What a code looks like: digits only is an app code, anything with a letter a backup code. */
function detect(code: string): Mode | null {
  const cleaned = code.replace(/[\s-]/g, "");
  if (!cleaned) return null;
  return /^\d+$/.test(cleaned) ? "app" : "backup";
}

/** The second step of a two-factor sign-in: an app code or a backup code, before the session lapses. */
export function Verify2FAPage() {
  const say = useSay();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const carried = (location.state ?? {}) as { sessionToken?: string; expiresIn?: number };
  const [mode, setMode] = useState<Mode>("app");
  const [code, setCode] = useState("");
  const [formError, setFormError] = useState("");
  const [deadline] = useState(() => Date.now() + (carried.expiresIn ?? TWO_FACTOR_SESSION_SECONDS) * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.round((deadline - now) / 1000));
  const verify = useMutation({
    mutationFn: (token: string) => accountApi.completeTwoFactorLogin(carried.sessionToken!, token),
    onSuccess: () => {
      queryClient.clear();
      navigate("/dashboard", { replace: true });
    },
  });
  const sessionOver =
    left === 0 ||
    (verify.error instanceof ApiError && (verify.error.status === 401 || verify.error.code === "TWO_FACTOR_LOCKED"));

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Expired (or ended by the server): say so, then back to sign-in after 3 s.
  useEffect(() => {
    if (!sessionOver) return;
    const timer = setTimeout(() => navigate("/login", { replace: true }), EXPIRED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sessionOver, navigate]);

  if (!carried.sessionToken) return <Navigate to="/login" replace />;

  const expected = mode === "app" ? TWO_FACTOR_CODE_LENGTH : BACKUP_CODE_LENGTH;
  const detected = detect(code);
  const hint =
    detected && detected !== mode
      ? mode === "app"
        ? say("account.looksLikeBackup")
        : say("account.looksLikeApp")
      : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const cleaned = code.replace(/[\s-]/g, "");
    if (!cleaned) return setFormError(say("account.twoFactorCodeRequired"));
    if (mode === "app" && !/^\d{6}$/.test(cleaned)) return setFormError(say("account.twoFactorAppFormat"));
    if (mode === "backup" && !/^[A-Za-z0-9]{8}$/.test(cleaned))
      return setFormError(say("account.twoFactorBackupFormat"));
    setFormError("");
    verify.mutate(cleaned);
  };

  const failure = verify.isError
    ? left === 0
      ? say("account.sessionExpired")
      : verify.error instanceof ApiError && verify.error.hasServerMessage
        ? errorMessage(verify.error)
        : say("account.verifyFailed")
    : left === 0
      ? say("account.sessionExpired")
      : "";

  return (
    <AuthCard title={say("account.verifyTitle")} subtitle={say("account.verifySubtitle")}>
      <Box component="form" noValidate aria-label={say("account.verifyForm")} onSubmit={submit}>
        <Stack spacing={2.5}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            color="primary"
            value={mode}
            onChange={(_, next: Mode | null) => {
              if (next) {
                setMode(next);
                setFormError("");
              }
            }}
            aria-label={say("account.kindOfCode")}
          >
            <ToggleButton value="app">{say("account.authenticatorApp")}</ToggleButton>
            <ToggleButton value="backup">{say("account.backupCode")}</ToggleButton>
          </ToggleButtonGroup>
          {failure && (
            <Alert severity="error">
              {failure}
              {sessionOver ? ` ${say("account.returningToSignIn")}` : ""}
            </Alert>
          )}
          {formError && <Alert severity="warning">{formError}</Alert>}
          <TextField
            label={say(mode === "app" ? "account.appCodeLabel" : "account.backupCodeLabel")}
            value={code}
            onChange={(event) => {
              const next = event.target.value.slice(0, 12);
              setCode(next);
              // A backup code typed in the app-code box (a letter, or more than six characters) switches modes.
              const typed = next.replace(/[\s-]/g, "");
              if (mode === "app" && (detect(next) === "backup" || typed.length > TWO_FACTOR_CODE_LENGTH))
                setMode("backup");
            }}
            autoFocus
            autoComplete="one-time-code"
            disabled={sessionOver || verify.isPending}
            slotProps={{
              htmlInput: {
                inputMode: mode === "app" ? "numeric" : "text",
                // Room for a backup code (and its dash) in either mode, so none is cut to six.
                maxLength: 9,
                style: { letterSpacing: 6, fontSize: 22, textAlign: "center", textTransform: "uppercase" },
              },
            }}
            helperText={
              hint ? (
                <span>
                  {hint}{" "}
                  <Link component="button" type="button" onClick={() => setMode(detected!)}>
                    {say("account.switchTo", { mode: detected === "app" ? "app" : "backup" })}
                  </Link>
                </span>
              ) : mode === "app" ? (
                say("account.appCodeHelp", { count: expected })
              ) : (
                say("account.backupCodeHelp", { count: expected })
              )
            }
          />
          <Typography variant="body2" color={left < 60 ? "error" : "text.secondary"} sx={{ textAlign: "center" }}>
            {say("account.sessionExpiresIn", { time: clock(left) })}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={sessionOver || verify.isPending}
            startIcon={verify.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {say(verify.isPending ? "account.verifying" : "account.verify")}
          </Button>
          <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: "center" }}>
            {say("account.backToSignIn")}
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
