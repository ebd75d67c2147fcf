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
  fire: "Raise the alarm and call 101. Lead children out by the nearest safe exit; do not stop for belongings or use the lift. Close doors behind you. Take the attendance register and count every child at the assembly point. Do not go back inside.",
  medical_emergency:
    "Stay with the person and call 108. Send one adult for the first-aid kit and the child's medical record. Give first aid you are trained for; do not move the person unless they are in danger. Move other children away and keep them calm.",
  severe_weather:
    "Bring all children indoors now. Move away from windows and glass doors to inner rooms or corridors. Count every child. Unplug electrical equipment and keep children inside until the all-clear.",
  lockdown:
    "Bring children into the nearest room, lock the door and close curtains. Switch off lights and keep everyone quiet, away from doors and windows. Count every child. Do not open the door until the director gives the all-clear in person.",
  evacuation:
    "Stop all activities. Lead children out by the nearest safe exit to the assembly point, walking, with the attendance register. Count every child and report the count to the director. Do not re-enter the building.",
  power_outage:
    "Keep children where they are and calm. Use torches, not candles. Switch off and unplug appliances. Check rooms without windows, lifts and restrooms for anyone left alone. Keep fridge and freezer doors closed.",
  gas_leak:
    "Do not switch anything on or off and do not use phones inside. Open doors and windows if it is safe. Lead children out to the assembly point, count every child and call 1906 or the gas supplier from outside.",
  intruder:
    "Call 112. Keep children away from the intruder and move them into a room that locks. Lock doors, keep children quiet and out of sight. Do not confront the person. Wait for the director or police to give the all-clear.",
};

/** What families see: calm, what is happening, what to do. Filled in with the staff instructions. */
export const PARENT_NOTICES: Partial<Record<AlertType, string>> = {
  fire: "The centre is dealing with a fire alarm. Children are being taken to the assembly point by staff. Please do not come to the centre unless we ask you to; we will update you here.",
  medical_emergency:
    "Staff are attending to a medical situation at the centre. If it concerns your child, we will call you directly. There is nothing you need to do right now.",
  severe_weather:
    "Because of severe weather, all children are indoors and safe with staff. Please travel only when it is safe; we will keep children until you can collect them.",
  lockdown:
    "The centre is in a precautionary lockdown. Children are safe indoors with staff. Please do not come to the centre or call staff phones; we will update you here as soon as it is over.",
  evacuation:
    "The centre is being evacuated as a precaution. Children are with staff at the assembly point. Please wait for our update before coming to collect your child.",
  power_outage:
    "The centre has a power cut. Children are safe and activities continue with staff. No action is needed from you.",
  gas_leak:
    "As a precaution, children have been moved out of the building to the assembly point with staff. Please do not come to the centre until we update you here.",
  intruder:
    "The centre is taking safety precautions and children are secure indoors with staff. Please do not come to the centre; we will update you here.",
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
