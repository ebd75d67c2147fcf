import { z } from "zod";
import { english } from "../i18n/english.ts";
import { DIAPER_STATUSES, HEALTH_KINDS, MEAL_TYPES, POTTY_TYPES } from "./child-day.ts";

/**
 * The parent's day as one story (issue 30, point 10): everything recorded about one child on one
 * day, in time order. Times are the centre's wall clock ("HH:MM"), shown through `formatClockTime`.
 */

/**
 * A day's timeline answers at most this many entries (the earliest first): a real day holds a few
 * dozen. `truncated` says when there were more.
 */
export const TIMELINE_MAX_ENTRIES = 200;
/** Of which at most this many photos and clips (the day's first; the gallery has the rest). */
export const TIMELINE_MAX_PHOTOS = 48;

export const TIMELINE_MESSAGES = {
  empty: english("timeline.empty"),
  emptyDay: english("timeline.emptyDay"),
  loadFailed: english("timeline.loadFailed"),
  truncated: english("timeline.truncated"),
} as const;

const entry = {
  id: z.string(),
  /** When it happened, the centre's "HH:MM"; null for an entry written on a later day without a time of its own. */
  time: z.string().nullable(),
  /** Staff only: who recorded it (a parent reads what happened, not the staff's bookkeeping). */
  recorded_by: z.string().optional(),
};

export const timelineEntry = z.discriminatedUnion("kind", [
  z.object({ ...entry, kind: z.literal("arrival"), checked_in_by: z.string().nullable() }),
  z.object({ ...entry, kind: z.literal("departure"), collected_by: z.string().nullable() }),
  z.object({
    ...entry,
    kind: z.literal("meal"),
    meal_type: z.enum(MEAL_TYPES),
    food_consumed: z.number(),
    notes: z.string(),
  }),
  z.object({
    ...entry,
    kind: z.literal("nap"),
    end_time: z.string().nullable(),
    minutes: z.number().nullable(),
    notes: z.string(),
  }),
  z.object({
    ...entry,
    kind: z.literal("potty"),
    type: z.enum(POTTY_TYPES),
    diaper_status: z.enum(DIAPER_STATUSES),
    notes: z.string(),
  }),
  z.object({ ...entry, kind: z.literal("star"), reason: z.string() }),
  z.object({
    ...entry,
    kind: z.literal("health"),
    health_kind: z.enum(HEALTH_KINDS),
    details: z.string(),
    dose: z.string(),
    temperature_c: z.number().nullable(),
  }),
  z.object({ ...entry, kind: z.literal("dose"), medication: z.string(), dose: z.string(), notes: z.string() }),
  z.object({
    ...entry,
    kind: z.literal("observation"),
    milestone: z.string(),
    notes: z.string(),
    attachments: z.number(),
  }),
  z.object({
    ...entry,
    kind: z.literal("photo"),
    title: z.string(),
    media_type: z.enum(["image", "video"]),
    /** The access-checked routes of the digital portfolio. */
    thumbnail_url: z.string().nullable(),
    file_url: z.string(),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type TimelineKind = TimelineEntry["kind"];

export const childTimeline = z.object({
  child_id: z.string(),
  date: z.string(),
  entries: z.array(timelineEntry),
  /** More than TIMELINE_MAX_ENTRIES (or TIMELINE_MAX_PHOTOS photos) were recorded that day. */
  truncated: z.boolean(),
});
export type ChildTimeline = z.infer<typeof childTimeline>;
