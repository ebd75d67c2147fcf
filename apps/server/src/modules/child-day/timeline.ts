import {
  type ChildTimeline,
  TIMELINE_MAX_ENTRIES,
  TIMELINE_MAX_PHOTOS,
} from "@sprout/shared/schemas/child-day-timeline";
import { STANDING_KINDS } from "@sprout/shared/schemas/child-health";
import type { PortfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import { and, asc, count, eq, notInArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import {
  foodEntries,
  healthNotes,
  medicationDoses,
  medications,
  observationAttachments,
  observationLogs,
  pottyEntries,
  sleepEntries,
  stars,
} from "../../db/schema/child-day.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { checkDay, findDayChild } from "./lookup.ts";
import { maySeeRecorders } from "./policy.ts";
import { byTime, type DayRows, placeEntries } from "./timeline-presenter.ts";

/** The portfolio's answer to "which photos of this child, taken that day, may this caller see". */
export type DayPhotos = (
  caller: Caller,
  childId: string,
  day: string,
  timeZone: string,
  limit: number,
) => Promise<PortfolioItem[]>;

const checkedInBy = alias(users, "checked_in_by");
const checkedOutBy = alias(users, "checked_out_by");
const recorder = { recordedByName: users.fullName };

/**
 * The child's day as one story (issue 30, point 10): arrival, meals, naps, potty, stars, health,
 * observations, photos and departure of one day, in time order. Each source reads one more row
 * than the cap, so that a day past it says so instead of growing the answer.
 */
export function createTimelineService({ db, clock, photos }: { db: Database; clock: Clock; photos: DayPhotos }) {
  const cap = TIMELINE_MAX_ENTRIES + 1;

  async function read(caller: Caller, childId: string, day: string, timeZone: string): Promise<DayRows> {
    const ofDay = <T extends typeof foodEntries | typeof pottyEntries | typeof stars>(table: T) =>
      and(eq(table.studentId, childId), eq(table.day, day));
    const [stays, food, naps, potty, starRows, health, doses, observations, dayPhotos] = await Promise.all([
      db
        .select({
          id: attendanceStays.id,
          checkInAt: attendanceStays.checkInAt,
          checkOutAt: attendanceStays.checkOutAt,
          checkedInBy: checkedInBy.fullName,
          checkedOutBy: checkedOutBy.fullName,
          collectedBy: attendanceStays.collectedByName,
        })
        .from(attendanceStays)
        .leftJoin(checkedInBy, eq(checkedInBy.id, attendanceStays.checkInBy))
        .leftJoin(checkedOutBy, eq(checkedOutBy.id, attendanceStays.checkOutBy))
        .where(and(eq(attendanceStays.studentId, childId), eq(attendanceStays.day, day)))
        .orderBy(asc(attendanceStays.checkInAt))
        .limit(cap),
      db
        .select({ row: foodEntries, ...recorder })
        .from(foodEntries)
        .leftJoin(users, eq(users.id, foodEntries.recordedBy))
        .where(ofDay(foodEntries))
        .orderBy(asc(foodEntries.createdAt))
        .limit(cap),
      db
        .select({ row: sleepEntries, ...recorder })
        .from(sleepEntries)
        .leftJoin(users, eq(users.id, sleepEntries.recordedBy))
        .where(and(eq(sleepEntries.studentId, childId), eq(sleepEntries.day, day)))
        .orderBy(asc(sleepEntries.startTime))
        .limit(cap),
      db
        .select({ row: pottyEntries, ...recorder })
        .from(pottyEntries)
        .leftJoin(users, eq(users.id, pottyEntries.recordedBy))
        .where(ofDay(pottyEntries))
        .orderBy(asc(pottyEntries.createdAt))
        .limit(cap),
      db
        .select({ row: stars, ...recorder })
        .from(stars)
        .leftJoin(users, eq(users.id, stars.recordedBy))
        .where(ofDay(stars))
        .orderBy(asc(stars.createdAt))
        .limit(cap),
      // The day's temperatures and notes; standing allergies and conditions are not events of a day.
      db
        .select({ row: healthNotes, ...recorder })
        .from(healthNotes)
        .leftJoin(users, eq(users.id, healthNotes.recordedBy))
        .where(
          and(
            eq(healthNotes.studentId, childId),
            eq(healthNotes.day, day),
            notInArray(healthNotes.kind, [...STANDING_KINDS]),
          ),
        )
        .orderBy(asc(healthNotes.createdAt))
        .limit(cap),
      db
        .select({ row: medicationDoses, medication: medications.name, ...recorder })
        .from(medicationDoses)
        .innerJoin(medications, eq(medications.id, medicationDoses.medicationId))
        .leftJoin(users, eq(users.id, medicationDoses.recordedBy))
        .where(and(eq(medicationDoses.studentId, childId), eq(medicationDoses.day, day)))
        .orderBy(asc(medicationDoses.givenTime))
        .limit(cap),
      db
        .select({ row: observationLogs, ...recorder, attachments: count(observationAttachments.id) })
        .from(observationLogs)
        .leftJoin(users, eq(users.id, observationLogs.recordedBy))
        .leftJoin(observationAttachments, eq(observationAttachments.logId, observationLogs.id))
        .where(and(eq(observationLogs.studentId, childId), eq(observationLogs.day, day)))
        .groupBy(observationLogs.id, users.fullName)
        .orderBy(asc(observationLogs.createdAt))
        .limit(cap),
      photos(caller, childId, day, timeZone, TIMELINE_MAX_PHOTOS + 1),
    ]);
    const flat = <R, E>(rows: ({ row: R } & E)[]) => rows.map(({ row, ...extra }) => ({ ...row, ...extra }));
    return {
      stays,
      food: flat(food),
      naps: flat(naps),
      potty: flat(potty),
      stars: flat(starRows),
      health: flat(health),
      doses: flat(doses),
      observations: flat(observations),
      photos: dayPhotos,
    };
  }

  return {
    /** One day of a child the caller may read (a parent's own; staff per the centre's reading rule). */
    async timeline(caller: Caller, childId: string, date?: string): Promise<ChildTimeline> {
      const child = await findDayChild(db, caller, childId);
      const day = checkDay(clock, child, date);
      const rows = await read(caller, child.id, day, child.timeZone);
      const photosCut = rows.photos.length > TIMELINE_MAX_PHOTOS;
      rows.photos = rows.photos.slice(0, TIMELINE_MAX_PHOTOS);
      const placed = placeEntries(rows, day, child.timeZone, maySeeRecorders(caller)).sort(byTime);
      return {
        child_id: child.id,
        date: day,
        entries: placed.slice(0, TIMELINE_MAX_ENTRIES).map((item) => item.entry),
        truncated: photosCut || placed.length > TIMELINE_MAX_ENTRIES,
      };
    },
  };
}
export type TimelineService = ReturnType<typeof createTimelineService>;
