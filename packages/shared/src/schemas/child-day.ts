import { z } from "zod";
import { english } from "../i18n/english.ts";
import { tappedAt } from "../offline.ts";
import { competencyCodesField, competencyTag } from "./development/frameworks-api.ts";
import { isIsoDate, safeString } from "./primitives.ts";

/**
 * The child's day (issue 13): food, sleep and potty entries (spec 1, "Daily activities"), stars,
 * health notes and observation logs. One schema for the teacher's forms and the server.
 */

export const MEAL_TYPES = ["breakfast", "lunch", "snack"] as const;
export type MealType = (typeof MEAL_TYPES)[number];
/** spec 1, section 9: the meal labels. */
export const MEAL_LABELS: Record<MealType, string> = {
  breakfast: "Morning Snack",
  lunch: "Lunch",
  snack: "Evening Snack",
};

export const POTTY_TYPES = ["bathroom", "diaper_change"] as const;
export type PottyType = (typeof POTTY_TYPES)[number];
export const POTTY_LABELS: Record<PottyType, string> = { bathroom: "Bathroom", diaper_change: "Diaper change" };
export const DIAPER_STATUSES = ["dry", "wet", "soiled"] as const;
export type DiaperStatus = (typeof DIAPER_STATUSES)[number];
export const DIAPER_LABELS: Record<DiaperStatus, string> = { dry: "Dry", wet: "Wet", soiled: "Soiled" };

/**
 * Kinds of health note. Allergies (with dietary restrictions) and medical conditions stand until
 * removed; temperatures and notes belong to their day. "medication" is kept for notes written
 * before doses were tied to a parent's consent; new doses go through `doseInput`.
 */
export const HEALTH_KINDS = ["allergy", "condition", "medication", "temperature", "note"] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];
export const HEALTH_LABELS: Record<HealthKind, string> = {
  allergy: "Allergy or dietary restriction",
  condition: "Medical condition",
  medication: "Medication given",
  temperature: "Temperature",
  note: "Health note",
};
/** What a teacher writes in the day's health form (a dose needs a consented medication). */
export const DAY_HEALTH_KINDS = ["temperature", "note", "allergy"] as const;

/** A food percentage the quick buttons offer; any whole number 0–100 is accepted. */
export const FOOD_AMOUNTS = [100, 75, 50, 25, 0] as const;
/** "Ate most" and friends: the one-line summary of a percentage. */
export function amountLabel(percent: number): string {
  if (percent >= 100) return "ate all";
  if (percent >= 75) return "ate most";
  if (percent >= 50) return "ate half";
  if (percent > 0) return "ate a little";
  return "did not eat";
}

export const CHILD_DAY_MESSAGES = {
  childRequired: english("childDay.childRequired"),
  dateRequired: english("childDay.dateRequired"),
  dateFuture: english("childDay.dateFuture"),
  mealRequired: english("childDay.mealRequired"),
  percentRange: english("childDay.percentRange"),
  startRequired: english("childDay.startRequired"),
  timeFormat: english("childDay.timeFormat"),
  endBeforeStart: english("childDay.endBeforeStart"),
  overlap: english("childDay.overlap"),
  pottyTypeRequired: english("childDay.pottyTypeRequired"),
  reasonRequired: english("childDay.reasonRequired"),
  healthKindRequired: english("childDay.healthKindRequired"),
  healthDetailsRequired: english("childDay.healthDetailsRequired"),
  temperatureRange: english("childDay.temperatureRange"),
  notYourClassroom: english("childDay.notYourClassroom"),
  correctionReason: english("childDay.correctionReason"),
  markedAbsent: english("childDay.markedAbsent"),
  childTwice: english("childDay.childTwice"),
  batchKindRequired: english("childDay.batchKindRequired"),
  wakeRequired: english("childDay.wakeRequired"),
  notHere: english("childDay.notHere"),
  batchAsleep: english("childDay.batchAsleep"),
  batchNotAsleep: english("childDay.batchNotAsleep"),
  // spec 1, section 8
  loadFailed: english("childDay.loadFailed"),
  observationsLoadFailed: english("childDay.observationsLoadFailed"),
  observationSaveFailed: english("childDay.observationSaveFailed"),
  observationDeleteFailed: english("childDay.observationDeleteFailed"),
  observationDeleteConfirm: english("childDay.observationDeleteConfirm"),
  observationChildRequired: english("childDay.observationChildRequired"),
  noObservations: english("childDay.noObservations"),
  noActivities: english("childDay.noActivities"),
  attachmentType: english("childDay.attachmentType"),
  attachmentTooLarge: english("childDay.attachmentTooLarge"),
  attachmentUnknown: english("childDay.attachmentUnknown"),
  milestoneNameRequired: english("childDay.milestoneNameRequired"),
  milestoneSourceRequired: english("childDay.milestoneSourceRequired"),
  milestoneAreaUnknown: english("childDay.milestoneAreaUnknown"),
  milestoneDuplicate: english("childDay.milestoneDuplicate"),
  milestoneCentreRequired: english("childDay.milestoneCentreRequired"),
  milestonesLoadFailed: english("childDay.milestonesLoadFailed"),
  milestoneSaveFailed: english("childDay.milestoneSaveFailed"),
  milestoneDeleteFailed: english("childDay.milestoneDeleteFailed"),
  milestoneDeleteConfirm: english("childDay.milestoneDeleteConfirm"),
} as const;

