import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { isIsoDate, listPagination, pageParams, safeString } from "../primitives.ts";
import { ALL_ABOUT_ME_FIELDS, CARD_PHOTOS_MAX, PAGE_ANSWER_MAX } from "./card.ts";

/*
 * Terms and term assessments (issue 36, point 3): a coordinator opens a term for some classrooms,
 * teachers record a level per competency with the supporting observations beside it, and the
 * coordinator publishes (the child's progress card) or reissues with a reason.
 */

export const ASSESSMENT_MESSAGES = {
  termName: english("development.assess.termNameRequired"),
  termDates: english("development.assess.termDatesOrder"),
  termDate: english("development.assess.termDate"),
  classrooms: english("development.assess.termClassrooms"),
  termNameTaken: english("development.assess.termNameTaken"),
  classroomNotInCentre: english("development.assess.classroomNotInCentre"),
  photoNotAllowed: english("development.assess.photoNotAllowed"),
  tooManyPhotos: english("development.assess.tooManyPhotos", { max: CARD_PHOTOS_MAX }),
  publishedReissueFirst: english("development.assess.publishedReissueFirst"),
  alreadyPublished: english("development.assess.alreadyPublished"),
  notPublished: english("development.assess.notPublished"),
  notStarted: english("development.assess.notStarted"),
  changedMeanwhile: english("development.assess.changedMeanwhile"),
  reasonLength: english("development.assess.reasonLength"),
  childNotInTerm: english("development.assess.childNotInTerm"),
  classroomNotInTerm: english("development.assess.classroomNotInTerm"),
} as const;

export const TERM_NAME_MAX = 80;
export const TERM_CLASSROOMS_MAX = 50;
export const COMMENT_MAX = 500;
export const NARRATIVE_MAX = 1500;
export const REASON_MIN = 5;
export const REASON_MAX = 500;
/** How many supporting observations one competency lists (the most recent first). */
export const OBSERVATIONS_PER_COMPETENCY = 20;
/** How many consented photos the picker offers (the most recent first). */
export const PHOTO_CHOICES_MAX = 60;

const M = ASSESSMENT_MESSAGES;
const day = (message: string) => safeString({ error: message }).trim().refine(isIsoDate, { message });
const termName = safeString({ error: M.termName }).trim().min(1, M.termName).max(TERM_NAME_MAX);
const classroomIds = z
  .array(z.uuid({ error: M.classrooms }), { error: M.classrooms })
  .min(1, M.classrooms)
  .max(TERM_CLASSROOMS_MAX);

export const termInput = z
  .object({
    center_id: z.uuid(),
    name: termName,
    starts_on: day(M.termDate),
    ends_on: day(M.termDate),
    classroom_ids: classroomIds,
  })
  .refine((term) => term.ends_on > term.starts_on, { message: M.termDates, path: ["ends_on"] });
export type TermInput = z.input<typeof termInput>;

export const termPatch = z
  .object({
    name: termName.optional(),
    starts_on: day(M.termDate).optional(),
    ends_on: day(M.termDate).optional(),
    classroom_ids: classroomIds.optional(),
  })
  .refine((term) => !term.starts_on || !term.ends_on || term.ends_on > term.starts_on, {
    message: M.termDates,
    path: ["ends_on"],
  });
export type TermPatch = z.input<typeof termPatch>;

export const termIdParams = z.object({ id: z.uuid() });
export const termChildParams = z.object({ id: z.uuid(), childId: z.uuid() });

export const termsQuery = z.object({
  center_id: z.preprocess((value) => (value === "" ? undefined : value), z.uuid().optional()),
  ...pageParams,
});

export const term = z.object({
  id: z.uuid(),
  center_id: z.uuid(),
  center_name: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  framework_key: z.string(),
  framework_name: z.string(),
  /** The term's classrooms the caller may see (a teacher: her own). */
  classrooms: z.array(z.object({ id: z.uuid(), name: z.string() })),
  created_at: z.string(),
  can_edit: z.boolean(),
  can_publish: z.boolean(),
});
export type Term = z.output<typeof term>;
export const termsPage = z.object({ terms: z.array(term), pagination: listPagination });
export type TermsPage = z.output<typeof termsPage>;

/** A child's place in the term: no assessment yet, or its assessment's status. */
export const CLASS_VIEW_STATUSES = ["not_started", "draft", "submitted", "published"] as const;
export type ClassViewStatus = (typeof CLASS_VIEW_STATUSES)[number];

export const classViewQuery = z.object({
  classroom_id: z.preprocess((value) => (value === "" ? undefined : value), z.uuid().optional()),
  status: z.preprocess((value) => (value === "" ? undefined : value), z.enum(CLASS_VIEW_STATUSES).optional()),
  ...pageParams,
});

