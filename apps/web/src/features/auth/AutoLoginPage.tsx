import { Alert, CircularProgress, Stack, Typography } from "@mui/material";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useSay } from "../../i18n/useSay";
import { AuthCard } from "./AuthCard";
import { loginErrorMessage } from "./loginErrorMessage";
import { useLogin } from "./useLogin";

/** Signs in from ?email=&password= (used by kiosks and demos) and goes home. */
export function AutoLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useLogin();
  const say = useSay();
  const started = useRef(false);
  const email = params.get("email");
  const password = params.get("password");
  const complete = Boolean(email && password);

  useEffect(() => {
    // Strict mode mounts effects twice; one sign-in is enough.
    if (!email || !password || started.current) return;
    started.current = true;
    signIn.mutate(
      { email, password },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === "two-factor") {
            navigate("/verify-2fa", { state: { sessionToken: outcome.sessionToken, expiresIn: outcome.expiresIn } });
          }
        },
      },
    );
  }, [email, password, navigate, signIn]);

  const signedIn = signIn.data?.kind === "signed-in";
  useEffect(() => {
    if (!signedIn) return;
    // Long enough to read the confirmation, short enough not to wait on.
    const timer = setTimeout(() => navigate("/", { replace: true }), 800);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  return (
    <AuthCard title={say("autoLogin.title")}>
      <Stack spacing={2} sx={{ alignItems: "center" }} role="status" aria-live="polite">
        {!complete && <Alert severity="error">{say("autoLogin.missing")}</Alert>}
        {signIn.isError && (
          <Alert severity="error">{say("autoLogin.failed", { reason: loginErrorMessage(signIn.error, say) })}</Alert>
        )}
        {signedIn && <Alert severity="success">{say("autoLogin.success")}</Alert>}
        {complete && (signIn.isPending || signIn.isIdle) && (
          <>
            <CircularProgress aria-hidden />
            <Typography color="text.secondary">{say("autoLogin.signingIn")}</Typography>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
