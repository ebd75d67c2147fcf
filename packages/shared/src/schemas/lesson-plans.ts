import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { competencyCodesField, competencyTag } from "./development/frameworks-api.ts";
import { isIsoDate, safeString } from "./primitives.ts";

/**
 * Lesson plans (spec 3, "Lesson plans"; issue 16): a classroom's plan for a date with its
 * objectives, activities and resources, each part checked off by the classroom's teachers.
 */

export const LESSON_PLAN_MESSAGES = {
  topicRequired: english("lessonPlans.topicRequired"),
  dateRequired: english("lessonPlans.dateRequired"),
  classroomRequired: english("lessonPlans.classroomRequired"),
  tooManyItems: english("lessonPlans.tooManyItems"),
  checkoffRequired: english("lessonPlans.checkoffRequired"),
  notYourClassroom: english("lessonPlans.notYourClassroom"),
  saveFailed: english("lessonPlans.saveFailed"),
  loadFailed: english("lessonPlans.loadFailed"),
  deleteConfirm: english("lessonPlans.deleteConfirm"),
  created: english("lessonPlans.created"),
  updated: english("lessonPlans.updated"),
  deleted: english("lessonPlans.deleted"),
  checkedOff: english("lessonPlans.checkedOff"),
  noPlans: english("lessonPlans.noPlans"),
  noPlanToday: english("lessonPlans.noPlanToday"),
} as const;

/** The three parts of a plan, in the spec's order. */
export const LESSON_PARTS = ["objectives", "activities", "resources"] as const;
export type LessonPart = (typeof LESSON_PARTS)[number];
export const LESSON_PART_LABELS: Record<LessonPart, string> = {
  objectives: "Objectives",
  activities: "Activities",
  resources: "Resources",
};

export const LESSON_PLAN_PAGE_SIZE = 12;
const LIST_MAX = 20;

/** One entry per line on the form; blank lines and repeats are dropped. */
const partList = z
  .array(safeString().trim().max(300))
  .max(LIST_MAX + 5, LESSON_PLAN_MESSAGES.tooManyItems)
  .default([])
  .transform((items) => [...new Set(items.filter((item) => item.length > 0))])
  .refine((items) => items.length <= LIST_MAX, LESSON_PLAN_MESSAGES.tooManyItems);

export const lessonDateField = safeString({ error: LESSON_PLAN_MESSAGES.dateRequired })
  .trim()
  .min(1, LESSON_PLAN_MESSAGES.dateRequired)
  .refine(isIsoDate, { message: LESSON_PLAN_MESSAGES.dateRequired });

export const lessonPlanFields = z.object({
  topic: safeString({ error: LESSON_PLAN_MESSAGES.topicRequired })
    .trim()
    .min(1, LESSON_PLAN_MESSAGES.topicRequired)
    .max(200),
  date: lessonDateField,
  classroom_id: z.uuid({ error: LESSON_PLAN_MESSAGES.classroomRequired }),
  objectives: partList,
  activities: partList,
  resources: partList,
  /** For staff only: parents never read these. */
  notes: safeString().trim().max(2000).default(""),
  /**
   * The competencies of the centre's framework the plan works towards (issue 36); left out on an
   * edit, they stay as they are.
   */
  competencies: competencyCodesField.optional(),
});
export type LessonPlanFields = z.input<typeof lessonPlanFields>;

export const checkoffStatus = z.object({
  objectives_done: z.boolean(),
  activities_done: z.boolean(),
  resources_done: z.boolean(),
});
export type CheckoffStatus = z.infer<typeof checkoffStatus>;

/** The parts being ticked or unticked; at least one. */
export const checkoffInput = checkoffStatus
  .partial()
  .refine((value) => Object.values(value).some((done) => done !== undefined), LESSON_PLAN_MESSAGES.checkoffRequired);

/**
 * A plan as a role reads it: parents get the topic, date, classroom and activities (objectives,
 * resources, check-offs and notes are the staff's working material and stay out).
 */
export const lessonPlan = z.object({
  id: z.string(),
  topic: z.string(),
  date: z.string(),
  classroom_id: z.string(),
  classroom_name: z.string(),
  activities: z.array(z.string()),
  objectives: z.array(z.string()).optional(),
  resources: z.array(z.string()).optional(),
  notes: z.string().optional(),
  checkoff_status: checkoffStatus.optional(),
  can_edit: z.boolean(),
  can_checkoff: z.boolean(),
  /** The competencies the plan works towards (issue 36). */
  competencies: z.array(competencyTag),
});
export type LessonPlan = z.infer<typeof lessonPlan>;

export const lessonPlansQuery = z.object({
  classroom_id: z.uuid().optional(),
  from: safeString().refine(isIsoDate, english("lessonPlans.validDate")).optional(),
  to: safeString().refine(isIsoDate, english("lessonPlans.validDate")).optional(),
  /** Only plans tagged with this competency ("C-3.2"): the coordinator's class view links here. */
  competency: safeString().trim().max(24).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(LESSON_PLAN_PAGE_SIZE),
});
/** What the web asks for (the query string carries page and limit as numbers). */
export type LessonPlansQuery = {
  classroom_id?: string;
  from?: string;
  to?: string;
  competency?: string;
  page?: number;
  limit?: number;
};

export const lessonPlansPage = z.object({
  lesson_plans: z.array(lessonPlan),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type LessonPlansPage = z.infer<typeof lessonPlansPage>;

/** Today's plans (the centre's today): a teacher's classrooms, or one child's classroom for a parent. */
export const todayPlansQuery = z.object({ child_id: z.uuid().optional() });
export const todayPlans = z.object({ date: z.string(), lesson_plans: z.array(lessonPlan) });
export type TodayPlans = z.infer<typeof todayPlans>;

export const lessonPlanParams = z.object({ id: z.uuid() });

/** What a failed call was doing, as the error catalogue's sentences end; each is one catalogue choice. */
export const CATALOGUE_ACTIONS = {
  "view lesson plans": "viewPlans",
  "save lesson plans": "savePlans",
  "delete lesson plans": "deletePlans",
  "check off lesson plans": "checkoffPlans",
  "view assignments": "viewAssignments",
  "save assignments": "saveAssignments",
  "delete assignments": "deleteAssignments",
  "submit assignments": "submitAssignments",
  "comment on submissions": "commentSubmissions",
  "view submissions": "viewSubmissions",
} as const;
export type CatalogueAction = keyof typeof CATALOGUE_ACTIONS;

/**
 * The spec's error catalogue for lesson plans and assignments, by response status: `action`
 * finishes the sentence ("view lesson plans", "submit assignments"). A dialog passes its own failure
 * text ("Failed to save lesson plan. Please try again.") as the default, so it shows one message:
 * the specific reason when there is one, else its own words. `say` writes the catalogue's sentences
 * in the reader's language (English without it).
 */
export function catalogueMessage(
  status: number,
  action: CatalogueAction,
  serverMessage?: string,
  fallback?: string,
  say: (id: MessageId, values?: Record<string, string | number>) => string = english,
): string {
  if (status === 0) return say("lessonPlans.networkError");
  if (status === 401) return say("lessonPlans.logInAgain", { action: CATALOGUE_ACTIONS[action] });
  if (status === 403) return say("lessonPlans.noPermission", { action: CATALOGUE_ACTIONS[action] });
  if (status >= 500) return say("lessonPlans.serverError");
  if (serverMessage) return serverMessage;
  return fallback ?? say("lessonPlans.unexpected");
}