export const OBSERVATION_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const OBSERVATION_ATTACHMENTS_MAX = 5;
export const OBSERVATION_PAGE_SIZE = 20;

const text = (max: number) => safeString().trim().max(max);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = (required: string) =>
  safeString({ error: required }).trim().min(1, required).regex(TIME, CHILD_DAY_MESSAGES.timeFormat);
const childId = z.uuid({ error: CHILD_DAY_MESSAGES.childRequired });
/** The centre's calendar date; the server also refuses one after the centre's today. */
export const dayField = safeString({ error: CHILD_DAY_MESSAGES.dateRequired })
  .trim()
  .min(1, CHILD_DAY_MESSAGES.dateRequired)
  .refine(isIsoDate, { message: CHILD_DAY_MESSAGES.dateRequired });

const percent = z.coerce
  .number({ error: CHILD_DAY_MESSAGES.percentRange })
  .int(CHILD_DAY_MESSAGES.percentRange)
  .min(0, CHILD_DAY_MESSAGES.percentRange)
  .max(100, CHILD_DAY_MESSAGES.percentRange);

export const foodInput = z.object({
  child_id: childId,
  date: dayField,
  meal_type: z.enum(MEAL_TYPES, { error: CHILD_DAY_MESSAGES.mealRequired }),
  food_consumed: percent,
  notes: text(500).default(""),
  tapped_at: tappedAt,
});
export type FoodInput = z.input<typeof foodInput>;

/** A nap's end, when given, comes after its start. */
const endAfterStart = <S extends z.ZodType<{ start_time: string; end_time: string }>>(schema: S): S =>
  schema.refine((value) => value.end_time === "" || value.end_time > value.start_time, {
    message: CHILD_DAY_MESSAGES.endBeforeStart,
    path: ["end_time"],
  });

const napFields = {
  start_time: timeField(CHILD_DAY_MESSAGES.startRequired),
  /** Empty while the child is still asleep. */
  end_time: z.union([z.literal(""), timeField(CHILD_DAY_MESSAGES.timeFormat)]).default(""),
  notes: text(500).default(""),
};

export const sleepInput = endAfterStart(z.object({ child_id: childId, date: dayField, ...napFields }));
export type SleepInput = z.input<typeof sleepInput>;

export const wakeInput = z.object({ end_time: timeField(CHILD_DAY_MESSAGES.timeFormat) });

const pottyFields = {
  type: z.enum(POTTY_TYPES, { error: CHILD_DAY_MESSAGES.pottyTypeRequired }),
  diaper_status: z.enum(DIAPER_STATUSES, { error: CHILD_DAY_MESSAGES.pottyTypeRequired }),
  notes: text(500).default(""),
};
export const pottyInput = z.object({ child_id: childId, date: dayField, ...pottyFields, tapped_at: tappedAt });
export type PottyInput = z.input<typeof pottyInput>;

const starReason = safeString({ error: CHILD_DAY_MESSAGES.reasonRequired })
  .trim()
  .min(1, CHILD_DAY_MESSAGES.reasonRequired)
  .max(200);
export const starInput = z.object({ child_id: childId, reason: starReason, tapped_at: tappedAt });
export type StarInput = z.input<typeof starInput>;

/**
 * The class view (issue 30, point 9): one log for several children, each still getting their own
 * entry. Every child named must be one the teacher records for and checked in that day.
 */
export const BATCH_MAX_CHILDREN = 60;
export const BATCH_KINDS = ["food", "sleep", "wake", "potty", "star"] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

