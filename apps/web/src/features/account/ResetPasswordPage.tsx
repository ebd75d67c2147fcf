import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { RESET_DELAYS_MS, resetPasswordForm } from "@sprout/shared/schemas/account";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { AuthCard } from "../auth/AuthCard";
import { accountApi } from "./api";
import { useFieldError } from "./fieldError";
import { PasswordStrength } from "./PasswordStrength";
import { ResetSteps } from "./ResetSteps";

type Form = z.infer<typeof resetPasswordForm>;
interface Carried {
  email?: string;
  resetId?: string;
  resetToken?: string;
  userName?: string;
  /** Set by the code step when the link was an invitation: a first password, not a reset. */
  invitation?: boolean;
}

/** Step 3 of the reset: the new password, its confirmation and its strength. */
export function ResetPasswordPage() {
  const say = useSay();
  const fieldError = useFieldError();
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state ?? {}) as Carried;
  const [shown, setShown] = useState(false);
  const reset = useMutation({
    mutationFn: (newPassword: string) =>
      accountApi.resetPassword({
        email: carried.email!,
        resetId: carried.resetId!,
        resetToken: carried.resetToken!,
        newPassword,
      }),
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<Form>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });

  // Done: back to sign-in after 3 s, with the address filled in.
  useEffect(() => {
    if (!reset.data) return;
    const timer = setTimeout(
      () => navigate("/login", { replace: true, state: { message: reset.data.message, email: carried.email } }),
      RESET_DELAYS_MS.afterReset,
    );
    return () => clearTimeout(timer);
  }, [reset.data, carried.email, navigate]);

  if (!carried.email || !carried.resetId || !carried.resetToken) return <Navigate to="/forgot-password" replace />;

  const visibility = {
    input: {
      endAdornment: (
        <InputAdornment position="end">
          <IconButton
            aria-label={say(shown ? "account.hidePassword" : "account.showPassword")}
            onClick={() => setShown((value) => !value)}
            edge="end"
          >
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      ),
    },
  };

  return (
    <AuthCard
      title={say(carried.invitation ? "account.welcomeSetPassword" : "account.resetTitle")}
      subtitle={
        carried.invitation
          ? carried.userName
            ? say("account.choosePasswordNamed", { name: carried.userName })
            : say("account.choosePassword")
          : carried.userName
            ? say("account.chooseNewPasswordNamed", { name: carried.userName })
            : say("account.chooseNewPassword")
      }
    >
      <ResetSteps active={2} invitation={carried.invitation} />
      <Box
        component="form"
        noValidate
        aria-label={say("account.setPasswordForm")}
        onSubmit={handleSubmit(({ newPassword }) => reset.mutate(newPassword))}
      >
        <Stack spacing={2.5}>
          {reset.isError && <Alert severity="error">{errorMessage(reset.error)}</Alert>}
          {reset.data && (
            <Alert severity="success">{say("account.doneTakingToSignIn", { message: reset.data.message })}</Alert>
          )}
          <TextField
            label={say("account.newPassword")}
            type={shown ? "text" : "password"}
            autoComplete="new-password"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.newPassword)}
            helperText={fieldError(errors.newPassword?.message) ?? say("account.passwordRule")}
            disabled={Boolean(reset.data)}
            slotProps={visibility}
            {...register("newPassword")}
          />
          <PasswordStrength password={watch("newPassword")} />
          <TextField
            label={say("account.confirmPassword")}
            type={shown ? "text" : "password"}
            autoComplete="new-password"
            required
            fullWidth
            error={Boolean(errors.confirmPassword)}
            helperText={fieldError(errors.confirmPassword?.message)}
            disabled={Boolean(reset.data)}
            {...register("confirmPassword")}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={reset.isPending || Boolean(reset.data)}
            startIcon={reset.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {say(
              reset.isPending ? "account.saving" : carried.invitation ? "account.setPassword" : "account.resetTitle",
            )}
          </Button>
          {/* A new account has no devices to sign out: the warning is for a reset only. */}
          {!carried.invitation && (
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: "center" }}>
              {say("account.signedOutWarning")}
            </Typography>
          )}
        </Stack>
      </Box>
    </AuthCard>
  );
}
