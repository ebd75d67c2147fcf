import type { ManagedUser } from "@sprout/shared/schemas/users";
import type { users } from "../../db/schema/users.ts";

/** An account as read, with its centre's name. */
export type ManagedUserRow = { user: typeof users.$inferSelect; centerName: string | null };

/** An account as the super admin's Users page shows it: never a password hash or a secret. */
export function toManagedUser({ user, centerName }: ManagedUserRow): ManagedUser {
  return {
    id: user.id,
    full_name: user.fullName,
    email: user.email,
    role: user.role,
    center_id: user.centerId,
    center_name: centerName,
    phone_number: user.phoneNumber,
    job_title: user.jobTitle,
    is_active: user.isActive,
    must_reset_password: user.mustResetPassword,
    two_factor_enabled: user.twoFactorEnabled,
    last_login_at: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
  };
}
