import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { isIsoDate, safeString } from "./primitives.ts";

/**
 * Centre policies (spec 1: the Policies entry, owners' "policy management and implementation",
 * directors' "policy implementation"; issue 16). A policy is published for staff, parents or
 * both; everyone in its audience acknowledges each version.
 */

export const POLICY_AUDIENCES = ["staff", "parents", "both"] as const;
export type PolicyAudience = (typeof POLICY_AUDIENCES)[number];
/** The catalogue's words for each audience; `POLICY_AUDIENCE_LABELS` is their English. */
export const POLICY_AUDIENCE_LABEL_IDS: Record<PolicyAudience, MessageId> = {
  staff: "policies.audienceStaff",
  parents: "policies.audienceParents",
  both: "policies.audienceBoth",
};
export const POLICY_AUDIENCE_LABELS: Record<PolicyAudience, string> = {
  staff: english(POLICY_AUDIENCE_LABEL_IDS.staff),
  parents: english(POLICY_AUDIENCE_LABEL_IDS.parents),
  both: english(POLICY_AUDIENCE_LABEL_IDS.both),
};

export const POLICY_MESSAGES = {
  titleRequired: english("policies.titleRequired"),
  contentRequired: english("policies.contentRequired"),
  effectiveRequired: english("policies.effectiveRequired"),
  audienceRequired: english("policies.audienceRequired"),
  centreRequired: english("policies.centreRequired"),
  fileType: english("policies.fileType"),
  fileTooLarge: english("policies.fileTooLarge"),
  published: english("policies.published"),
  newVersion: english("policies.newVersion"),
  acknowledged: english("policies.acknowledged"),
  reminded: english("policies.reminded"),
  loadFailed: english("policies.loadFailed"),
  saveFailed: english("policies.saveFailed"),
  noPolicies: english("policies.noPolicies"),
  versionUnknown: english("policies.versionUnknown"),
} as const;

export const POLICY_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const POLICY_PAGE_SIZE = 12;
export const ACKNOWLEDGEMENT_PAGE_SIZE = 20;

/** The text fields of the publish form (the PDF travels beside them). */
export const policyFields = z.object({
  title: safeString({ error: POLICY_MESSAGES.titleRequired }).trim().min(1, POLICY_MESSAGES.titleRequired).max(200),
  body: safeString().trim().max(20000).default(""),
  audience: z.enum(POLICY_AUDIENCES, { error: POLICY_MESSAGES.audienceRequired }),
  effective_date: safeString({ error: POLICY_MESSAGES.effectiveRequired })
    .trim()
    .min(1, POLICY_MESSAGES.effectiveRequired)
    .refine(isIsoDate, POLICY_MESSAGES.effectiveRequired),
  /** An owner names the centre; a director's is their own. */
  center_id: z.uuid({ error: POLICY_MESSAGES.centreRequired }).optional(),
});
export type PolicyFields = z.input<typeof policyFields>;

export const policy = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  version: z.number(),
  audience: z.enum(POLICY_AUDIENCES),
  effective_date: z.string(),
  center_id: z.string(),
  center_name: z.string(),
  published_at: z.string(),
  published_by: z.string(),
  pdf: z.object({ name: z.string(), url: z.string() }).nullable(),
  can_manage: z.boolean(),
  /** Members: whether they acknowledged this version, and when. */
  acknowledged_at: z.string().nullable().optional(),
  /** Managers: how many of the audience acknowledged this version, of how many. */
  acknowledged_count: z.number().optional(),
  audience_count: z.number().optional(),
});
export type Policy = z.infer<typeof policy>;

export const policiesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(POLICY_PAGE_SIZE),
});
export const policiesPage = z.object({
  policies: z.array(policy),
  /** Members: policies of their audience not yet acknowledged in their current version. */
  pending: z.number(),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type PoliciesPage = z.infer<typeof policiesPage>;

export const ACKNOWLEDGEMENT_FILTERS = ["all", "acknowledged", "pending"] as const;
export const acknowledgementsQuery = z.object({
  status: z.enum(ACKNOWLEDGEMENT_FILTERS).default("all"),
  /** An earlier version to look back at; the current one when absent. */
  version: z.coerce
    .number({ error: POLICY_MESSAGES.versionUnknown })
    .int(POLICY_MESSAGES.versionUnknown)
    .min(1, POLICY_MESSAGES.versionUnknown)
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ACKNOWLEDGEMENT_PAGE_SIZE),
});
export const acknowledgementsPage = z.object({
  version: z.number(),
  people: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      role: z.string(),
      acknowledged_at: z.string().nullable(),
    }),
  ),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type AcknowledgementsPage = z.infer<typeof acknowledgementsPage>;

export const policyParams = z.object({ id: z.uuid() });
export const remindResult = z.object({ reminded: z.number() });
