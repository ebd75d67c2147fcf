import { z } from "zod";
import { english } from "../i18n/english.ts";
import { ROLES } from "../roles.ts";
import { ACCOUNT_MESSAGES, emailField, newPasswordField } from "./account.ts";
import { LIST_MAX_PAGE, listPagination, pageParams, safeString, searchParam } from "./primitives.ts";

export const USER_MESSAGES = {
  fullNameRequired: english("users.fullNameRequired"),
  fullNameLength: english("users.fullNameLength"),
  roleRequired: english("users.roleRequired"),
  centerRequired: english("users.centerRequired"),
  phoneInvalid: english("users.phoneInvalid"),
  emailTaken: english("users.emailTaken"),
  roleNotAllowed: english("users.roleNotAllowed"),
  centerNotAllowed: english("users.centerNotAllowed"),
  selfRole: english("users.selfRole"),
  selfDeactivate: english("users.selfDeactivate"),
  created: english("users.created"),
  createdInvited: english("users.createdInvited"),
  updated: english("users.updated"),
  activated: english("users.activated"),
  deactivated: english("users.deactivated"),
  resetForced: english("users.resetForced"),
} as const;

/** Optional +91, then 10 digits starting with 6 to 9; spaces ignored. */
export const phoneField = safeString()
  .trim()
  .max(20, USER_MESSAGES.phoneInvalid)
  .refine(
    (value) => value === "" || /^(\+91)?[6-9]\d{9}$/.test(value.replace(/[\s-]/g, "")),
    USER_MESSAGES.phoneInvalid,
  );

const optionalText = (max: number) => safeString().trim().max(max, `Must not exceed ${max} characters`);

const userFields = {
  fullName: safeString({ error: USER_MESSAGES.fullNameRequired })
    .trim()
    .min(1, USER_MESSAGES.fullNameRequired)
    .min(2, USER_MESSAGES.fullNameLength)
    .max(100, USER_MESSAGES.fullNameLength),
  email: emailField,
  role: z.enum(ROLES, { error: USER_MESSAGES.roleRequired }),
  centerId: z.uuid().nullable().optional(),
  phoneNumber: phoneField.optional(),
  jobTitle: optionalText(100).optional(),
};

/** Create: a password, or none to e-mail an invitation to set one. */
export const createUserRequest = z.object({
  ...userFields,
  password: z.union([z.literal(""), newPasswordField]).optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const updateUserRequest = z.object({ ...userFields, isActive: z.boolean().optional() });
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const managedUser = z.object({
  id: z.uuid(),
  full_name: safeString(),
  email: safeString(),
  role: z.enum(ROLES),
  center_id: z.uuid().nullable(),
  center_name: safeString().nullable(),
  phone_number: safeString().nullable(),
  job_title: safeString().nullable(),
  is_active: z.boolean(),
  must_reset_password: z.boolean(),
  two_factor_enabled: z.boolean(),
  last_login_at: safeString().nullable(),
});
export type ManagedUser = z.infer<typeof managedUser>;

export const USER_STATUSES = ["all", "active", "inactive"] as const;

/** GET /owners: a page of users, searched by name or e-mail; role and status narrow it (the owner picker). */
export const usersQuery = z.object({
  search: searchParam(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).default("all"),
  ...pageParams,
});
export type UsersQuery = z.input<typeof usersQuery>;
export const userListResponse = z.object({
  users: z.array(managedUser).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type UsersPage = z.infer<typeof userListResponse>;
export const userChangeResponse = z.object({ message: safeString(), user: managedUser });
export const rolesResponse = z.object({ roles: z.array(z.object({ value: z.enum(ROLES), label: safeString() })) });
export const centerOptionsResponse = z.array(z.object({ id: z.uuid(), name: safeString() }));
export const idParams = z.object({ id: z.uuid(english("users.invalidId")) });

export { ACCOUNT_MESSAGES };
