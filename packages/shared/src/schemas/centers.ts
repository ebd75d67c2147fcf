import { z } from "zod";
import { english } from "../i18n/english.ts";
import { languageSchema } from "../i18n/languages.ts";
import { safeString } from "./primitives.ts";

export const CENTER_MESSAGES = {
  required: english("centers.required"),
  loadFailed: english("centers.loadFailed"),
  saveFailed: english("centers.saveFailed"),
  saved: english("centers.saved"),
  notAnOwner: english("centers.notAnOwner"),
  noOwner: english("centers.noOwner"),
  capacityNumber: english("centers.capacityNumber"),
  capacityWhole: english("centers.capacityWhole"),
  capacityMin: english("centers.capacityMin"),
  capacityMax: english("centers.capacityMax"),
} as const;

export const CENTER_CAPACITY_MAX = 100_000;

/** The message above the centre form when it is refused: missing fields, or what is wrong with the rest. */
export function centerFormProblem(errors: Partial<Record<string, { message?: string }>>): string {
  if (errors.center_name || errors.address || errors.city) return CENTER_MESSAGES.required;
  const messages = Object.values(errors)
    .map((error) => error?.message)
    .filter((message): message is string => Boolean(message));
  return messages.join(". ") || CENTER_MESSAGES.saveFailed;
}

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
  /** The language of the centre's own copies of its documents. */
  language: languageSchema,
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
    .union([z.literal(""), z.email(english("centers.emailInvalid"))])
    .nullish()
    .transform((value) => value || null),
  capacity: z.coerce
    .number({ error: CENTER_MESSAGES.capacityNumber })
    .int(CENTER_MESSAGES.capacityWhole)
    .min(1, CENTER_MESSAGES.capacityMin)
    .max(CENTER_CAPACITY_MAX, CENTER_MESSAGES.capacityMax)
    .default(150),
  is_active: z.boolean().optional(),
  language: languageSchema.optional(),
  /** The centre's owners; left out, the links stay as they are. */
  owner_ids: z
    .array(z.uuid({ error: CENTER_MESSAGES.notAnOwner }))
    .max(100)
    .optional()
    .transform((ids) => (ids ? [...new Set(ids)] : undefined)),
});
export type CenterInput = z.input<typeof centerInput>;

export const centerIdParams = z.object({ id: z.uuid({ error: english("centers.centerNotFound") }) });
