import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centers } from "../../db/schema/organisations.ts";
import { centreDay } from "../attendance/time.ts";

const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/**
 * "Today" and "this month" for figures over several centres: the calendar of the first centre
 * (an organisation's centres share one time zone in practice; each centre's own day is used
 * wherever a figure is per centre, as in ratios).
 */
export async function scopeToday(db: Database, centerIds: string[], now: Date): Promise<string> {
  return centreDay(await scopeTimeZone(db, centerIds), now);
}

/** The time zone of several centres' calendar: the first centre's (by name), or the default. */
export async function scopeTimeZone(db: Database, centerIds: string[]): Promise<string> {
  if (centerIds.length === 0) return DEFAULT_TIME_ZONE;
  const [first] = await db
    .select({ timeZone: centers.timeZone })
    .from(centers)
    .where(inArray(centers.id, centerIds))
    .orderBy(asc(centers.name))
    .limit(1);
  return first?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** YYYY-MM of a YYYY-MM-DD day, moved by whole months. */
export function monthOf(day: string, shift = 0): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + shift, 1));
  return date.toISOString().slice(0, 7);
}

export const firstDay = (month: string) => `${month}-01`;

/** The first day of the month after. */
export const nextMonthStart = (month: string) => firstDay(monthOf(firstDay(month), 1));
