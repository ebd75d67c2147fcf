import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { listPagination, pageParams, safeString } from "../primitives.ts";
import { ALL_ABOUT_ME_FIELDS, PAGE_ANSWER_MAX, PARENT_PAGE_FIELDS } from "./card.ts";

/*
 * The progress card as families and staff read it (issue 36, points 4 and 5): the published card,
 * the parent's page and acknowledgement, the centre's list of who has acknowledged, a child's
 * levels across terms and a classroom's distribution of levels.
 */

export const PROGRESS_CARD_MESSAGES = {
  answerTooLong: english("development.card.answerTooLong", { max: PAGE_ANSWER_MAX }),
  notPublished: english("development.card.notPublished"),
} as const;

export const assessmentIdParams = z.object({ assessmentId: z.uuid() });
export const childIdParams = z.object({ id: z.uuid() });
export const termIdParams = z.object({ id: z.uuid() });
export const cardPhotoParams = z.object({ assessmentId: z.uuid(), itemId: z.uuid() });

export const CARD_SHADES = ["colour", "grey"] as const;
export const cardPdfQuery = z.object({ shade: z.enum(CARD_SHADES).default("colour") });

const termSummary = z.object({ id: z.uuid(), name: z.string(), starts_on: z.string(), ends_on: z.string() });
const scaleLevel = z.object({ key: z.string(), label: z.string() });

/** One of a child's published cards, newest term first. */
export const cardListItem = z.object({
  assessment_id: z.uuid(),
  term: termSummary,
  version: z.number().int(),
  published_at: z.string(),
  /** Whether the child's family (any guardian) acknowledged this version. */
  acknowledged: z.boolean(),
});
export const cardList = z.object({ items: z.array(cardListItem) });
export type CardList = z.output<typeof cardList>;

const pageAnswers = z.partialRecord(z.enum(PARENT_PAGE_FIELDS), z.string());

export const progressCard = z.object({
  assessment_id: z.uuid(),
  version: z.number().int(),
  published_at: z.string(),
  child: z.object({
    id: z.uuid(),
    name: z.string(),
    date_of_birth: z.string().nullable(),
    /** Whole years and months of age on the term's last day. */
    age: z.object({ years: z.number().int(), months: z.number().int() }).nullable(),
    classroom_name: z.string().nullable(),
    centre_name: z.string(),
    teacher_names: z.array(z.string()),
  }),
  term: termSummary,
  framework: z.object({ key: z.string(), short_name: z.string() }),
  /** The scale, lowest first, in the words the centre used when the card was published. */
  scale: z.array(scaleLevel),
  /** Days of the term (up to today) the child was checked in, and the days the centre was open. */
  attendance: z.object({ days_present: z.number().int(), days_open: z.number().int(), days_absent: z.number().int() }),
  domains: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      narrative: z.string().nullable(),
      competencies: z.array(
        z.object({
          code: z.string(),
          text: z.string(),
          level: z.string(),
          level_label: z.string(),
          /** 0 for the lowest level of the scale. */
          level_index: z.number().int(),
          comment: z.string(),
        }),
      ),
    }),
  ),
  /** The chosen photos whose every pictured child's consent allows them now. */
  photos: z.array(z.object({ item_id: z.uuid(), title: z.string() })),
  all_about_me: z.partialRecord(z.enum(ALL_ABOUT_ME_FIELDS), z.string()),
  parent_page: z.object({ answers: pageAnswers, updated_at: z.string() }).nullable(),
  /** When the family (any guardian) acknowledged this version, if they have. */
  acknowledged_at: z.string().nullable(),
  /** Whether the caller may write the parent's page and acknowledge (a guardian of the child). */
  can_respond: z.boolean(),
});
export type ProgressCard = z.output<typeof progressCard>;

const answer = safeString().trim().max(PAGE_ANSWER_MAX, PROGRESS_CARD_MESSAGES.answerTooLong);
/** The parent's page as the parent writes it; an empty answer is left out. */
export const parentPageInput = z.object({
  answers: z.partialRecord(z.enum(PARENT_PAGE_FIELDS), answer),
});
export type ParentPageInput = z.output<typeof parentPageInput>;

export const parentPageAnswer = z.object({ answers: pageAnswers, updated_at: z.string() });

export const acknowledgementAnswer = z.object({ version: z.number().int(), acknowledged_at: z.string() });

export const ACKNOWLEDGEMENT_FILTERS = ["all", "pending", "done"] as const;
export const acknowledgementsQuery = z.object({
  classroom_id: z.uuid().optional(),
  state: z.enum(ACKNOWLEDGEMENT_FILTERS).default("all"),
  ...pageParams,
});
export const acknowledgementRow = z.object({
  assessment_id: z.uuid(),
  child_id: z.uuid(),
  child_name: z.string(),
  classroom_name: z.string().nullable(),
  version: z.number().int(),
  published_at: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
});
export const acknowledgementsPage = z.object({
  items: z.array(acknowledgementRow),
  pagination: listPagination,
  /** Published children of the rooms read whose family has not acknowledged the current card. */
  pending: z.number().int(),
});
export type AcknowledgementsPage = z.output<typeof acknowledgementsPage>;

/** A child's level in each published term, per competency (terms in date order). */
export const developmentProgress = z.object({
  terms: z.array(termSummary.extend({ assessment_id: z.uuid() })),
  scale: z.array(scaleLevel),
  domains: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      competencies: z.array(
        z.object({
          code: z.string(),
          text: z.string(),
          /** One per term, in the terms' order: the level's index on the scale, null if not assessed. */
          levels: z.array(z.number().int().nullable()),
        }),
      ),
    }),
  ),
});
export type DevelopmentProgress = z.output<typeof developmentProgress>;

export const distributionQuery = z.object({ classroom_id: z.uuid().optional() });
export const distribution = z.object({
  term: termSummary,
  classroom_id: z.uuid().nullable(),
  /** The term's classrooms the caller reads (to choose one). */
  classrooms: z.array(z.object({ id: z.uuid(), name: z.string() })),
  scale: z.array(scaleLevel),
  /** Children whose assessment in the term is published (those counted below). */
  children: z.number().int(),
  domains: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      /**
       * Children by their level in the domain (the lower middle of their competencies' levels),
       * one count per level of the scale, lowest first; `shares` the same as fractions of `assessed`.
       */
      counts: z.array(z.number().int()),
      shares: z.array(z.number()),
      assessed: z.number().int(),
      /** Competencies where more than half of the children assessed on them are at the lowest level. */
      weakest: z.array(
        z.object({
          code: z.string(),
          text: z.string(),
          at_lowest: z.number().int(),
          assessed: z.number().int(),
          lesson_plans: z.array(z.object({ id: z.uuid(), day: z.string(), topic: z.string() })),
        }),
      ),
    }),
  ),
});
export type Distribution = z.output<typeof distribution>;
