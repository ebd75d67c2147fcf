import type { TimelineEntry } from "@sprout/shared/schemas/child-day-timeline";
import type { PortfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import type {
  foodEntries,
  healthNotes,
  medicationDoses,
  observationLogs,
  pottyEntries,
  sleepEntries,
  stars,
} from "../../db/schema/child-day.ts";
import { centreDay } from "../attendance/time.ts";
import { minutesBetween } from "./presenter.ts";

/** The rows the timeline reads, each with the name of the staff member who recorded it. */
type By = { recordedByName: string | null };
export interface DayRows {
  stays: {
    id: string;
    checkInAt: Date;
    checkOutAt: Date | null;
    checkedInBy: string | null;
    checkedOutBy: string | null;
    collectedBy: string | null;
  }[];
  food: (typeof foodEntries.$inferSelect & By)[];
  naps: (typeof sleepEntries.$inferSelect & By)[];
  potty: (typeof pottyEntries.$inferSelect & By)[];
  stars: (typeof stars.$inferSelect & By)[];
  health: (typeof healthNotes.$inferSelect & By)[];
  doses: (typeof medicationDoses.$inferSelect & By & { medication: string })[];
  observations: (typeof observationLogs.$inferSelect & By & { attachments: number })[];
  photos: PortfolioItem[];
}

/** An entry with what orders it: its time, then when it was written, then arrivals first and departures last. */
export interface Placed {
  entry: TimelineEntry;
  rank: number;
  at: number;
}

/** "HH:MM" on the centre's wall clock. */
function wallClock(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    at,
  );
}

/**
 * Maps a day's rows to timeline entries. `withRecorders` is the staff's view (who recorded each
 * entry); a family's view leaves it out. Who brought and who collected the child is for both.
 */
export function placeEntries(rows: DayRows, day: string, timeZone: string, withRecorders: boolean): Placed[] {
  // An instant shows its time only on its own day: an entry written later for this day has none.
  const timeOf = (at: Date) => (centreDay(timeZone, at) === day ? wallClock(timeZone, at) : null);
  const by = (name: string | null) => (withRecorders ? { recorded_by: name ?? "" } : {});
  const placed: Placed[] = [];
  const put = (entry: TimelineEntry, at: Date, rank = 1) => placed.push({ entry, rank, at: at.getTime() });

  for (const stay of rows.stays) {
    put(
      { kind: "arrival", id: `in-${stay.id}`, time: timeOf(stay.checkInAt), checked_in_by: stay.checkedInBy },
      stay.checkInAt,
      0,
    );
    if (stay.checkOutAt)
      put(
        {
          kind: "departure",
          id: `out-${stay.id}`,
          time: timeOf(stay.checkOutAt),
          collected_by: stay.collectedBy,
          ...by(stay.checkedOutBy),
        },
        stay.checkOutAt,
        2,
      );
  }
  for (const row of rows.food)
    put(
      {
        kind: "meal",
        id: row.id,
        time: timeOf(row.createdAt),
        meal_type: row.mealType,
        food_consumed: row.foodConsumed,
        notes: row.notes,
        ...by(row.recordedByName),
      },
      row.createdAt,
    );
  for (const row of rows.naps)
    put(
      {
        kind: "nap",
        id: row.id,
        time: row.startTime,
        end_time: row.endTime,
        minutes: row.endTime ? minutesBetween(row.startTime, row.endTime) : null,
        notes: row.notes,
        ...by(row.recordedByName),
      },
      row.createdAt,
    );
  for (const row of rows.potty)
    put(
      {
        kind: "potty",
        id: row.id,
        time: timeOf(row.createdAt),
        type: row.type,
        diaper_status: row.diaperStatus,
        notes: row.notes,
        ...by(row.recordedByName),
      },
      row.createdAt,
    );
  for (const row of rows.stars)
    put(
      { kind: "star", id: row.id, time: timeOf(row.createdAt), reason: row.reason, ...by(row.recordedByName) },
      row.createdAt,
    );
  for (const row of rows.health)
    put(
      {
        kind: "health",
        id: row.id,
        time: row.givenTime ?? timeOf(row.createdAt),
        health_kind: row.kind,
        details: row.details,
        dose: row.dose,
        temperature_c: row.temperatureC,
        ...by(row.recordedByName),
      },
      row.createdAt,
    );
  for (const row of rows.doses)
    put(
      {
        kind: "dose",
        id: row.id,
        time: row.givenTime,
        medication: row.medication,
        dose: row.dose,
        notes: row.notes,
        ...by(row.recordedByName),
      },
      row.createdAt,
    );
  for (const row of rows.observations)
    put(
      {
        kind: "observation",
        id: row.id,
        time: timeOf(row.createdAt),
        milestone: row.milestone,
        notes: row.notes,
        attachments: row.attachments,
        ...by(row.recordedByName),
      },
      row.createdAt,
    );
  for (const item of rows.photos) {
    const at = new Date(item.created_at);
    put(
      {
        kind: "photo",
        id: item.id,
        time: timeOf(at),
        title: item.title,
        media_type: item.media_type,
        thumbnail_url: item.thumbnail_url,
        file_url: item.file_url,
        ...by(item.uploaded_by_name),
      },
      at,
    );
  }
  return placed;
}

/**
 * Time order: entries without a time last; within one minute, the order things were written in
 * (a child who went home and came back within a minute), and at one instant arrivals first.
 */
export function byTime(a: Placed, b: Placed): number {
  const time = (placed: Placed) => placed.entry.time ?? "99:99";
  return time(a).localeCompare(time(b)) || a.at - b.at || a.rank - b.rank || a.entry.id.localeCompare(b.entry.id);
}
