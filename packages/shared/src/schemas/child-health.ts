import { z } from "zod";
import { english } from "../i18n/english.ts";
import { isIsoDate, isoDateField, safeString } from "./primitives.ts";

/**
 * A child's health record (issue 13, point 4; it replaces the spec's "Health tracking coming
 * soon..."): allergies and dietary restrictions, medical conditions, medications with a parent's
 * consent and the doses given, and immunisations.
 */

export const HEALTH_MESSAGES = {
  standingKindRequired: english("childHealth.standingKindRequired"),
  detailsRequired: english("childHealth.detailsRequired"),
  nameRequired: english("childHealth.nameRequired"),
  doseRequired: english("childHealth.doseRequired"),
  scheduleRequired: english("childHealth.scheduleRequired"),
  startRequired: english("childHealth.startRequired"),
  endRequired: english("childHealth.endRequired"),
  endBeforeStart: english("childHealth.endBeforeStart"),
  consentRequired: english("childHealth.consentRequired"),
  noConsent: english("childHealth.noConsent"),
  alreadyWithdrawn: english("childHealth.alreadyWithdrawn"),
  givenTimeRequired: english("childHealth.givenTimeRequired"),
  timeFormat: english("childHealth.timeFormat"),
  vaccineRequired: english("childHealth.vaccineRequired"),
  dateGivenRequired: english("childHealth.dateGivenRequired"),
  dateGivenFuture: english("childHealth.dateGivenFuture"),
  nextDueBeforeGiven: english("childHealth.nextDueBeforeGiven"),
  loadFailed: english("childHealth.loadFailed"),
  noAllergies: english("childHealth.noAllergies"),
  noConditions: english("childHealth.noConditions"),
  noMedications: english("childHealth.noMedications"),
  noImmunisations: english("childHealth.noImmunisations"),
} as const;

export const STANDING_KINDS = ["allergy", "condition"] as const;
export type StandingKind = (typeof STANDING_KINDS)[number];

const text = (max: number) => safeString().trim().max(max);
const required = (message: string, max: number) => safeString({ error: message }).trim().min(1, message).max(max);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const standingInput = z.object({
  kind: z.enum(STANDING_KINDS, { error: HEALTH_MESSAGES.standingKindRequired }),
  details: required(HEALTH_MESSAGES.detailsRequired, 500),
});
export type StandingInput = z.input<typeof standingInput>;

/** A parent asks the centre to give a medication; the consent is part of the request. */
export const medicationInput = z
  .object({
    name: required(HEALTH_MESSAGES.nameRequired, 120),
    dose: required(HEALTH_MESSAGES.doseRequired, 100),
    schedule: required(HEALTH_MESSAGES.scheduleRequired, 200),
    start_date: isoDateField(HEALTH_MESSAGES.startRequired),
    end_date: isoDateField(HEALTH_MESSAGES.endRequired),
    notes: text(500).default(""),
    consent: z.literal(true, { error: HEALTH_MESSAGES.consentRequired }),
  })
  .refine((value) => value.end_date >= value.start_date, {
    message: HEALTH_MESSAGES.endBeforeStart,
    path: ["end_date"],
    when: (payload) => {
      const value = payload.value as { start_date?: unknown; end_date?: unknown };
      return isIsoDate(String(value.start_date)) && isIsoDate(String(value.end_date));
    },
  });
export type MedicationInput = z.input<typeof medicationInput>;

/** A dose given at the centre (today, at the centre's wall-clock time). */
export const doseInput = z.object({
  dose: required(HEALTH_MESSAGES.doseRequired, 100),
  given_time: safeString({ error: HEALTH_MESSAGES.givenTimeRequired })
    .trim()
    .min(1, HEALTH_MESSAGES.givenTimeRequired)
    .regex(TIME, HEALTH_MESSAGES.timeFormat),
  notes: text(300).default(""),
});
export type DoseInput = z.input<typeof doseInput>;

export const immunisationInput = z
  .object({
    vaccine: required(HEALTH_MESSAGES.vaccineRequired, 120),
    date_given: isoDateField(HEALTH_MESSAGES.dateGivenRequired),
    next_due: z.union([z.literal(""), isoDateField(HEALTH_MESSAGES.dateGivenRequired)]).default(""),
    notes: text(300).default(""),
  })
  .refine((value) => value.next_due === "" || value.next_due > value.date_given, {
    message: HEALTH_MESSAGES.nextDueBeforeGiven,
    path: ["next_due"],
    when: (payload) => isIsoDate(String((payload.value as { date_given?: unknown }).date_given)),
  });
export type ImmunisationInput = z.input<typeof immunisationInput>;

export const healthItemParams = z.object({ id: z.uuid() });

// ---- Answers

export const standingItem = z.object({
  id: z.string(),
  kind: z.enum(STANDING_KINDS),
  details: z.string(),
  date: z.string(),
  recorded_by: z.string(),
});

export const medication = z.object({
  id: z.string(),
  name: z.string(),
  dose: z.string(),
  schedule: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  notes: z.string(),
  consent_by: z.string(),
  consent_at: z.string(),
  withdrawn_at: z.string().nullable(),
  /** Consent stands and today is within its dates: staff may give a dose. */
  active: z.boolean(),
});
export type Medication = z.infer<typeof medication>;

export const immunisation = z.object({
  id: z.string(),
  vaccine: z.string(),
  date_given: z.string(),
  next_due: z.string().nullable(),
  notes: z.string(),
  recorded_by: z.string(),
});

export const healthRecord = z.object({
  child_id: z.string(),
  /** The centre's today, the latest date a form may pick. */
  today: z.string(),
  /** Parents: allergies, conditions, medications and consents. */
  can_keep: z.boolean(),
  /** Parents and the centre's administrators: immunisations. */
  can_keep_immunisations: z.boolean(),
  /** Teachers of the child's classroom: give a dose. */
  can_give: z.boolean(),
  allergies: z.array(standingItem),
  conditions: z.array(standingItem),
  medications: z.array(medication),
  immunisations: z.array(immunisation),
});
export type HealthRecord = z.infer<typeof healthRecord>;

// ---- The evening digest e-mail

export const DIGEST_HOUR_DEFAULT = 18;
export const DIGEST_MESSAGES = { hourRange: english("childHealth.digestHourRange") } as const;
export const digestSettingInput = z.object({
  center_id: z.uuid(),
  digest_hour: z.coerce
    .number({ error: DIGEST_MESSAGES.hourRange })
    .int(DIGEST_MESSAGES.hourRange)
    .min(0, DIGEST_MESSAGES.hourRange)
    .max(23, DIGEST_MESSAGES.hourRange),
});
export type DigestSettingInput = z.output<typeof digestSettingInput>;
export const digestSettingQuery = z.object({ center_id: z.uuid() });
export const digestSetting = z.object({ center_id: z.string(), digest_hour: z.number() });
export const digestPreference = z.object({ daily_digest: z.boolean() });
