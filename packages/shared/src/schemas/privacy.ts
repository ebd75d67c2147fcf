import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { englishLabels } from "./english-labels.ts";
import { LIST_MAX_PAGE, listPagination, pageParams, safeString } from "./primitives.ts";

/**
 * Privacy (issue 19, points 1 and 2): the organisation's versioned privacy notice, each child's
 * consent per purpose, and the log of staff reads of a child's record.
 */

export const CONSENT_PURPOSES = ["core_records", "portfolio_photos", "group_photos", "messages_digest"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** The purpose without which the centre cannot care for the child. */
export const REQUIRED_PURPOSE: ConsentPurpose = "core_records";

export const PURPOSE_LABEL_IDS: Record<ConsentPurpose, { title: MessageId; explanation: MessageId }> = {
  core_records: { title: "privacy.purposeCoreTitle", explanation: "privacy.purposeCoreExplanation" },
  portfolio_photos: { title: "privacy.purposePortfolioTitle", explanation: "privacy.purposePortfolioExplanation" },
  group_photos: { title: "privacy.purposeGroupTitle", explanation: "privacy.purposeGroupExplanation" },
  messages_digest: { title: "privacy.purposeDigestTitle", explanation: "privacy.purposeDigestExplanation" },
};
export const PURPOSE_LABELS = Object.fromEntries(
  CONSENT_PURPOSES.map((purpose) => [
    purpose,
    { title: english(PURPOSE_LABEL_IDS[purpose].title), explanation: english(PURPOSE_LABEL_IDS[purpose].explanation) },
  ]),
) as Record<ConsentPurpose, { title: string; explanation: string }>;

export const RECORD_KINDS = [
  "profile",
  "health",
  "observations",
  "documents",
  "photos",
  "messages",
  "invoices",
  "work",
  "pickups",
  "assessments",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const RECORD_KIND_LABEL_IDS: Record<RecordKind, MessageId> = {
  profile: "privacy.recordProfile",
  health: "privacy.recordHealth",
  observations: "privacy.recordObservations",
  documents: "privacy.recordDocuments",
  photos: "privacy.recordPhotos",
  messages: "privacy.recordMessages",
  invoices: "privacy.recordInvoices",
  work: "privacy.recordWork",
  pickups: "privacy.recordPickups",
  assessments: "privacy.recordAssessments",
};
export const RECORD_KIND_LABELS = englishLabels(RECORD_KIND_LABEL_IDS);

export const PRIVACY_MESSAGES = {
  titleRequired: english("privacy.titleRequired"),
  titleTooLong: english("privacy.titleTooLong"),
  bodyRequired: english("privacy.bodyRequired"),
  bodyTooShort: english("privacy.bodyTooShort"),
  bodyTooLong: english("privacy.bodyTooLong"),
  answerEveryPurpose: english("privacy.answerEveryPurpose"),
  outdatedNotice: english("privacy.outdatedNotice"),
  requiredRefused: english("privacy.requiredRefused"),
} as const;

// ---- Notices

export const noticeInput = z.object({
  title: safeString({ error: PRIVACY_MESSAGES.titleRequired })
    .trim()
    .min(1, PRIVACY_MESSAGES.titleRequired)
    .max(120, PRIVACY_MESSAGES.titleTooLong),
  body: safeString({ error: PRIVACY_MESSAGES.bodyRequired })
    .trim()
    .min(1, PRIVACY_MESSAGES.bodyRequired)
    .min(50, PRIVACY_MESSAGES.bodyTooShort)
    .max(20_000, PRIVACY_MESSAGES.bodyTooLong),
});
export type NoticeInput = z.infer<typeof noticeInput>;

export const privacyNotice = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  published_by_name: z.string().nullable(),
  published_at: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNotice>;

export const noticesQuery = z.object({ ...pageParams });
export const noticesPage = z.object({
  notices: z.array(privacyNotice).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type NoticesPage = z.infer<typeof noticesPage>;
export const currentNotice = z.object({ notice: privacyNotice });

// ---- Consents

const answer = (purpose: ConsentPurpose) =>
  z.boolean({ error: english("privacy.answerPurpose", { purpose: PURPOSE_LABELS[purpose].title }) });

export const consentAnswers = z.object({
  notice_version: z.number().int().positive(),
  core_records: answer("core_records"),
  portfolio_photos: answer("portfolio_photos"),
  group_photos: answer("group_photos"),
  messages_digest: answer("messages_digest"),
});
export type ConsentAnswers = z.infer<typeof consentAnswers>;

export const consentRecord = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  given: z.boolean(),
  notice_version: z.number().int().nullable(),
  given_at: z.string(),
  given_by_name: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

export const childConsents = z.object({
  child_id: z.string(),
  child_name: z.string(),
  center_name: z.string(),
  center_phone: z.string().nullable(),
  center_email: z.string().nullable(),
  consents: z.array(consentRecord),
  /** Every purpose answered against the newest notice. */
  up_to_date: z.boolean(),
  /** The family refused core records and billing: the portal says what follows, the desk follows up. */
  records_refused: z.boolean(),
});
export type ChildConsents = z.infer<typeof childConsents>;

/** A child whose family refused core records and billing, as the centre's desk sees it. */
export const consentRefusal = z.object({
  child_id: z.string(),
  child_name: z.string(),
  center_id: z.string(),
  center_name: z.string(),
  refused_by_name: z.string().nullable(),
  refused_by_phone: z.string().nullable(),
  refused_by_email: z.string().nullable(),
  refused_at: z.string(),
  notice_version: z.number().int().nullable(),
});
export type ConsentRefusal = z.infer<typeof consentRefusal>;
export const consentRefusalsQuery = z.object({ ...pageParams });
export const consentRefusalsPage = z.object({
  refusals: z.array(consentRefusal).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type ConsentRefusalsPage = z.infer<typeof consentRefusalsPage>;

export const myConsents = z.object({
  notice: privacyNotice,
  children: z.array(childConsents),
  /** The parent must read the notice and answer before using the portal. */
  needs_answer: z.boolean(),
});
export type MyConsents = z.infer<typeof myConsents>;

// ---- Access log

export const accessLogQuery = z.object({
  child_id: z.uuid().optional(),
  staff_id: z.uuid().optional(),
  ...pageParams,
});
export const childAccessQuery = z.object({ ...pageParams });

/** What a parent sees: who (name, role), when, what kind of record. */
export const parentAccessEntry = z.object({
  id: z.string(),
  staff_name: z.string(),
  staff_role: z.string(),
  kind: z.enum(RECORD_KINDS),
  viewed_at: z.string(),
});
/** What a director sees besides: which child, from which screen. */
export const centreAccessEntry = parentAccessEntry.extend({
  staff_id: z.string(),
  child_id: z.string(),
  child_name: z.string(),
  screen: z.string().nullable(),
});
export type ParentAccessEntry = z.infer<typeof parentAccessEntry>;
export type CentreAccessEntry = z.infer<typeof centreAccessEntry>;

export const childAccessPage = z.object({
  entries: z.array(parentAccessEntry).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export const centreAccessPage = z.object({
  entries: z.array(centreAccessEntry).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type ChildAccessPage = z.infer<typeof childAccessPage>;
export type CentreAccessPage = z.infer<typeof centreAccessPage>;

/** The filters' choices: staff who read records, children whose records were read (bounded). */
export const accessLogFilters = z.object({
  staff: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })).max(LIST_MAX_PAGE),
  children: z.array(z.object({ id: z.string(), name: z.string() })).max(LIST_MAX_PAGE),
});
export type AccessLogFilters = z.infer<typeof accessLogFilters>;
