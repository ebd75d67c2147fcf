import type { reportQuery } from "@sprout/shared/schemas/reports";
import { and, gte, inArray, lte } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceDayCounts } from "../../db/schema/counts.ts";
import type { Clock } from "../../lib/clock.ts";
import { monthOf, scopeTimeZone } from "../analytics/calendar.ts";
import { centresOf } from "../analytics/policy.ts";
import { centreDay } from "../attendance/time.ts";

export interface ReportRange {
  from: string;
  to: string;
  today: string;
  centerIds: string[];
  /** The calendar the range is read in: the centre's, or the first of the caller's centres'. */
  timeZone: string;
}

/** The kept children-present rows (migration 0037) of the range's centres and days. */
export const presentDaysOf = ({ centerIds, from, to }: ReportRange) =>
  and(
    inArray(attendanceDayCounts.centerId, centerIds),
    gte(attendanceDayCounts.day, from),
    lte(attendanceDayCounts.day, to),
  );

/** The filter bar resolved: the centres the caller may see (or the one chosen) and the dates. */
export async function resolveRange(
  db: Database,
  clock: Clock,
  caller: Caller,
  query: z.output<typeof reportQuery>,
): Promise<ReportRange> {
  const centerIds = centresOf(await caller.scope(), query.center_id);
  const timeZone = await scopeTimeZone(db, centerIds);
  const today = centreDay(timeZone, clock.now());
  const to = query.to ?? today;
  // Six whole months by default: the month of the end date and the five before it.
  const from = query.from ?? `${monthOf(to, -5)}-01`;
  return { from, to, today, centerIds, timeZone };
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every calendar day of the range, in order. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Every YYYY-MM month the range touches, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = monthOf(from); month <= monthOf(to); month = monthOf(`${month}-01`, 1)) months.push(month);
  return months;
}
