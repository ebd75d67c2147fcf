import { z } from "zod";

export const CENTER_MESSAGES = {
  required: "Please fill in all required fields",
  loadFailed: "Failed to load centers",
  saveFailed: "Failed to save center",
  saved: "Center saved successfully",
} as const;

export const center = z.object({
  id: z.string(),
  center_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  capacity: z.number().int(),
  time_zone: z.string(),
  is_active: z.boolean(),
  /** Children on the roll (active or paused). */
  total_students: z.number().int(),
  total_classrooms: z.number().int(),
});
export type Center = z.infer<typeof center>;

const required = z.string({ error: CENTER_MESSAGES.required }).trim().min(1, CENTER_MESSAGES.required).max(200);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

export const centerInput = z.object({
  center_name: required,
  address: required,
  city: required,
  state: optional(100),
  postal_code: optional(20),
  phone: optional(30),
  email: z
    .union([z.literal(""), z.email("Please enter a valid email address")])
    .optional()
    .transform((value) => value || null),
  capacity: z.coerce
    .number()
    .int("Capacity must be a whole number")
    .min(1, "Capacity must be at least 1")
    .max(100_000)
    .default(150),
  is_active: z.boolean().optional(),
});
export type CenterInput = z.input<typeof centerInput>;

export const centerIdParams = z.object({ id: z.uuid({ error: "Center not found" }) });
