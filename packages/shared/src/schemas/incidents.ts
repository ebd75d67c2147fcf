import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { isIsoDate, isIsoInstant, itemsPagination, safeString } from "./primitives.ts";

export const INCIDENT_TYPES = ["injury", "illness", "behaviour", "property", "other"] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
/** The catalogue's words for each type; `INCIDENT_TYPE_LABELS` is their English. */
export const INCIDENT_TYPE_LABEL_IDS: Record<IncidentType, MessageId> = {
  injury: "incidents.typeInjury",
  illness: "incidents.typeIllness",
  behaviour: "incidents.typeBehaviour",
  property: "incidents.typeProperty",
  other: "incidents.typeOther",
};
export const INCIDENT_TYPE_LABELS = Object.fromEntries(
  INCIDENT_TYPES.map((type) => [type, english(INCIDENT_TYPE_LABEL_IDS[type])]),
) as Record<IncidentType, string>;

export const INCIDENT_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
/** Spec 2, section 4: "resolved" counts as resolved, anything else as pending. */
export const INCIDENT_STATUSES = ["open", "resolved"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/**
 * Where a report stands with the families: held for a manager's review, shared with the parents,
 * or read and acknowledged by at least one of them.
 */
export const INCIDENT_PARENT_STATUSES = ["awaiting_review", "notified", "acknowledged"] as const;
export type IncidentParentStatus = (typeof INCIDENT_PARENT_STATUSES)[number];
export const INCIDENT_PARENT_STATUS_LABEL_IDS: Record<IncidentParentStatus, MessageId> = {
  awaiting_review: "incidents.parentAwaitingReview",
  notified: "incidents.parentNotified",
  acknowledged: "incidents.parentAcknowledged",
};
export const INCIDENT_PARENT_STATUS_LABELS = Object.fromEntries(
  INCIDENT_PARENT_STATUSES.map((status) => [status, english(INCIDENT_PARENT_STATUS_LABEL_IDS[status])]),
) as Record<IncidentParentStatus, string>;

/** Brightwheel's default: a manager reviews each report before the family sees it. */
export const INCIDENT_REVIEW_DEFAULT = true;
/** A report waiting longer than this for review brings the centre's managers one reminder. */
export const INCIDENT_REVIEW_REMINDER_MINUTES = 30;

export const INCIDENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const INCIDENT_PHOTOS_MAX = 6;
export const INCIDENT_PAGE_SIZES = [5, 10, 25, 50] as const;

export const INCIDENT_MESSAGES = {
  childrenRequired: english("incidents.childrenRequired"),
  typeRequired: english("incidents.typeRequired"),
  occurredRequired: english("incidents.occurredRequired"),
  occurredFuture: english("incidents.occurredFuture"),
  locationRequired: english("incidents.locationRequired"),
  descriptionRequired: english("incidents.descriptionRequired"),
  severityRequired: english("incidents.severityRequired"),
  correctionReason: english("incidents.correctionReason"),
  resolutionRequired: english("incidents.resolutionRequired"),
  notFound: english("incidents.notFound"),
  childNotInCentre: english("incidents.childNotInCentre"),
  alreadyResolved: english("incidents.alreadyResolved"),
  photoRequired: english("incidents.photoRequired"),
  photoType: english("incidents.photoType"),
  photoTooLarge: english("incidents.photoTooLarge"),
  tooManyPhotos: english("incidents.tooManyPhotos"),
  fetchFailed: english("incidents.fetchFailed"),
  noIncidents: english("incidents.noIncidents"),
  saveFailed: english("incidents.saveFailed"),
} as const;

const text = (max: number) => safeString().trim().max(max);
const needed = (message: string, max: number) => safeString({ error: message }).trim().min(1, message).max(max);

/** Date and time the incident happened, as an ISO instant (the form sends its local time as one). */
const occurredAt = safeString({ error: INCIDENT_MESSAGES.occurredRequired })
  .trim()
  .min(1, INCIDENT_MESSAGES.occurredRequired)
  .refine(isIsoInstant, {
    message: INCIDENT_MESSAGES.occurredRequired,
  });

export const incidentFields = z.object({
  child_ids: z
    .array(z.uuid({ error: INCIDENT_MESSAGES.childrenRequired }), { error: INCIDENT_MESSAGES.childrenRequired })
    .min(1, INCIDENT_MESSAGES.childrenRequired)
    .max(20),
  incident_type: z.enum(INCIDENT_TYPES, { error: INCIDENT_MESSAGES.typeRequired }),
  occurred_at: occurredAt,
  location: needed(INCIDENT_MESSAGES.locationRequired, 200),
  description: needed(INCIDENT_MESSAGES.descriptionRequired, 4000),
  first_aid: text(2000).default(""),
  witnesses: text(500).default(""),
  severity: z.enum(INCIDENT_SEVERITIES, { error: INCIDENT_MESSAGES.severityRequired }),
});

export const createIncidentInput = incidentFields.extend({
  /** Needed only by a caller who looks after more than one centre. */
  center_id: z.uuid().optional(),
});
export type CreateIncidentInput = z.input<typeof createIncidentInput>;

/** A correction keeps the report and records why and what changed. */
export const correctIncidentInput = incidentFields.extend({
  correction_reason: needed(INCIDENT_MESSAGES.correctionReason, 500),
});
export type CorrectIncidentInput = z.input<typeof correctIncidentInput>;

export const resolveIncidentInput = z.object({
  resolution_notes: needed(INCIDENT_MESSAGES.resolutionRequired, 2000),
});

export const incidentIdParams = z.object({ id: z.uuid({ error: INCIDENT_MESSAGES.notFound }) });
export const incidentPhotoParams = incidentIdParams.extend({
  photoId: z.uuid({ error: english("incidents.photoNotFound") }),
});

const optionalDate = z.preprocess(
  (value) => (value === "" ? undefined : value),
  safeString()
    .refine(isIsoDate, { message: english("incidents.validDate") })
    .optional(),
);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const incidentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (INCIDENT_PAGE_SIZES as readonly number[]).includes(value), {
      message: english("incidents.pageSize"),
    })
    .default(10),
  status: optional(z.enum(INCIDENT_STATUSES)),
  severity: optional(z.enum(INCIDENT_SEVERITIES)),
  from: optionalDate,
  to: optionalDate,
  child_id: optional(z.uuid()),
  center_id: optional(z.uuid()),
});
export type IncidentsQuery = z.input<typeof incidentsQuery>;

