import { OFFLINE_MESSAGES, TAP_CLOCK_SKEW_MS } from "@sprout/shared/offline";
import { badRequest, conflict } from "../../lib/errors.ts";

/**
 * "Today" at a centre is the calendar date in the centre's own time zone: a check-in at 00:30 in
 * Bengaluru belongs to that Indian day even though it is still the day before in UTC.
 */
export function centreDay(timeZone: string, at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The minutes between two instants. */
export const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string): { first: string; last: string; days: string[] } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const days = Array.from({ length: count }, (_, index) => `${month}-${String(index + 1).padStart(2, "0")}`);
  return { first: days[0]!, last: days[days.length - 1]!, days };
}

/**
 * When a tap happened: the device's time for a tap that waited offline (issue 33), else now. A tap
 * may not be in the future (beyond a little clock drift) nor before the day it records (today,
 * unless given).
 */
export function tapTime(tapped: string | undefined, now: Date, timeZone: string, day = centreDay(timeZone, now)): Date {
  if (tapped === undefined) return now;
  const at = new Date(tapped);
  if (at.getTime() > now.getTime() + TAP_CLOCK_SKEW_MS)
    throw badRequest(OFFLINE_MESSAGES.tapInFuture, { tapped_at: OFFLINE_MESSAGES.tapInFuture });
  if (centreDay(timeZone, at) < day) throw conflict(OFFLINE_MESSAGES.tapBeforeDay);
  return at.getTime() > now.getTime() ? now : at;
}
