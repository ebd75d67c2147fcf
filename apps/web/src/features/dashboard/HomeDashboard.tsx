import type { Role } from "@sprout/shared/roles";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import type { ComponentType } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { ParentDashboard } from "../parents/ParentDashboard";
import { AdminDashboard } from "./AdminDashboard";
import { WelcomeDashboard } from "./WelcomeDashboard";

/**
 * The home page is chosen from the role (spec 2, section 2). Each role's own dashboard replaces
 * its WelcomeDashboard entry here when its issue lands.
 */
const DASHBOARDS: Record<Role, ComponentType<{ user: SessionUser }>> = {
  admin: AdminDashboard,
  super_admin: WelcomeDashboard,
  owner: WelcomeDashboard,
  financial_manager: WelcomeDashboard,
  center_director: WelcomeDashboard,
  academic_coordinator: WelcomeDashboard,
  teacher: WelcomeDashboard,
  parent: ParentDashboard,
};

export function HomeDashboard() {
  const user = useSignedInUser();
  const Dashboard = DASHBOARDS[user.role];
  return <Dashboard user={user} />;
}
