import type { SessionUser } from "@sprout/shared/schemas/auth";
import type { UserWithCentre } from "../db/schema/users.ts";

/**
 * The accounts sign-in reads: by e-mail and by id, with the centre's name. The users area
 * provides it (`createUserDirectory`) and app.ts hands it in, so sign-in knows no area.
 */
export interface UserDirectory {
  findByEmail(email: string): Promise<UserWithCentre | null>;
  findById(id: string): Promise<UserWithCentre | null>;
}

/** The user as the browser keeps it (spec: role, fullName, centerName, name, id ...). */
export function toSessionUser(user: UserWithCentre): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    fullName: user.fullName,
    full_name: user.fullName,
    name: user.fullName,
    center_id: user.centerId,
    centerName: user.centerName,
    center_name: user.centerName,
    mustResetPassword: user.mustResetPassword,
  };
}
