import { z } from "zod";
import { english } from "../i18n/english.ts";
import { itemsPagination, safeString } from "./primitives.ts";

/** The spec's alert types, severities and affected-area options (spec 2, section 9). */
export const ALERT_TYPES = [
  "fire",
  "medical_emergency",
  "severe_weather",
  "lockdown",
  "evacuation",
  "power_outage",
  "gas_leak",
  "intruder",
  "other",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  fire: "Fire",
  medical_emergency: "Medical emergency",
  severe_weather: "Severe weather",
  lockdown: "Lockdown",
  evacuation: "Evacuation",
  power_outage: "Power outage",
  gas_leak: "Gas leak",
  intruder: "Intruder",
  other: "Other",
};

export const ALERT_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const DEFAULT_ALERT_SEVERITY: AlertSeverity = "high";

export const AFFECTED_AREAS = [
  "Main Entrance",
  "Kitchen",
  "Playground",
  "Classroom A",
  "Classroom B",
  "Classroom C",
  "Office",
  "Restrooms",
  "Storage",
  "Parking Lot",
] as const;

/** Types whose choice switches the evacuation flag on. */
export const EVACUATION_TYPES: readonly AlertType[] = ["fire", "gas_leak", "evacuation"];

/**
 * What staff do first, filled in when a type is chosen (the director can edit it). Short, in the
 * order things must happen, following common preschool emergency drills.
 */
export const STAFF_INSTRUCTIONS: Partial<Record<AlertType, string>> = {
  fire: english("emergency.staffFire"),
  medical_emergency: english("emergency.staffMedical"),
  severe_weather: english("emergency.staffWeather"),
  lockdown: english("emergency.staffLockdown"),
  evacuation: english("emergency.staffEvacuation"),
  power_outage: english("emergency.staffPower"),
  gas_leak: english("emergency.staffGas"),
  intruder: english("emergency.staffIntruder"),
};

/** What families see: calm, what is happening, what to do. Filled in with the staff instructions. */
export const PARENT_NOTICES: Partial<Record<AlertType, string>> = {
  fire: english("emergency.parentFire"),
  medical_emergency: english("emergency.parentMedical"),
  severe_weather: english("emergency.parentWeather"),
  lockdown: english("emergency.parentLockdown"),
  evacuation: english("emergency.parentEvacuation"),
  power_outage: english("emergency.parentPower"),
  gas_leak: english("emergency.parentGas"),
  intruder: english("emergency.parentIntruder"),
};

export const EMERGENCY_MESSAGES = {
  required: english("emergency.required"),
  resolutionRequired: english("emergency.resolutionRequired"),
  notFound: english("emergency.notFound"),
  alreadyResolved: english("emergency.alreadyResolved"),
  chooseCentre: english("emergency.chooseCentre"),
  unknownArea: english("emergency.unknownArea"),
  triggerFailed: english("emergency.triggerFailed"),
} as const;

const text = (max: number) => safeString().trim().max(max);
const required = (max: number) =>
  safeString({ error: EMERGENCY_MESSAGES.required }).trim().min(1, EMERGENCY_MESSAGES.required).max(max);

/** The Emergency Alert dialog's payload (spec 2, section 3), plus the notice shown to families. */
export const emergencyAlertInput = z.object({
  alert_type: z.enum(ALERT_TYPES, { error: EMERGENCY_MESSAGES.required }),
  severity: z.enum(ALERT_SEVERITIES).default(DEFAULT_ALERT_SEVERITY),
  message: required(1000),
  location: text(200).default(""),
  requires_evacuation: z.boolean().default(false),
  affected_areas: z.array(text(100).min(1)).max(40).default([]),
  instructions: text(2000).default(""),
  parent_message: text(1000).default(""),
  /** Needed only by a caller who looks after more than one centre. */
  center_id: z.uuid({ error: EMERGENCY_MESSAGES.chooseCentre }).optional(),
});
export type EmergencyAlertInput = z.input<typeof emergencyAlertInput>;

export const resolveAlertInput = z.object({
  resolution_notes: safeString({ error: EMERGENCY_MESSAGES.resolutionRequired })
    .trim()
    .min(1, EMERGENCY_MESSAGES.resolutionRequired)
    .max(2000),
});

export const alertIdParams = z.object({ id: z.uuid({ error: EMERGENCY_MESSAGES.notFound }) });

export const ALERT_PAGE_SIZE_MAX = 50;
export const alertsQuery = z.object({
  status: z.enum(["active", "resolved"]).default("active"),
  center_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ALERT_PAGE_SIZE_MAX).default(10),
});
export type AlertsQuery = z.input<typeof alertsQuery>;

export const acknowledgement = z.object({
  user_id: safeString(),
  name: safeString(),
  role: safeString(),
  acknowledged_at: safeString(),
});
export type Acknowledgement = z.infer<typeof acknowledgement>;

/** An alert as staff see it: everything, with its timeline. */
export const staffAlert = z.object({
  id: safeString(),
  center_id: safeString(),
  center_name: safeString(),
  alert_type: z.enum(ALERT_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  message: safeString(),
  location: safeString(),
  requires_evacuation: z.boolean(),
  affected_areas: z.array(safeString()),
  instructions: safeString(),
  parent_message: safeString(),
  triggered_by: safeString().nullable(),
  triggered_at: safeString(),
  resolved_by: safeString().nullable(),
  resolved_at: safeString().nullable(),
  resolution_notes: safeString().nullable(),
  acknowledgements: z.array(acknowledgement),
  acknowledged_by_me: z.boolean(),
});
export type StaffAlert = z.infer<typeof staffAlert>;

/** What a parent sees: the calm notice, never staff instructions or who did what. */
export const familyNotice = z.object({
  id: safeString(),
  center_name: safeString(),
  alert_type: z.enum(ALERT_TYPES),
  notice: safeString(),
  triggered_at: safeString(),
});
export type FamilyNotice = z.infer<typeof familyNotice>;

export const alertsPage = z.object({
  alerts: z.array(staffAlert),
  pagination: itemsPagination,
});
export type AlertsPage = z.infer<typeof alertsPage>;

export const activeAlerts = z.object({ alerts: z.array(staffAlert), notices: z.array(familyNotice) });
export type ActiveAlerts = z.infer<typeof activeAlerts>;

export const triggerAnswer = z.object({ success: z.literal(true), message: safeString(), alert: staffAlert });
export const areaOptions = z.object({ areas: z.array(safeString()) });