const childIds = z
  .array(childId)
  .min(1, CHILD_DAY_MESSAGES.childRequired)
  .max(BATCH_MAX_CHILDREN)
  .refine((ids) => new Set(ids).size === ids.length, { message: CHILD_DAY_MESSAGES.childTwice });

/** A meal, with what each child ate (the teacher changes the few who ate less). */
export const foodBatchInput = z.object({
  kind: z.literal("food"),
  date: dayField,
  meal_type: z.enum(MEAL_TYPES, { error: CHILD_DAY_MESSAGES.mealRequired }),
  tapped_at: tappedAt,
  entries: z
    .array(z.object({ child_id: childId, food_consumed: percent, notes: text(500).default("") }))
    .min(1, CHILD_DAY_MESSAGES.childRequired)
    .max(BATCH_MAX_CHILDREN)
    .refine((entries) => new Set(entries.map((entry) => entry.child_id)).size === entries.length, {
      message: CHILD_DAY_MESSAGES.childTwice,
    }),
});
export type FoodBatchInput = z.input<typeof foodBatchInput>;

/** They fell asleep (and, when given, woke up) at the same times. */
export const sleepBatchInput = endAfterStart(
  z.object({ kind: z.literal("sleep"), date: dayField, child_ids: childIds, ...napFields }),
);
export type SleepBatchInput = z.input<typeof sleepBatchInput>;

/** They woke up: each child's nap still running that day gets this end time. */
export const wakeBatchInput = z.object({
  kind: z.literal("wake"),
  date: dayField,
  child_ids: childIds,
  end_time: timeField(CHILD_DAY_MESSAGES.wakeRequired),
});
export type WakeBatchInput = z.input<typeof wakeBatchInput>;

export const pottyBatchInput = z.object({
  kind: z.literal("potty"),
  date: dayField,
  child_ids: childIds,
  ...pottyFields,
  tapped_at: tappedAt,
});
export type PottyBatchInput = z.input<typeof pottyBatchInput>;

export const starBatchInput = z.object({
  kind: z.literal("star"),
  date: dayField,
  child_ids: childIds,
  reason: starReason,
  tapped_at: tappedAt,
});
export type StarBatchInput = z.input<typeof starBatchInput>;

export const batchInput = z.discriminatedUnion(
  "kind",
  [foodBatchInput, sleepBatchInput, wakeBatchInput, pottyBatchInput, starBatchInput],
  { error: CHILD_DAY_MESSAGES.batchKindRequired },
);
export type BatchInput = z.output<typeof batchInput>;

/** What a batch saved: one entry for each child named. */
export const batchSaved = z.object({
  kind: z.enum(BATCH_KINDS),
  date: z.string(),
  saved: z.number(),
  child_ids: z.array(z.string()),
});
export type BatchSaved = z.infer<typeof batchSaved>;

/** Why a child named in a batch was refused (the refusal's `details`, by child id). */
export const BATCH_REFUSALS = {
  absent: "marked absent",
  not_checked_in: "not checked in",
  asleep: "already asleep then",
  not_asleep: "not asleep then",
} as const;
export type BatchRefusal = keyof typeof BATCH_REFUSALS;

export const healthInput = z
  .object({
    child_id: childId,
    date: dayField,
    kind: z.enum(DAY_HEALTH_KINDS, { error: CHILD_DAY_MESSAGES.healthKindRequired }),
    details: text(500).default(""),
    temperature_c: z.union([
      z.literal("").transform(() => null),
      z.coerce
        .number({ error: CHILD_DAY_MESSAGES.temperatureRange })
        .min(30, CHILD_DAY_MESSAGES.temperatureRange)
        .max(45, CHILD_DAY_MESSAGES.temperatureRange),
      z.null(),
    ]),
  })
  .superRefine((value, context) => {
    if (value.kind === "temperature" && value.temperature_c === null)
      context.addIssue({ code: "custom", message: CHILD_DAY_MESSAGES.temperatureRange, path: ["temperature_c"] });
    if ((value.kind === "allergy" || value.kind === "note") && value.details === "")
      context.addIssue({ code: "custom", message: CHILD_DAY_MESSAGES.healthDetailsRequired, path: ["details"] });
  });
export type HealthInput = z.input<typeof healthInput>;

/** Removing an entry of an earlier day needs a reason (it is audited). */
export const removeEntryInput = z.object({ reason: text(300).default("") });

