import { z } from "zod";
import { safeString } from "./primitives.ts";

export const CENTER_MESSAGES = {
  required: "Please fill in all required fields",
  loadFailed: "Failed to load centers",
  saveFailed: "Failed to save center",
  saved: "Center saved successfully",
  notAnOwner: "Each selected owner must be an active user with the Owner role",
  noOwner: "No owner",
} as const;

export const center = z.object({
  id: safeString(),
  center_name: safeString(),
  address: safeString(),
  city: safeString(),
  state: safeString().nullable(),
  postal_code: safeString().nullable(),
  phone: safeString().nullable(),
  email: safeString().nullable(),
  capacity: z.number().int(),
  time_zone: safeString(),
  is_active: z.boolean(),
  /** Children on the roll (active or paused). */
  total_students: z.number().int(),
  total_classrooms: z.number().int(),
  /** Owners linked to the centre (owner_centers), in the same order as owner_names. */
  owner_ids: z.array(safeString()),
  owner_names: z.array(safeString()),
});
export type Center = z.infer<typeof center>;

const required = safeString({ error: CENTER_MESSAGES.required }).trim().min(1, CENTER_MESSAGES.required).max(200);
const optional = (max: number) =>
  safeString()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Blanks may arrive as "" or null, so that the form's parsed values parse again on the server. */
export const centerInput = z.object({
  center_name: required,
  address: required,
  city: required,
  state: optional(100),
  postal_code: optional(20),
  phone: optional(30),
  email: z
    .union([z.literal(""), z.email("Please enter a valid email address")])
    .nullish()
    .transform((value) => value || null),
  capacity: z.coerce
    .number()
    .int("Capacity must be a whole number")
    .min(1, "Capacity must be at least 1")
    .max(100_000)
    .default(150),
  is_active: z.boolean().optional(),
  /** The centre's owners; left out, the links stay as they are. */
  owner_ids: z
    .array(z.uuid({ error: CENTER_MESSAGES.notAnOwner }))
    .max(100)
    .optional()
    .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
});
export type CenterInput = z.input<typeof centerInput>;

export const centerIdParams = z.object({ id: z.uuid({ error: "Center not found" }) });
