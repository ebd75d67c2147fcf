import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  TextField,
} from "@mui/material";
import { type LoginRequest, loginRequest } from "@sprout/shared/schemas/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { Navigate, Link as RouterLink, useLocation, useNavigate } from "react-router";
import { ApiError } from "../../api/errors";
import { hasToken } from "../../auth/session";
import { useVerifiedSession } from "../../auth/useVerifiedSession";
import { PageLoader } from "../../components/PageLoader";
import { LanguageSwitch } from "../../i18n/LanguageSwitch";
import { zodResolver } from "../../i18n/zodResolver";
import { UnsentTapsNotice } from "../../offline/UnsentTapsNotice";
import { AuthCard } from "./AuthCard";
import { loginErrorMessage } from "./loginErrorMessage";
import { useLogin } from "./useLogin";

/** What a redirect to /login may carry, e.g. after a password reset. */
interface LoginRedirectState {
  message?: string;
  email?: string;
}

function redirectState(state: unknown): LoginRedirectState {
  if (typeof state !== "object" || state === null) return {};
  const { message, email } = state as Record<string, unknown>;
  return {
    message: typeof message === "string" ? message : undefined,
    email: typeof email === "string" ? email : undefined,
  };
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = redirectState(location.state);
  // Only a session that existed on arrival sends the visitor on; one made here navigates itself.
  const [arrivedSignedIn] = useState(hasToken);
  const existing = useVerifiedSession(arrivedSignedIn);
  const [showPassword, setShowPassword] = useState(false);
  const signIn = useLogin();
  const intl = useIntl();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: carried.email ?? "", password: "" },
  });

  if (arrivedSignedIn && existing.isSuccess) return <Navigate to="/" replace />;
  if (arrivedSignedIn && existing.isPending)
    return <PageLoader label={intl.formatMessage({ id: "signIn.checkingSession" })} />;

  const onSubmit = handleSubmit((credentials) =>
    signIn.mutate(credentials, {
      onSuccess: (outcome) => {
        if (outcome.kind === "two-factor") {
          navigate("/verify-2fa", { state: { sessionToken: outcome.sessionToken, expiresIn: outcome.expiresIn } });
        } else {
          navigate("/", { replace: true });
        }
      },
      onError: (error) => {
        // A forced reset: the server e-mailed a code; go straight to the code step (issue 3).
        if (error instanceof ApiError && error.code === "PASSWORD_RESET_REQUIRED" && error.details?.resetId) {
          navigate("/verify-reset-code", {
            state: {
              email: error.details.email,
              resetId: error.details.resetId,
              maskedEmail: error.details.maskedEmail,
              notice: error.message,
            },
          });
        }
      },
    }),
  );

  return (
    <AuthCard
      title={intl.formatMessage({ id: "signIn.title" })}
      subtitle={intl.formatMessage({ id: "signIn.subtitle" })}
      corner={<LanguageSwitch />}
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={intl.formatMessage({ id: "signIn.form" })}>
        <Stack spacing={2.5}>
          {carried.message && !signIn.isError && <Alert severity="success">{carried.message}</Alert>}
          {signIn.isError && (
            <Alert severity="error">{loginErrorMessage(signIn.error, (id) => intl.formatMessage({ id }))}</Alert>
          )}
          <UnsentTapsNotice />
          <TextField
            label={intl.formatMessage({ id: "signIn.email" })}
            type="email"
            autoComplete="email"
            required
            fullWidth
            autoFocus={!carried.email}
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...register("email")}
          />
          <TextField
            label={intl.formatMessage({ id: "signIn.password" })}
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            required
            fullWidth
            autoFocus={Boolean(carried.email)}
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
            {...register("password")}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={intl.formatMessage({
                        id: showPassword ? "signIn.hidePassword" : "signIn.showPassword",
                      })}
                      onClick={() => setShowPassword((shown) => !shown)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={signIn.isPending}
            startIcon={signIn.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {intl.formatMessage({ id: signIn.isPending ? "signIn.submitting" : "signIn.submit" })}
          </Button>
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: "center" }}>
            {intl.formatMessage({ id: "signIn.forgotPassword" })}
          </Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