export const classViewRow = z.object({
  child_id: z.uuid(),
  child_name: z.string(),
  classroom_id: z.uuid().nullable(),
  classroom_name: z.string().nullable(),
  /** The framework's age band the child is in on the term's first day; null without a date of birth. */
  age_band: z.string().nullable(),
  assessment_id: z.uuid().nullable(),
  status: z.enum(CLASS_VIEW_STATUSES),
  version: z.number().int(),
  /** Competencies suggested for the child's age band that have a level, out of how many there are. */
  levels_recorded: z.number().int(),
  levels_suggested: z.number().int(),
  /** Domains without a narrative yet. */
  domains_missing: z.array(z.string()),
  /** Answers on the child's page, out of its fields; done when every field is answered. */
  page_answers: z.number().int(),
  page_done: z.boolean(),
  photos: z.number().int(),
  published_at: z.string().nullable(),
  /** Of the family's sign-ins, how many acknowledged the version published now. */
  acknowledged: z.number().int(),
  family_accounts: z.number().int(),
  reissue_reason: z.string().nullable(),
});
export type ClassViewRow = z.output<typeof classViewRow>;
export const classView = z.object({
  term,
  domains: z.array(z.object({ code: z.string(), name: z.string() })),
  children: z.array(classViewRow),
  pagination: listPagination,
});
export type ClassView = z.output<typeof classView>;

export const supportingObservation = z.object({
  id: z.uuid(),
  day: z.string(),
  excerpt: z.string(),
  notes: z.string(),
  milestone: z.string(),
  attachments: z.number().int(),
});

export const assessedCompetency = z.object({
  code: z.string(),
  text: z.string(),
  goal_code: z.string(),
  goal_text: z.string(),
  /** Suggested for the child's age band (every competency can still be assessed). */
  suggested: z.boolean(),
  level: z.string().nullable(),
  comment: z.string(),
  observations: z.array(supportingObservation),
  /** Every observation tagged with it in the term, when more than the list shows. */
  observations_total: z.number().int(),
});
export type AssessedCompetency = z.output<typeof assessedCompetency>;

export const cardPhoto = z.object({
  item_id: z.uuid(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
  taken_at: z.string(),
});
export type CardPhoto = z.output<typeof cardPhoto>;

export const ASSESSMENT_STATUS_VALUES = ["draft", "submitted", "published"] as const;

export const childAssessment = z.object({
  term,
  child: z.object({
    id: z.uuid(),
    name: z.string(),
    date_of_birth: z.string().nullable(),
    classroom_name: z.string().nullable(),
    age_band: z.string().nullable(),
    age_band_label: z.string().nullable(),
  }),
  assessment_id: z.uuid().nullable(),
  status: z.enum(CLASS_VIEW_STATUSES),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  published_at: z.string().nullable(),
  reissue_reason: z.string().nullable(),
  /** The scale, with the centre's names for its levels. */
  levels: z.array(z.object({ key: z.string(), label: z.string(), description: z.string() })),
  domains: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      narrative: z.string(),
      competencies: z.array(assessedCompetency),
    }),
  ),
  all_about_me: z.partialRecord(z.enum(ALL_ABOUT_ME_FIELDS), z.string()),
  photos: z.array(cardPhoto),
  /** The child's own photos whose consent allows them on the card now, for the picker. */
  photo_choices: z.array(cardPhoto),
  can_record: z.boolean(),
  can_publish: z.boolean(),
});
export type ChildAssessment = z.output<typeof childAssessment>;

export const assessmentInput = z.object({
  levels: z
    .array(
      z.object({
        competency_code: safeString().trim().min(1).max(24),
        level: safeString().trim().min(1).max(24),
        comment: safeString().trim().max(COMMENT_MAX).default(""),
      }),
    )
    .max(400)
    .default([]),
  narratives: z
    .array(
      z.object({ domain_code: safeString().trim().min(1).max(24), narrative: safeString().trim().max(NARRATIVE_MAX) }),
    )
    .max(40)
    .default([]),
  all_about_me: z.partialRecord(z.enum(ALL_ABOUT_ME_FIELDS), safeString().trim().max(PAGE_ANSWER_MAX)).default({}),
  photo_item_ids: z.array(z.uuid()).max(CARD_PHOTOS_MAX, M.tooManyPhotos).default([]),
  /** The `updated_at` the writer read: a save over someone else's newer one answers 409. */
  updated_at: z.string().max(40).nullable().optional(),
});
export type AssessmentInput = z.input<typeof assessmentInput>;

export const reissueInput = z.object({
  reason: safeString({ error: M.reasonLength }).trim().min(REASON_MIN, M.reasonLength).max(REASON_MAX, M.reasonLength),
});
export type ReissueInput = z.input<typeof reissueInput>;

export const publishClassInput = z.object({ classroom_id: z.uuid() });
export const publishClassResult = z.object({
  published: z.number().int(),
  /** Children of the class whose assessment was not submitted (left as they are). */
  not_submitted: z.number().int(),
});
export type PublishClassResult = z.output<typeof publishClassResult>;

export const assessmentHistory = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      reason: z.string().nullable(),
      published_by_name: z.string().nullable(),
      published_at: z.string(),
    }),
  ),
  /** A reason waiting for the next publication (the assessment is reopened). */
  pending_reason: z.string().nullable(),
});
export type AssessmentHistory = z.output<typeof assessmentHistory>;