export const incidentChild = z.object({
  id: safeString(),
  name: safeString(),
  classroom_name: safeString().nullable(),
});
export const incidentPhoto = z.object({ id: safeString(), url: safeString() });
/** A parent who read the report and said so: who, and when. */
export const incidentAcknowledgement = z.object({ name: safeString(), at: safeString() });
export type IncidentAcknowledgement = z.infer<typeof incidentAcknowledgement>;

/** The row of the staff list. */
export const incidentListItem = z.object({
  id: safeString(),
  center_id: safeString(),
  center_name: safeString(),
  incident_type: z.enum(INCIDENT_TYPES),
  incident_date: safeString(),
  location: safeString(),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  children: z.array(incidentChild),
  reported_by: safeString().nullable(),
  parents_notified_at: safeString().nullable(),
  parent_status: z.enum(INCIDENT_PARENT_STATUSES),
  /** Every parent of the children involved who acknowledged it, first first. */
  parent_acknowledgements: z.array(incidentAcknowledgement),
  photo_count: z.number().int(),
});
export type IncidentListItem = z.infer<typeof incidentListItem>;

export const incidentEvent = z.object({
  action: safeString(),
  by: safeString().nullable(),
  at: safeString(),
  note: safeString().nullable(),
});

/** The whole report as staff see it, with its history. */
export const staffIncident = incidentListItem.extend({
  description: safeString(),
  first_aid: safeString(),
  witnesses: safeString(),
  resolved_at: safeString().nullable(),
  resolved_by: safeString().nullable(),
  resolution_notes: safeString().nullable(),
  photos: z.array(incidentPhoto),
  history: z.array(incidentEvent),
});
export type StaffIncident = z.infer<typeof staffIncident>;

/** The report as a parent reads it: only their own child's name, no witnesses or other families. */
export const parentIncident = z.object({
  id: safeString(),
  center_name: safeString(),
  incident_type: z.enum(INCIDENT_TYPES),
  incident_date: safeString(),
  location: safeString(),
  description: safeString(),
  first_aid: safeString(),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  children: z.array(incidentChild),
  photos: z.array(incidentPhoto),
  /** When the caller acknowledged it (null: not yet, and the button shows). */
  acknowledged_at: safeString().nullable(),
  /** Acknowledgements by the caller's own family (the caller and the other guardians of their children). */
  acknowledgements: z.array(incidentAcknowledgement),
});
export type ParentIncident = z.infer<typeof parentIncident>;

const pagination = itemsPagination;

export const incidentsPage = z.object({ incidents: z.array(incidentListItem), pagination });
export type IncidentsPage = z.infer<typeof incidentsPage>;
export const parentIncidentsPage = z.object({ incidents: z.array(parentIncident), pagination });
export type ParentIncidentsPage = z.infer<typeof parentIncidentsPage>;

/** The director dashboard's incident counts (spec 2, section 4). */
export const incidentCounts = z.object({
  this_month: z.number().int(),
  pending: z.number().int(),
  critical: z.number().int(),
});
export type IncidentCounts = z.infer<typeof incidentCounts>;

/** Children a reporter may pick, searched on the server. */
export const childPickerQuery = z.object({
  search: safeString().trim().max(100).default(""),
  center_id: optional(z.uuid()),
});
export const childOption = z.object({
  id: safeString(),
  name: safeString(),
  student_id: safeString(),
  classroom_name: safeString().nullable(),
  center_id: safeString(),
});

/** A centre's review setting: does a manager review each report before the parents see it? */
export const incidentReviewQuery = z.object({ center_id: z.uuid({ error: english("incidents.centreRequired") }) });
export const incidentReviewInput = incidentReviewQuery.extend({
  review_before_parents: z.boolean({ error: english("incidents.reviewRequired") }),
});
export type IncidentReviewInput = z.input<typeof incidentReviewInput>;
export const incidentReviewSetting = z.object({
  center_id: safeString(),
  review_before_parents: z.boolean(),
  /** Who last changed it, and when (null while the centre keeps the default). */
  updated_by: safeString().nullable(),
  updated_at: safeString().nullable(),
});
export type IncidentReviewSetting = z.infer<typeof incidentReviewSetting>;
