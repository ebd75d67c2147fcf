import { CssBaseline } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { queryClient } from "./api/queryClient";
import { hasToken, onSessionEnded } from "./auth/session";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { staffTheme } from "./layout/theme";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

// Whoever ends the session (logout, a refused refresh), nothing of it may linger on screen.
onSessionEnded(() => {
  queryClient.clear();
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

// The installable app's service worker (built from apps/web/sw/sw.ts; not in the dev server).
// Registering asks nothing of the user: notifications are asked for only from the settings button.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }));
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <ThemeProvider theme={staffTheme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  </StrictMode>,
);
