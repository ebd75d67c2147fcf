import { Navigate, type RouteObject } from "react-router";
import { ProtectedRoute } from "./auth/ProtectedRoute";
import { RouteErrorBoundary } from "./components/ErrorBoundary";
import { AutoLoginPage } from "./features/auth/AutoLoginPage";
import { LoginPage } from "./features/auth/LoginPage";
import { NotFoundPage } from "./features/errors/NotFoundPage";
import { AppLayout } from "./layout/AppLayout";

/** Screens reachable without a session. */
const publicRoutes: RouteObject[] = [
  { path: "login", element: <LoginPage /> },
  { path: "auto-login", element: <AutoLoginPage /> },
];

/**
 * Screens inside the signed-in layout, one line per area. Each area's code loads on first visit.
 * An area that only some roles may open wraps its page in <ProtectedRoute requiredRole=...>.
 */
const areaRoutes: RouteObject[] = [
  {
    path: "dashboard",
    lazy: async () => ({ Component: (await import("./features/dashboard/HomeDashboard")).HomeDashboard }),
  },
];

export const routes: RouteObject[] = [
  {
    // One error screen for every route: render errors and code that failed to load.
    errorElement: <RouteErrorBoundary />,
    children: [
      ...publicRoutes,
      {
        path: "/",
        element: (
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        ),
        children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...areaRoutes],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
