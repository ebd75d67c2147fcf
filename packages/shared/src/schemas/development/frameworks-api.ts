import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { LIST_MAX_PAGE, safeString } from "../primitives.ts";
import { frameworkAgeBand, frameworkDomain, frameworkLevel, frameworkSource } from "./framework.ts";

/*
 * The frameworks API (issue 36, points 1 and 2): the frameworks an organisation may use, one whole,
 * the centre's choice and its names for the levels, the competency search the tag picker asks, and
 * the tags observations and lesson plans carry.
 */

/** At most this many competencies on one observation or lesson plan. */
export const COMPETENCY_TAGS_MAX = 12;
/** A framework file is small (NCF-FS is 40 kB): refused from 1 MB on. */
export const FRAMEWORK_FILE_MAX_BYTES = 1024 * 1024;
export const COMPETENCY_PAGE_SIZE = 20;

export const DEVELOPMENT_MESSAGES = {
  tooManyCompetencies: english("development.tooManyCompetencies", { max: COMPETENCY_TAGS_MAX }),
  frameworkFileRequired: english("development.frameworkFileRequired"),
  frameworkFileTooLarge: english("development.frameworkFileTooLarge", { size: "1 MB" }),
  centerRequired: english("development.centerRequired"),
} as const;

const codeText = safeString().trim().max(24);

/**
 * The competencies a form sends: a list of codes, or (in a multipart form) one text of codes
 * separated by commas. Repeats and blanks are dropped.
 */
export const competencyCodesField = z
  .union([z.array(codeText), codeText.max(COMPETENCY_TAGS_MAX * 25)])
  .transform((value) => {
    const list = Array.isArray(value) ? value : value.split(",");
    return [...new Set(list.map((code) => code.trim()).filter((code) => code.length > 0))];
  })
  .pipe(z.array(z.string()).max(COMPETENCY_TAGS_MAX, DEVELOPMENT_MESSAGES.tooManyCompetencies));

/** A competency an observation or a lesson plan is tagged with, named as its framework names it. */
export const competencyTag = z.object({
  framework_key: z.string(),
  code: z.string(),
  text: z.string(),
  domain_code: z.string(),
  domain_name: z.string(),
});
export type CompetencyTag = z.infer<typeof competencyTag>;

export const frameworkCounts = z.object({ domains: z.number(), goals: z.number(), competencies: z.number() });

/** A framework in the list: what it is, where it comes from, how large it is. */
export const frameworkSummary = z.object({
  key: z.string(),
  name: z.string(),
  short_name: z.string(),
  source: frameworkSource,
  built_in: z.boolean(),
  counts: frameworkCounts,
  uploaded_at: z.string().nullable(),
});
export type FrameworkSummary = z.infer<typeof frameworkSummary>;

export const frameworksQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_PAGE).default(25),
});
export const frameworksPage = z.object({
  frameworks: z.array(frameworkSummary),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type FrameworksPage = z.infer<typeof frameworksPage>;

export const frameworkKeyParams = z.object({ key: z.string().min(1).max(60) });

/** One framework whole: domains → goals → competencies, its age bands and its levels. */
export const frameworkDetail = frameworkSummary.extend({
  age_bands: z.array(frameworkAgeBand),
  levels: z.array(frameworkLevel),
  domains: z.array(frameworkDomain),
});
export type FrameworkDetail = z.infer<typeof frameworkDetail>;

export const competenciesQuery = z.object({
  center_id: z.uuid().optional(),
  child_id: z.uuid().optional(),
  q: safeString().trim().max(100).optional(),
  domain: codeText.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(COMPETENCY_PAGE_SIZE),
});
export type CompetenciesQuery = z.input<typeof competenciesQuery>;

/** A competency the picker offers, with its goal and domain; `suggested` for the child's age band. */
export const competencyOption = z.object({
  code: z.string(),
  text: z.string(),
  goal_code: z.string(),
  goal_text: z.string(),
  domain_code: z.string(),
  domain_name: z.string(),
  age_bands: z.array(z.string()),
  suggested: z.boolean(),
});
export type CompetencyOption = z.infer<typeof competencyOption>;

export const competenciesPage = z.object({
  framework_key: z.string(),
  framework_name: z.string(),
  /** The child's age band today at the centre, when a child was named and has a date of birth in one. */
  age_band: z.object({ key: z.string(), label: z.string() }).nullable(),
  competencies: z.array(competencyOption),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type CompetenciesPage = z.infer<typeof competenciesPage>;

export const centerIdParams = z.object({ id: z.uuid() });

/** The centre's framework and its names for the levels. */
export const developmentSettings = z.object({
  center_id: z.string(),
  framework_key: z.string(),
  framework_name: z.string(),
  framework_short_name: z.string(),
  levels: z.array(
    z.object({
      key: z.string(),
      /** The name the centre uses: its own, or the framework's. */
      label: z.string(),
      framework_label: z.string(),
      description: z.string(),
      /** The centre's own name, "" when it uses the framework's. */
      custom_label: z.string(),
    }),
  ),
  updated_at: z.string().nullable(),
  can_choose: z.boolean(),
});
export type DevelopmentSettings = z.infer<typeof developmentSettings>;

export const developmentSettingsInput = z.object({
  framework_key: safeString().trim().min(1).max(60),
  /** Level key → the centre's name; a blank name means the framework's own. */
  level_labels: z.record(codeText, safeString().trim().max(40)).default({}),
});
export type DevelopmentSettingsInput = z.input<typeof developmentSettingsInput>;
