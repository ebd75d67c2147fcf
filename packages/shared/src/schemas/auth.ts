import { z } from "zod";
import { english } from "../i18n/english.ts";
import { ROLES } from "../roles.ts";
import { safeString } from "./primitives.ts";

export const loginRequest = z.object({
  email: safeString().trim().min(1, english("auth.emailRequired")).max(255),
  password: safeString().min(1, english("auth.passwordRequired")).max(128),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.uuid(),
  email: safeString(),
  role: z.enum(ROLES),
  fullName: safeString(),
  full_name: safeString(),
  name: safeString(),
  center_id: z.uuid().nullable(),
  centerName: safeString().nullable(),
  center_name: safeString().nullable(),
  mustResetPassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  token: safeString().nullable(),
  sessionToken: safeString(),
  csrfToken: safeString().nullable(),
  refreshToken: safeString().nullable(),
  user: sessionUser.nullable(),
  require2FA: z.boolean(),
  expiresIn: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshRequest = z.object({ refreshToken: safeString().min(1, english("auth.noRefreshToken")) });

export const refreshResponse = z.object({
  token: safeString(),
  sessionToken: safeString(),
  csrfToken: safeString(),
  refreshToken: safeString(),
  expiresIn: z.number().int(),
});

export const verifyResponse = z.object({ valid: z.literal(true), user: sessionUser });

export const messageResponse = z.object({ message: safeString() });

/** Every 4xx answer (one error handler writes them); `Error` in the OpenAPI description. */
export const errorResponse = z.object({
  error: safeString().describe("What went wrong, in words a person can read"),
  code: safeString().describe("A stable machine-readable code, e.g. VALIDATION_ERROR, NOT_FOUND"),
  details: z.record(safeString(), safeString()).optional().describe("For bad input: a message per field"),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