export const ENTRY_KINDS = ["food", "sleep", "potty", "star", "health", "dose"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const entryParams = z.object({ kind: z.enum(ENTRY_KINDS), id: z.uuid() });

export const dayQuery = z.object({ date: dayField.optional() });
export const childParams = z.object({ childId: z.uuid() });
export const classroomParams = z.object({ classroomId: z.uuid() });

// ---- Answers (spec 1, section 3: "Daily activities per child and date")

export const foodEntry = z.object({
  id: z.string(),
  meal_type: z.enum(MEAL_TYPES),
  food_consumed: z.number(),
  notes: z.string(),
  created_at: z.string(),
});
export const sleepEntry = z.object({
  id: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  duration_hours: z.number().nullable(),
  notes: z.string(),
});
export const pottyEntry = z.object({
  id: z.string(),
  type: z.enum(POTTY_TYPES),
  diaper_status: z.enum(DIAPER_STATUSES),
  notes: z.string(),
  created_at: z.string(),
});
export const starEntry = z.object({ id: z.string(), date: z.string(), reason: z.string(), awarded_by: z.string() });
export const healthEntry = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.enum(HEALTH_KINDS),
  details: z.string(),
  dose: z.string(),
  given_time: z.string().nullable(),
  temperature_c: z.number().nullable(),
  recorded_by: z.string(),
});

/** A dose of a consented medication given at the centre (the administration log). */
export const doseEntry = z.object({
  id: z.string(),
  medication: z.string(),
  dose: z.string(),
  given_time: z.string(),
  given_by: z.string(),
  notes: z.string(),
});

export const dailyActivities = z.object({
  child_id: z.string(),
  date: z.string(),
  /** Whether the caller may add and correct entries for this child. */
  can_record: z.boolean(),
  food: z.array(foodEntry),
  sleep: z.array(sleepEntry),
  potty: z.array(pottyEntry),
  stars: z.array(starEntry),
  health: z.array(healthEntry),
  doses: z.array(doseEntry),
  /** Standing allergies and dietary restrictions, shown wherever food is recorded. */
  allergies: z.array(z.string()),
});
export type DailyActivities = z.infer<typeof dailyActivities>;

/** The teacher's class list: one row per child, with what is already recorded today. */
export const classroomDay = z.object({
  classroom_id: z.string(),
  classroom_name: z.string(),
  date: z.string(),
  can_record: z.boolean(),
  children: z.array(
    z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      allergies: z.array(z.string()),
      /** Checked in at the centre that day: only these children can be logged for together. */
      checked_in: z.boolean(),
      /** Marked absent by staff that day and not checked in since: no meal, nap or potty for them. */
      absent: z.boolean(),
      /** Checked in that day and checked out since (and not back): still loggable, not "in the room". */
      gone_home: z.boolean(),
      meals: z.array(z.enum(MEAL_TYPES)),
      asleep: z.boolean(),
      sleep_minutes: z.number(),
      potty_count: z.number(),
      stars: z.number(),
    }),
  ),
});
export type ClassroomDay = z.infer<typeof classroomDay>;

export const myClassrooms = z.array(z.object({ id: z.string(), name: z.string(), center_name: z.string() }));
export type MyClassrooms = z.infer<typeof myClassrooms>;

/** The parent portal's tiles: today's one-line facts for one child. */
export const childDaySummary = z.object({
  child_id: z.string(),
  date: z.string(),
  check_in_at: z.string().nullable(),
  check_out_at: z.string().nullable(),
  meals: z.array(z.object({ meal_type: z.enum(MEAL_TYPES), food_consumed: z.number() })),
  sleep_minutes: z.number(),
  asleep: z.boolean(),
  potty_count: z.number(),
  last_diaper_status: z.enum(DIAPER_STATUSES).nullable(),
  stars_this_week: z.number(),
  observations_total: z.number(),
  latest_observation: z.string().nullable(),
  health_today: z.number(),
  doses_today: z.number(),
  last_dose_time: z.string().nullable(),
  allergies: z.array(z.string()),
});
export type ChildDaySummary = z.infer<typeof childDaySummary>;

export const weekStars = z.object({ child_id: z.string(), from: z.string(), stars: z.array(starEntry) });
export type WeekStars = z.infer<typeof weekStars>;

// ---- Observation logs (spec 1: id, child_id, date, milestone, notes, attachments)

