import { CssBaseline } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { queryClient } from "./api/queryClient";
import { hasToken, onSessionEnded } from "./auth/session";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { LanguageProvider } from "./i18n/LanguageProvider";
import { staffTheme } from "./layout/theme";
import { followConnectivity } from "./offline/connectivity";
import { KeptHome } from "./offline/KeptHome";
import { registerServiceWorkerWhenSignedIn } from "./offline/serviceWorker";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

// Whoever ends the session (logout, a refused refresh), nothing of it may linger on screen.
onSessionEnded(() => {
  queryClient.clear();
  // The home kept on this device for offline use was this person's: it goes with the session.
  void import("./offline/keptAnswers").then(({ forgetAnswers }) => forgetAnswers());
  // The server has dropped this device's push subscription with the session; the browser forgets it too.
  void import("./features/push/browserPush").then(({ forgetBrowserSubscription }) => forgetBrowserSubscription());
  if (router.state.location.pathname !== "/login") void router.navigate("/login", { replace: true });
});

// A signed-in start spends its first moments waiting for the signed-in pages' code: the date
// formatters every home shows are built then, rather than in a render after the first paint.
if (hasToken()) {
  const warmUp = () => void import("./format").then(({ warmUpFormatters }) => warmUpFormatters());
  if ("requestIdleCallback" in globalThis) requestIdleCallback(warmUp);
  else setTimeout(warmUp, 0);
}

followConnectivity();
registerServiceWorkerWhenSignedIn();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <ThemeProvider theme={staffTheme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <LanguageProvider>
            <KeptHome>
              <RouterProvider router={router} />
            </KeptHome>
          </LanguageProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  </StrictMode>,
);
