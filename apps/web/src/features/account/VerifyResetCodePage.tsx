import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from "@mui/material";
import { RESET_CODE_LENGTH, RESET_DELAYS_MS } from "@sprout/shared/schemas/account";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { AuthCard } from "../auth/AuthCard";
import { accountApi, clock } from "./api";
import { CodeBoxes } from "./CodeBoxes";
import { ResetSteps } from "./ResetSteps";

interface Carried {
  email?: string;
  resetId?: string;
  maskedEmail?: string;
  notice?: string;
}

/**
 * Step 2 of the reset: the six-character code, with the time it has left. An invitation (72 hours)
 * welcomes the newcomer and shows the date and time it lapses; a countdown of hours reads as noise.
 */
export function VerifyResetCodePage() {
  const say = useSay();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const carried = (location.state ?? {}) as Carried;
  const email = carried.email ?? search.get("email") ?? "";
  const invited = search.get("invite") === "1";
  const [resetId, setResetId] = useState(carried.resetId ?? search.get("resetId") ?? "");
  const [maskedEmail, setMaskedEmail] = useState(carried.maskedEmail ?? email);
  const [code, setCode] = useState("");
  const [formError, setFormError] = useState("");

  // The countdown is the server's: it says how long this code has left.
  const status = useQuery({
    queryKey: ["reset-status", resetId],
    queryFn: () => accountApi.resetStatus(resetId),
    enabled: Boolean(resetId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.data) setDeadline(Date.now() + status.data.expiresIn * 1000);
  }, [status.data]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = deadline === null ? null : Math.max(0, Math.round((deadline - now) / 1000));
  // A reset the server does not know (an old link) counts as over: only a new code helps.
  const unknown = status.isError;
  const expired = unknown || left === 0 || (status.data !== undefined && status.data.status !== "pending");
  const invitation = status.data ? status.data.kind === "invitation" : invited;

  const verify = useMutation({
    mutationFn: (challengeCode: string) => accountApi.verifyResetCode({ email, challengeCode, resetId }),
  });
  const resend = useMutation({
    mutationFn: () => accountApi.forgotPassword(email),
    onSuccess: (answer) => {
      setResetId(answer.resetId);
      setMaskedEmail(answer.maskedEmail);
      setCode("");
      verify.reset();
    },
  });

  // Verified: on to the new password after 1.5 s.
  useEffect(() => {
    if (!verify.data) return;
    const timer = setTimeout(
      () =>
        navigate("/reset-password", {
          state: { email, resetId, resetToken: verify.data.resetToken, userName: verify.data.userName, invitation },
        }),
      RESET_DELAYS_MS.afterVerify,
    );
    return () => clearTimeout(timer);
  }, [verify.data, email, resetId, invitation, navigate]);

  if (!email || !resetId) return <Navigate to="/forgot-password" replace />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (code.length !== RESET_CODE_LENGTH) {
      setFormError(say("account.codeRequired"));
      return;
    }
    setFormError("");
    verify.mutate(code);
  };

  return (
    <AuthCard
      title={say(invitation ? "account.welcomeSetPassword" : "account.verifyCode")}
      subtitle={say("account.enterCodeSentTo", { email: maskedEmail })}
    >
      <ResetSteps active={1} invitation={invitation} />
      <Box component="form" noValidate aria-label={say("account.verifyCodeForm")} onSubmit={submit}>
        <Stack spacing={2.5}>
          {carried.notice && !verify.isError && !verify.data && <Alert severity="info">{carried.notice}</Alert>}
          {invitation && !verify.data && <Alert severity="info">{say("account.invitationWelcome")}</Alert>}
          {verify.isError && <Alert severity="error">{errorMessage(verify.error)}</Alert>}
          {resend.isError && <Alert severity="error">{say("account.resendFailed")}</Alert>}
          {resend.isSuccess && !verify.isError && !verify.data && (
            <Alert severity="success">{say("account.newCodeSent")}</Alert>
          )}
          {verify.data && (
            <Alert severity="success">{say("account.codeVerified", { name: verify.data.userName })}</Alert>
          )}
          {formError && <Alert severity="warning">{formError}</Alert>}
          <CodeBoxes
            value={code}
            onChange={setCode}
            disabled={verify.isPending || Boolean(verify.data)}
            error={verify.isError}
          />
          <Typography
            variant="body2"
            color={expired ? "error" : "text.secondary"}
            sx={{ textAlign: "center" }}
            aria-live="polite"
          >
            {unknown
              ? say("account.codeNoLongerValid")
              : left === null
                ? say("account.checkingCodeTime")
                : expired
                  ? say("account.codeExpiredRequest")
                  : invitation && status.data
                    ? say("account.invitationValidUntil", { time: formatDateTime(status.data.expiresAt) })
                    : say("account.codeExpiresIn", { time: clock(left) })}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={verify.isPending || Boolean(verify.data) || expired}
            startIcon={verify.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {say(verify.isPending ? "account.verifying" : "account.verifyCode")}
          </Button>
          <Button variant="text" onClick={() => resend.mutate()} disabled={!expired || resend.isPending}>
            {say(resend.isPending ? "account.sending" : "account.resendCode")}
          </Button>
          <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: "center" }}>
            {say("account.backToSignIn")}
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
