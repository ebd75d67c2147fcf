import type { Role } from "@sprout/shared/roles";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import type { ComponentType } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { FinanceDashboard } from "../budget/FinanceDashboard";
import { CenterDirectorDashboard } from "../center-director/CenterDirectorDashboard";
import { ParentDashboard } from "../parents/ParentDashboard";
import { AdminDashboard } from "./AdminDashboard";
import { CoordinatorDashboard } from "./CoordinatorDashboard";
import { OwnerDashboard } from "./OwnerDashboard";
import { SuperAdminDashboard } from "./SuperAdminDashboard";
import { TeacherDashboard } from "./TeacherDashboard";

/** The home page is chosen from the role (spec 2, section 2): every role has its own. */
const DASHBOARDS: Record<Role, ComponentType<{ user: SessionUser }>> = {
  admin: AdminDashboard,
  super_admin: SuperAdminDashboard,
  owner: OwnerDashboard,
  financial_manager: () => <FinanceDashboard />,
  center_director: CenterDirectorDashboard,
  academic_coordinator: CoordinatorDashboard,
  teacher: TeacherDashboard,
  parent: ParentDashboard,
};

export function HomeDashboard() {
  const user = useSignedInUser();
  const Dashboard = DASHBOARDS[user.role];
  return <Dashboard user={user} />;
}
