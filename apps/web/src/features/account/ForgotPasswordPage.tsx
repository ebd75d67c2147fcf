import { Alert, Box, Button, CircularProgress, Link, Stack, TextField } from "@mui/material";
import { forgotPasswordRequest, RESET_DELAYS_MS } from "@sprout/shared/schemas/account";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { AuthCard } from "../auth/AuthCard";
import { accountApi } from "./api";
import { useFieldError } from "./fieldError";
import { ResetSteps } from "./ResetSteps";

type Form = z.infer<typeof forgotPasswordRequest>;

/** Step 1 of the reset: the address to send the code to. */
export function ForgotPasswordPage() {
  const say = useSay();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const carried = (location.state as { email?: string } | null)?.email ?? search.get("email") ?? "";
  const send = useMutation({ mutationFn: (email: string) => accountApi.forgotPassword(email) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Form>({ resolver: zodResolver(forgotPasswordRequest), defaultValues: { email: carried } });

  // Code sent: on to the code step after 2 s. The message goes along and stays on that step, so
  // a reader (or a slow phone) that misses the two seconds here still sees where the code went.
  useEffect(() => {
    if (!send.data) return;
    const email = send.variables ?? "";
    const { resetId, maskedEmail, message } = send.data;
    const timer = setTimeout(
      () =>
        navigate("/verify-reset-code", {
          state: { email, resetId, maskedEmail, notice: say("account.sentCheck", { message, email: maskedEmail }) },
        }),
      RESET_DELAYS_MS.afterSend,
    );
    return () => clearTimeout(timer);
  }, [send.data, send.variables, navigate, say]);

  return (
    <AuthCard title={say("account.forgotTitle")} subtitle={say("account.forgotSubtitle")}>
      <ResetSteps active={0} />
      <Box
        component="form"
        noValidate
        aria-label={say("account.forgotForm")}
        onSubmit={handleSubmit(({ email }) => send.mutate(email))}
      >
        <Stack spacing={2.5}>
          {send.isError && <Alert severity="error">{errorMessage(send.error)}</Alert>}
          {send.data && (
            <Alert severity="success">
              {say("account.sentCheck", { message: send.data.message, email: send.data.maskedEmail })}
            </Alert>
          )}
          <TextField
            label={say("account.email")}
            type="email"
            autoComplete="email"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.email)}
            helperText={fieldError(errors.email?.message)}
            disabled={Boolean(send.data)}
            {...register("email")}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={send.isPending || Boolean(send.data)}
            startIcon={send.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {say(send.isPending ? "account.sending" : "account.sendCode")}
          </Button>
          <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: "center" }}>
            {say("account.backToSignIn")}
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
