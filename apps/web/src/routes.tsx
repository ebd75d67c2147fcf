import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { ProtectedRoute } from "./auth/ProtectedRoute";
import { readSnapshot } from "./auth/session";
import { RouteErrorBoundary } from "./components/ErrorBoundary";
import type { RequireFeature } from "./features/account/RequireFeature";
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
 * A screen for the roles that have one of `features`: the page and the feature check load on
 * first visit.
 */
function featureRoute(
  path: string,
  features: Parameters<typeof RequireFeature>[0]["features"],
  page: () => Promise<ComponentType>,
): RouteObject {
  return {
    path,
    lazy: async () => {
      const [Page, { RequireFeature }] = await Promise.all([page(), import("./features/account/RequireFeature")]);
      return {
        element: (
          <RequireFeature features={features}>
            <Page />
          </RequireFeature>
        ),
      };
    },
  };
}

/**
 * Screens inside the signed-in layout, one line per area. Each area's code loads on first visit.
 * An area that only some roles may open wraps its page in <ProtectedRoute requiredRole=...>.
 */
const areaRoutes: RouteObject[] = [
  {
    path: "dashboard",
    // The stored user's home downloads alongside the signed-in frame and the session check rather
    // than after them; the verified user still decides which home renders.
    lazy: async () => {
      const { HomeDashboard, preloadDashboard } = await import("./features/dashboard/HomeDashboard");
      const { user } = readSnapshot();
      if (user) preloadDashboard(user.role);
      return { Component: HomeDashboard };
    },
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
  featureRoute("staff", ["staff_management"], async () => (await import("./features/staff/StaffPage")).StaffPage),
  {
    path: "account/security",
    lazy: async () => ({ Component: (await import("./features/account/AccountSecurityPage")).AccountSecurityPage }),
  },
  // Children, classrooms and documents (issue 4); Center Management lives in Settings.
  featureRoute(
    "children",
    ["children_management"],
    async () => (await import("./features/children/ChildrenPage")).ChildrenPage,
  ),
  featureRoute(
    "children/:id",
    ["children_management"],
    async () => (await import("./features/children/ChildPage")).ChildPage,
  ),
  featureRoute(
    "classrooms",
    ["classroom_management", "view_assigned_classes"],
    async () => (await import("./features/classrooms/ClassroomsPage")).ClassroomsPage,
  ),
  // Lesson plans (issue 16): the card grid and week view; parents see today's plan on their home.
  featureRoute(
    "lesson-plans",
    ["classroom_management", "view_assigned_classes"],
    async () => (await import("./features/lesson-plans/LessonPlansPage")).LessonPlansPage,
  ),
  featureRoute(
    "assignments",
    ["classroom_management", "view_assigned_classes", "view_own_children"],
    async () => (await import("./features/assignments/AssignmentsPage")).AssignmentsPage,
  ),
  featureRoute(
    "policies",
    ["policy_management", "policy_implementation", "basic_dashboard", "analytics_dashboard"],
    async () => (await import("./features/policies/PoliciesPage")).PoliciesPage,
  ),
  featureRoute(
    "documents",
    ["documents", "document_upload"],
    async () => (await import("./features/documents/DocumentsPage")).DocumentsPage,
  ),
  // Development over the year (issue 36): the progress card (families and staff) and a term's progress.
  {
    path: "progress-cards/:assessmentId",
    lazy: async () => ({
      Component: (await import("./features/development/ProgressCardPage")).ProgressCardPage,
    }),
  },
  {
    path: "development/terms/:id/progress",
    lazy: async () => {
      const [{ DistributionPage }, { RequirePage }] = await Promise.all([
        import("./features/development/DistributionPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/development/terms">
            <DistributionPage />
          </RequirePage>
        ),
      };
    },
  },
  // Privacy (issue 19): consents and who viewed a child's records; the page refuses roles it is not for.
  {
    path: "privacy",
    lazy: async () => ({ Component: (await import("./features/privacy/PrivacyPage")).PrivacyPage }),
  },
  // Enquiries and admissions; application settings (issue 5).
  featureRoute(
    "enquiries",
    ["enquiry_management"],
    async () => (await import("./features/enquiries/EnquiriesPage")).EnquiriesPage,
  ),
  featureRoute(
    "settings",
    ["system_settings", "program_settings", "fee_settings", "company_settings", "center_management"],
    async () => (await import("./features/settings/SettingsPage")).SettingsPage,
  ),
  // Children's data rights (issue 19): the parent's My data page and the centre's requests desk.
  featureRoute(
    "my-data",
    ["view_own_children"],
    async () => (await import("./features/data-requests/MyDataPage")).MyDataPage,
  ),
  {
    path: "data-requests",
    lazy: async () => {
      const { DeskPage } = await import("./features/data-requests/DeskPage");
      return { element: <DeskPage /> };
    },
  },
  // Reports & Analytics (issue 17): each report the role may read, with charts and .xlsx downloads.
  featureRoute(
    "reports",
    ["reports_view", "financial_reports", "attendance_reports", "performance_analytics"],
    async () => (await import("./features/reports/ReportsPage")).ReportsPage,
  ),
  // Budget & Finance (issue 12): the finance dashboard for budget holders, requests for the others.
  featureRoute(
    "budget",
    ["budget_requests", "financial_oversight"],
    async () => (await import("./features/budget/BudgetPage")).BudgetPage,
  ),
  // Billing (parents see their own invoices there) and Fee Management (issue 6).
  featureRoute(
    "billing",
    ["billing", "invoice_generation", "payment_processing", "view_own_children"],
    async () => (await import("./features/billing/BillingPage")).BillingPage,
  ),
  // Issue 35: one invoice with its UPI payment and claims; the finance staff's payment claims.
  featureRoute(
    "billing/invoices/:id",
    ["billing", "invoice_generation", "payment_processing", "view_own_children"],
    async () => (await import("./features/fee-collection/InvoicePage")).InvoicePage,
  ),
  {
    path: "billing/claims",
    lazy: async () => ({ Component: (await import("./features/fee-collection/ClaimsPage")).ClaimsPage }),
  },
  // Bank reconciliation (issue 35): open to the roles whose menu holds it.
  {
    path: "bank-reconciliation",
    lazy: async () => {
      const [{ StatementsPage }, { RequirePage }] = await Promise.all([
        import("./features/fee-collection/StatementsPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/bank-reconciliation">
            <StatementsPage />
          </RequirePage>
        ),
      };
    },
  },
  // Term assessments (issue 36): the terms, a term's class view and one child's assessment.
  {
    path: "development/terms",
    lazy: async () => {
      const [{ TermsPage }, { RequirePage }] = await Promise.all([
        import("./features/development/TermsPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/development/terms">
            <TermsPage />
          </RequirePage>
        ),
      };
    },
  },
  {
    path: "development/terms/:id",
    lazy: async () => {
      const [{ ClassViewPage }, { RequirePage }] = await Promise.all([
        import("./features/development/ClassViewPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/development/terms">
            <ClassViewPage />
          </RequirePage>
        ),
      };
    },
  },
  {
    path: "development/terms/:id/children/:childId",
    lazy: async () => {
      const [{ AssessmentPage }, { RequirePage }] = await Promise.all([
        import("./features/development/AssessmentPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/development/terms">
            <AssessmentPage />
          </RequirePage>
        ),
      };
    },
  },
  // Digital portfolio (issue 15): the gallery with uploads, and the leaders' dashboard.
  {
    path: "digital-portfolio",
    lazy: async () => {
      const [{ DigitalPortfolioPage }, { RequirePage }] = await Promise.all([
        import("./features/digital-portfolio/DigitalPortfolioPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/digital-portfolio">
            <DigitalPortfolioPage />
          </RequirePage>
        ),
      };
    },
  },
  {
    path: "admin/portfolios",
    lazy: async () => {
      const [{ PortfolioDashboardPage }, { RequirePage }] = await Promise.all([
        import("./features/digital-portfolio/PortfolioDashboardPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/admin/portfolios">
            <PortfolioDashboardPage />
          </RequirePage>
        ),
      };
    },
  },
  // Development over the year (issue 36): the centre's framework, browsable; its choice for those who may.
  {
    path: "development/framework",
    lazy: async () => {
      const [{ FrameworkPage }, { RequirePage }] = await Promise.all([
        import("./features/development/FrameworkPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/development/framework">
            <FrameworkPage />
          </RequirePage>
        ),
      };
    },
  },
  // Fees collection & tax (issue 35): the centre's collection settings and the accountant's export.
  {
    path: "fee-collection/settings",
    lazy: async () => {
      const [{ CollectionSettingsPage }, { RequirePage }] = await Promise.all([
        import("./features/fee-collection/CollectionSettingsPage"),
        import("./features/digital-portfolio/RequirePage"),
      ]);
      return {
        element: (
          <RequirePage path="/fee-collection/settings">
            <CollectionSettingsPage />
          </RequirePage>
        ),
      };
    },
  },
  featureRoute(
    "fees",
    ["fee_settings", "billing", "invoice_generation", "payment_processing"],
    async () => (await import("./features/fees/FeesPage")).FeesPage,
  ),
  // Communication (issue 14): announcements, messages, the centre's communication desk.
  featureRoute(
    "classroom-announcements",
    ["view_assigned_classes", "view_own_children"],
    async () => (await import("./features/communication/AnnouncementsPage")).AnnouncementsPage,
  ),
  featureRoute(
    "messaging",
    ["view_assigned_classes", "view_own_children"],
    async () => (await import("./features/communication/MessagingPage")).MessagingPage,
  ),
  featureRoute(
    "notices",
    ["view_own_children"],
    async () => (await import("./features/communication/NoticesPage")).NoticesPage,
  ),
  featureRoute(
    "parent-communication",
    ["parent_communication", "parent_feedback", "messaging_oversight"],
    async () => (await import("./features/communication/ParentCommunicationPage")).ParentCommunicationPage,
  ),
  // The child's day (issue 13): teachers record, families read on the parent home's tiles.
  featureRoute(
    "daily-activities",
    ["view_assigned_classes"],
    async () => (await import("./features/child-day/DailyActivitiesPage")).DailyActivitiesPage,
  ),
  featureRoute(
    "observation-logs",
    ["view_assigned_classes", "view_own_children", "children_management"],
    async () => (await import("./features/child-day/ObservationLogsPage")).ObservationLogsPage,
  ),
  // Incident management and emergency alerts; parents read their children's reports (issue 10).
  // Attendance: rooms, ratios and the roster (issue 11).
  featureRoute(
    "attendance",
    ["attendance_management"],
    async () => (await import("./features/attendance/AttendancePage")).AttendancePage,
  ),
  featureRoute(
    "attendance/headcount",
    ["attendance_management"],
    async () => (await import("./features/attendance/HeadcountPage")).HeadcountPage,
  ),
  featureRoute(
    "incidents",
    ["incident_management", "emergency_response", "view_assigned_classes", "view_own_children"],
    async () => (await import("./features/incidents/IncidentsPage")).IncidentsPage,
  ),
  // The Center Director dashboard (issue 17): the director's home; owners and super admins open it
  // for a centre of theirs (operational KPIs or centre comparison: exactly those three roles).
  featureRoute(
    "center-director",
    ["operational_kpi", "center_comparison"],
    async () => (await import("./features/center-director/CenterDirectorPage")).CenterDirectorPage,
  ),
  featureRoute(
    "center-director/tasks",
    ["operational_kpi", "center_comparison"],
    async () => (await import("./features/center-director/TasksPage")).TasksPage,
  ),
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
