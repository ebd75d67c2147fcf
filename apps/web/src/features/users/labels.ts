import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Role } from "@sprout/shared/roles";

/** A role as the reader says it (ROLE_LABELS holds the English). */
export const ROLE_IDS: Record<Role, MessageId> = {
  super_admin: "users.roleSuperAdmin",
  owner: "users.roleOwner",
  financial_manager: "users.roleFinancialManager",
  center_director: "users.roleCenterDirector",
  admin: "users.roleAdmin",
  academic_coordinator: "users.roleAcademicCoordinator",
  teacher: "users.roleTeacher",
  parent: "users.roleParent",
};
