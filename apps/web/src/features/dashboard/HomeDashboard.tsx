import type { Role } from "@sprout/shared/roles";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { type ComponentType, type LazyExoticComponent, Suspense } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { lazyNow } from "../../components/lazyNow";
import { PageLoader } from "../../components/PageLoader";
import { useSay } from "../../i18n/useSay";

type Dashboard = ComponentType<{ user: SessionUser }>;

/**
 * The home page is chosen from the role (spec 2, section 2): every role has its own. Each is
 * downloaded for its role only, so that a parent's phone does not fetch the staff dashboards and
 * their charts.
 */
const LOADERS: Record<Role, () => Promise<Dashboard>> = {
  admin: async () => (await import("./AdminDashboard")).AdminDashboard,
  super_admin: async () => (await import("./SuperAdminDashboard")).SuperAdminDashboard,
  owner: async () => (await import("./OwnerDashboard")).OwnerDashboard,
  financial_manager: async () => {
    const { FinanceDashboard } = await import("../budget/FinanceDashboard");
    return () => <FinanceDashboard />;
  },
  center_director: async () => (await import("../center-director/CenterDirectorDashboard")).CenterDirectorDashboard,
  academic_coordinator: async () => (await import("./CoordinatorDashboard")).CoordinatorDashboard,
  teacher: async () => (await import("./TeacherDashboard")).TeacherDashboard,
  parent: async () => (await import("../parents/ParentDashboard")).ParentDashboard,
};

const dashboards = new Map<Role, LazyExoticComponent<Dashboard>>();

function dashboardOf(role: Role): LazyExoticComponent<Dashboard> {
  let dashboard = dashboards.get(role);
  if (!dashboard) {
    dashboard = lazyNow(LOADERS[role]);
    dashboards.set(role, dashboard);
  }
  return dashboard;
}

/** Starts downloading a role's home before it renders. */
export function preloadDashboard(role: Role) {
  dashboardOf(role);
}

export function HomeDashboard() {
  const say = useSay();
  const user = useSignedInUser();
  const Dashboard = dashboardOf(user.role);
  return (
    <Suspense fallback={<PageLoader label={say("dashboard.loadingHome")} />}>
      <Dashboard user={user} />
    </Suspense>
  );
}
