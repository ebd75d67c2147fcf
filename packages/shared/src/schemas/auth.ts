import { z } from "zod";
import { ROLES } from "../roles.ts";

export const loginRequest = z.object({
  email: z.string().trim().min(1, "Email is required").max(255),
  password: z.string().min(1, "Password is required").max(128),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  fullName: z.string(),
  full_name: z.string(),
  name: z.string(),
  center_id: z.uuid().nullable(),
  centerName: z.string().nullable(),
  center_name: z.string().nullable(),
  mustResetPassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  token: z.string().nullable(),
  sessionToken: z.string(),
  csrfToken: z.string().nullable(),
  refreshToken: z.string().nullable(),
  user: sessionUser.nullable(),
  require2FA: z.boolean(),
  expiresIn: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshRequest = z.object({ refreshToken: z.string().min(1, "No refresh token") });

export const refreshResponse = z.object({
  token: z.string(),
  sessionToken: z.string(),
  csrfToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
});

export const verifyResponse = z.object({ valid: z.literal(true), user: sessionUser });

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  error: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
