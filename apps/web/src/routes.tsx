import { Navigate, type RouteObject } from "react-router";
import { ProtectedRoute } from "./auth/ProtectedRoute";
import { RouteErrorBoundary } from "./components/ErrorBoundary";
import { AutoLoginPage } from "./features/auth/AutoLoginPage";
import { LoginPage } from "./features/auth/LoginPage";
import { NotFoundRoute } from "./features/errors/NotFoundRoute";

/** Screens reachable without a session. */
const publicRoutes: RouteObject[] = [
  { path: "login", element: <LoginPage /> },
  { path: "auto-login", element: <AutoLoginPage /> },
  // Password reset and two-factor sign-in (issue 3).
  {
    path: "forgot-password",
    lazy: async () => ({ Component: (await import("./features/account/ForgotPasswordPage")).ForgotPasswordPage }),
  },
  {
    path: "verify-reset-code",
    lazy: async () => ({ Component: (await import("./features/account/VerifyResetCodePage")).VerifyResetCodePage }),
  },
  {
    path: "reset-password",
    lazy: async () => ({ Component: (await import("./features/account/ResetPasswordPage")).ResetPasswordPage }),
  },
  {
    path: "verify-2fa",
    lazy: async () => ({ Component: (await import("./features/account/Verify2FAPage")).Verify2FAPage }),
  },
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
  // Users, staff and the signed-in user's own security settings (issue 3).
  {
    path: "users",
    lazy: async () => {
      const { UsersPage } = await import("./features/users/UsersPage");
      return {
        element: (
          <ProtectedRoute requiredRole="super_admin">
            <UsersPage />
          </ProtectedRoute>
        ),
      };
    },
  },
  {
    path: "staff",
    lazy: async () => {
      const [{ StaffPage }, { RequireFeature }] = await Promise.all([
        import("./features/staff/StaffPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["staff_management"]}>
            <StaffPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "account/security",
    lazy: async () => ({ Component: (await import("./features/account/AccountSecurityPage")).AccountSecurityPage }),
  },
  // Children, classrooms and documents (issue 4); Center Management lives in Settings.
  {
    path: "children",
    lazy: async () => {
      const [{ ChildrenPage }, { RequireFeature }] = await Promise.all([
        import("./features/children/ChildrenPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["children_management"]}>
            <ChildrenPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "children/:id",
    lazy: async () => {
      const [{ ChildPage }, { RequireFeature }] = await Promise.all([
        import("./features/children/ChildPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["children_management"]}>
            <ChildPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "classrooms",
    lazy: async () => {
      const [{ ClassroomsPage }, { RequireFeature }] = await Promise.all([
        import("./features/classrooms/ClassroomsPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["classroom_management", "view_assigned_classes"]}>
            <ClassroomsPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "documents",
    lazy: async () => {
      const [{ DocumentsPage }, { RequireFeature }] = await Promise.all([
        import("./features/documents/DocumentsPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["documents", "document_upload"]}>
            <DocumentsPage />
          </RequireFeature>
        ),
      };
    },
  },
  // Enquiries and admissions; application settings (issue 5).
  {
    path: "enquiries",
    lazy: async () => {
      const [{ EnquiriesPage }, { RequireFeature }] = await Promise.all([
        import("./features/enquiries/EnquiriesPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["enquiry_management"]}>
            <EnquiriesPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "settings",
    lazy: async () => {
      const [{ SettingsPage }, { RequireFeature }] = await Promise.all([
        import("./features/settings/SettingsPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature
            features={["system_settings", "program_settings", "fee_settings", "company_settings", "center_management"]}
          >
            <SettingsPage />
          </RequireFeature>
        ),
      };
    },
  },
  // Billing (parents see their own invoices there) and Fee Management (issue 6).
  {
    path: "billing",
    lazy: async () => {
      const [{ BillingPage }, { RequireFeature }] = await Promise.all([
        import("./features/billing/BillingPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["billing", "invoice_generation", "payment_processing", "view_own_children"]}>
            <BillingPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "fees",
    lazy: async () => {
      const [{ FeesPage }, { RequireFeature }] = await Promise.all([
        import("./features/fees/FeesPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["fee_settings", "billing", "invoice_generation", "payment_processing"]}>
            <FeesPage />
          </RequireFeature>
        ),
      };
    },
  },
  // Communication (issue 14): announcements, messages, the centre's communication desk.
  {
    path: "classroom-announcements",
    lazy: async () => {
      const [{ AnnouncementsPage }, { RequireFeature }] = await Promise.all([
        import("./features/communication/AnnouncementsPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["view_assigned_classes", "view_own_children"]}>
            <AnnouncementsPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "messaging",
    lazy: async () => {
      const [{ MessagingPage }, { RequireFeature }] = await Promise.all([
        import("./features/communication/MessagingPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["view_assigned_classes", "view_own_children"]}>
            <MessagingPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "parent-communication",
    lazy: async () => {
      const [{ ParentCommunicationPage }, { RequireFeature }] = await Promise.all([
        import("./features/communication/ParentCommunicationPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["parent_communication", "parent_feedback", "messaging_oversight"]}>
            <ParentCommunicationPage />
          </RequireFeature>
        ),
      };
    },
  },
  // The child's day (issue 13): teachers record, families read on the parent home's tiles.
  {
    path: "daily-activities",
    lazy: async () => {
      const [{ DailyActivitiesPage }, { RequireFeature }] = await Promise.all([
        import("./features/child-day/DailyActivitiesPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["view_assigned_classes"]}>
            <DailyActivitiesPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "observation-logs",
    lazy: async () => {
      const [{ ObservationLogsPage }, { RequireFeature }] = await Promise.all([
        import("./features/child-day/ObservationLogsPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["view_assigned_classes", "view_own_children", "children_management"]}>
            <ObservationLogsPage />
          </RequireFeature>
        ),
      };
    },
  },
  // Incident management and emergency alerts; parents read their children's reports (issue 10).
  // Attendance: rooms, ratios and the roster (issue 11).
  {
    path: "attendance",
    lazy: async () => {
      const [{ AttendancePage }, { RequireFeature }] = await Promise.all([
        import("./features/attendance/AttendancePage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["attendance_management"]}>
            <AttendancePage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "attendance/headcount",
    lazy: async () => {
      const [{ HeadcountPage }, { RequireFeature }] = await Promise.all([
        import("./features/attendance/HeadcountPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature features={["attendance_management"]}>
            <HeadcountPage />
          </RequireFeature>
        ),
      };
    },
  },
  {
    path: "incidents",
    lazy: async () => {
      const [{ IncidentsPage }, { RequireFeature }] = await Promise.all([
        import("./features/incidents/IncidentsPage"),
        import("./features/account/RequireFeature"),
      ]);
      return {
        element: (
          <RequireFeature
            features={["incident_management", "emergency_response", "view_assigned_classes", "view_own_children"]}
          >
            <IncidentsPage />
          </RequireFeature>
        ),
      };
    },
  },
];

export const routes: RouteObject[] = [
  {
    // One error screen for every route: render errors and code that failed to load.
    errorElement: <RouteErrorBoundary />,
    children: [
      ...publicRoutes,
      {
        path: "setup-2fa",
        lazy: async () => {
          const { Setup2FAPage } = await import("./features/account/Setup2FAPage");
          return {
            element: (
              <ProtectedRoute>
                <Setup2FAPage />
              </ProtectedRoute>
            ),
          };
        },
      },
      // The centre's kiosk tablet (issue 11): full screen, outside the navigation shell.
      {
        path: "attendance/kiosk",
        lazy: async () => {
          const [{ KioskPage }, { RequireFeature }] = await Promise.all([
            import("./features/attendance/KioskPage"),
            import("./features/account/RequireFeature"),
          ]);
          return {
            element: (
              <ProtectedRoute>
                <RequireFeature features={["staff_management"]}>
                  <KioskPage />
                </RequireFeature>
              </ProtectedRoute>
            ),
          };
        },
      },
      {
        path: "/",
        // The signed-in shell loads after sign-in, so /login downloads only what it shows.
        lazy: async () => {
          const { AppLayout } = await import("./layout/AppLayout");
          return {
            element: (
              <ProtectedRoute>
                <AppLayout />
              </ProtectedRoute>
            ),
          };
        },
        children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...areaRoutes],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];