export const observationFields = z.object({
  child_id: z.uuid({ error: CHILD_DAY_MESSAGES.observationChildRequired }),
  date: dayField,
  milestone: text(200).default(""),
  notes: text(4000).default(""),
  /**
   * The competencies of the child's centre's framework the log shows (issue 36): codes, as a list
   * or comma separated. Left out on an edit, the tags stay as they are; sent empty, they go.
   */
  competencies: competencyCodesField.optional(),
});
export type ObservationFields = z.input<typeof observationFields>;

/**
 * The edit form: the same fields, and the attachments to drop (their ids, comma separated), so one
 * save can remove a file and add another without the five-file cap refusing it.
 */
export const observationEditFields = observationFields.extend({
  remove_attachments: safeString()
    .trim()
    .default("")
    .transform((value) => (value === "" ? [] : [...new Set(value.split(",").map((id) => id.trim()))]))
    .pipe(z.array(z.uuid({ error: CHILD_DAY_MESSAGES.attachmentUnknown })).max(OBSERVATION_ATTACHMENTS_MAX)),
});

export const observationLog = z.object({
  id: z.string(),
  child_id: z.string(),
  child_name: z.string(),
  date: z.string(),
  center_id: z.string(),
  milestone: z.string(),
  /** Where the milestone came from when the log was saved ("" for one the teacher typed). */
  milestone_source: z.string(),
  notes: z.string(),
  /** Links to the access-checked download route, one per attached file. */
  attachments: z.array(z.object({ id: z.string(), name: z.string(), mime_type: z.string(), url: z.string() })),
  created_by: z.string(),
  can_edit: z.boolean(),
  /** The competencies the log is tagged with (issue 36); none for a log written without. */
  competencies: z.array(competencyTag),
});
export type ObservationLog = z.infer<typeof observationLog>;

export const observationsQuery = z.object({
  child_id: z.uuid().optional(),
  /** Only logs tagged with a competency of this domain (its code, "PD"), or with this competency ("C-3.2"). */
  domain: safeString().trim().max(24).optional(),
  competency: safeString().trim().max(24).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(OBSERVATION_PAGE_SIZE),
});
export const observationsPage = z.object({
  logs: z.array(observationLog),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type ObservationsPage = z.infer<typeof observationsPage>;
export const observationParams = z.object({ id: z.uuid() });
export const attachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/**
 * The built-in developmental framework every centre starts from: the EYFS areas of learning. A
 * centre adds its own milestones (each naming its source) to this list.
 */
export const MILESTONE_SOURCE = "Early Years Foundation Stage (EYFS) areas of learning";
export const MILESTONES = [
  "Communication and language",
  "Physical development",
  "Personal, social and emotional development",
  "Literacy",
  "Mathematics",
  "Understanding the world",
  "Expressive arts and design",
] as const;
/** How many milestones one centre may add to the framework list. */
export const CENTRE_MILESTONES_MAX = 200;

export const milestoneInput = z.object({
  center_id: z.uuid({ error: CHILD_DAY_MESSAGES.milestoneCentreRequired }),
  name: safeString({ error: CHILD_DAY_MESSAGES.milestoneNameRequired })
    .trim()
    .min(1, CHILD_DAY_MESSAGES.milestoneNameRequired)
    .max(200),
  /** One of the framework's areas, or "" for a milestone outside them. */
  area: safeString()
    .trim()
    .default("")
    .refine((value) => value === "" || (MILESTONES as readonly string[]).includes(value), {
      message: CHILD_DAY_MESSAGES.milestoneAreaUnknown,
    }),
  source: safeString({ error: CHILD_DAY_MESSAGES.milestoneSourceRequired })
    .trim()
    .min(1, CHILD_DAY_MESSAGES.milestoneSourceRequired)
    .max(200),
});
export type MilestoneInput = z.input<typeof milestoneInput>;

export const milestonesQuery = z.object({
  center_id: z.uuid({ error: CHILD_DAY_MESSAGES.milestoneCentreRequired }),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CENTRE_MILESTONES_MAX + MILESTONES.length)
    .default(CENTRE_MILESTONES_MAX + MILESTONES.length),
});
export const milestoneParams = z.object({ id: z.uuid() });

/** One entry of a centre's list; `id` is null for the framework's built-in ones. */
export const milestone = z.object({
  id: z.string().nullable(),
  name: z.string(),
  area: z.string(),
  source: z.string(),
  built_in: z.boolean(),
});
export type Milestone = z.infer<typeof milestone>;
export const milestonesPage = z.object({
  milestones: z.array(milestone),
  can_manage: z.boolean(),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_items: z.number() }),
});
export type MilestonesPage = z.infer<typeof milestonesPage>;
