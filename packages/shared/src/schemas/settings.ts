import { z } from "zod";
import { english } from "../i18n/english.ts";
import { safeString } from "./primitives.ts";

/* ---------- Academic programs ---------- */

/**
 * The spec's program lists. Every organisation starts with these; Settings → Manage Academic
 * Programs adds more.
 */
export const DEFAULT_PROGRAMS: Readonly<Record<string, readonly string[]>> = {
  Daycare: ["CRECHE", "PLAYGROUP", "TODDLERS", "PRE-KINDY", "KINDY"],
  "Pre-school": ["PLAYGROUP", "TODDLERS", "PRE-KINDY", "KINDY"],
  "Adhoc Daycare": ["Adhoc Daycare"],
  "After-school Care": ["Joey Juniors", "Koala Seniors"],
};

export const SETTINGS_MESSAGES = {
  majorRequired: english("settings.majorRequired"),
  specificRequired: english("settings.specificRequired"),
  programTooLong: english("settings.programTooLong"),
  programDuplicate: english("settings.programDuplicate"),
  companyRequired: english("settings.companyRequired"),
  companyTooShort: english("settings.companyTooShort"),
  companyTooLong: english("settings.companyTooLong"),
  companyDuplicate: english("settings.companyDuplicate"),
  loadPrograms: english("settings.loadPrograms"),
  addProgram: english("settings.addProgram"),
  loadCompanies: english("settings.loadCompanies"),
  addCompany: english("settings.addCompany"),
  programAdded: english("settings.programAdded"),
  companyAdded: english("settings.companyAdded"),
} as const;

export const program = z.object({
  id: safeString(),
  major_program: safeString(),
  specific_program: safeString(),
});
export type Program = z.infer<typeof program>;

const requiredText = (required: string, max: number, tooLong: string) =>
  safeString({ error: required }).trim().min(1, required).max(max, tooLong);

export const createProgramRequest = z.object({
  majorProgram: requiredText(SETTINGS_MESSAGES.majorRequired, 100, SETTINGS_MESSAGES.programTooLong),
  specificProgram: requiredText(SETTINGS_MESSAGES.specificRequired, 100, SETTINGS_MESSAGES.programTooLong),
});
export type CreateProgramRequest = z.input<typeof createProgramRequest>;

/** Programs grouped by major program, in the order they were added. */
export function groupPrograms(
  programs: readonly Pick<Program, "major_program" | "specific_program">[],
): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const row of programs) {
    groups[row.major_program] ??= [];
    groups[row.major_program]!.push(row.specific_program);
  }
  return groups;
}

/* ---------- Tie-up companies ---------- */

export const company = z.object({
  id: safeString(),
  company_name: safeString(),
});
export type Company = z.infer<typeof company>;

export const companyName = safeString({ error: SETTINGS_MESSAGES.companyRequired })
  .trim()
  .min(1, SETTINGS_MESSAGES.companyRequired)
  .min(2, SETTINGS_MESSAGES.companyTooShort)
  .max(100, SETTINGS_MESSAGES.companyTooLong);

export const createCompanyRequest = z.object({ companyName });
export type CreateCompanyRequest = z.input<typeof createCompanyRequest>;

export const checkCompanyQuery = z.object({ name: safeString().trim().max(200).optional().default("") });
export const checkCompanyResponse = z.object({
  hasTieUp: z.boolean(),
  /** The company as it is written in the tie-up list, when there is one. */
  company_name: safeString().nullable(),
});
