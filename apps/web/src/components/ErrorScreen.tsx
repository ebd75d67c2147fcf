import ErrorOutline from "@mui/icons-material/ErrorOutline";
import ReportGmailerrorred from "@mui/icons-material/ReportGmailerrorred";
import { Alert, Box, Button, Paper, Stack, Typography } from "@mui/material";
import { LANGUAGES } from "@sprout/shared/i18n/languages";
import { ENGLISH } from "@sprout/shared/i18n/load";
import { useMemo } from "react";
import { IntlProvider } from "react-intl";
import { useCatalogue } from "../i18n/LanguageProvider";
import { deviceLanguage } from "../i18n/language";
import { useSay } from "../i18n/useSay";
import { isCritical, recordError, resetErrorCount } from "./errorCount";

interface Props {
  error: unknown;
  onRetry: () => void;
}

/**
 * The global error screen. Each error is counted for the tab's session; once there have been
 * more than five, retrying is unlikely to help, so it offers a reload or a clean start instead.
 */
export function ErrorScreen(props: Props) {
  // The screen may show outside the app's language provider (an error above it): it reads the
  // device's language itself, in English until that language's catalogue has loaded.
  const shown = useCatalogue(deviceLanguage()) ?? { language: "en" as const, messages: ENGLISH };
  return (
    <IntlProvider locale={LANGUAGES[shown.language].locale} messages={shown.messages} defaultLocale="en-IN">
      <ErrorScreenText {...props} />
    </IntlProvider>
  );
}

function ErrorScreenText({ error, onRetry }: Props) {
  const say = useSay();
  // Counted while rendering so that the sixth error shows the critical screen at once;
  // recordError counts each error object only once, however often React renders.
  const count = useMemo(() => recordError(error), [error]);
  const critical = isCritical(count);

  const logoutAndClear = () => {
    localStorage.clear();
    resetErrorCount();
    window.location.assign("/login");
  };

  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 2, bgcolor: "background.default" }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: "100%" }} role="alert">
        <Stack spacing={2} sx={{ alignItems: "center", textAlign: "center" }}>
          {critical ? (
            <ReportGmailerrorred color="error" sx={{ fontSize: 64 }} aria-hidden />
          ) : (
            <ErrorOutline color="warning" sx={{ fontSize: 64 }} aria-hidden />
          )}
          <Typography variant="h5" component="h1">
            {critical ? say("components.errorCritical") : say("components.errorTitle")}
          </Typography>
          <Typography color="text.secondary">
            {critical ? say("components.errorCriticalText") : say("components.errorText")}
          </Typography>
          <Alert severity="error" icon={false} sx={{ width: "100%", textAlign: "left" }}>
            <Typography variant="body2" component="pre" sx={{ m: 0, whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {describe(error)}
            </Typography>
          </Alert>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ width: { xs: "100%", sm: "auto" } }}>
            {critical ? (
              <>
                <Button variant="contained" onClick={() => window.location.reload()}>
                  {say("components.errorRefresh")}
                </Button>
                <Button variant="outlined" color="error" onClick={logoutAndClear}>
                  {say("components.errorLogoutClear")}
                </Button>
              </>
            ) : (
              <>
                <Button variant="contained" onClick={onRetry}>
                  {say("components.errorTryAgain")}
                </Button>
                <Button variant="outlined" onClick={() => window.location.assign("/")}>
                  {say("components.errorGoHome")}
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === "object" && error !== null && "status" in error && "statusText" in error) {
    return `${String(error.status)} ${String(error.statusText)}`;
  }
  return String(error);
}
