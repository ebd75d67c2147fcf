import { z } from "zod";

/**
 * The classroom phone without a network (issue 33): the taps a teacher's device may keep and send
 * later. The server accepts an `Idempotency-Key` on exactly these writes, and the device queues
 * exactly these: one list, read by both.
 */
export const OFFLINE_WRITES = [
  "POST /api/attendance/check-in",
  "POST /api/attendance/check-out",
  "POST /api/attendance/absent",
  "POST /api/daily-activities/food",
  "POST /api/daily-activities/sleep",
  "POST /api/daily-activities/potty",
  "POST /api/daily-activities/batch",
  "POST /api/stars",
  // Text only, as JSON; an observation with photos is sent online, as multipart, without a key.
  "POST /api/observation-logs",
] as const;
export type OfflineWrite = (typeof OFFLINE_WRITES)[number];

export const OFFLINE_MESSAGES = {
  tappedAt: "The time of the tap must be a date and time with its offset",
  tapInFuture: "The time of the tap is in the future",
  tapBeforeDay: "The tap happened before the day it records",
};

/**
 * When the teacher tapped, by the device's clock, if the tap waited on the device: the record keeps
 * that time, not the time it reached the server. Absent means now.
 */
export const tappedAt = z.iso.datetime({ offset: true, error: OFFLINE_MESSAGES.tappedAt }).optional();

/** How far ahead of the server a device's clock may run before its taps count as "in the future". */
export const TAP_CLOCK_SKEW_MS = 2 * 60_000;
