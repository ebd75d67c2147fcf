import { wallClockInstant } from "@sprout/shared/schemas/attendance";
import { MILESTONE_SOURCE } from "@sprout/shared/schemas/child-day";
import type { FileStore } from "../files/store.ts";
import { centreDay } from "../modules/attendance/time.ts";
import { addDemoPhoto, SCENES } from "../modules/digital-portfolio/demo.ts";
import type { Database } from "./client.ts";
import { attendanceStays, staffShifts } from "./schema/attendance.ts";
import { foodEntries, observationLogs, pottyEntries, sleepEntries, stars } from "./schema/child-day.ts";

/**
 * Today, already under way when the demo loads: what happened at each centre between its own
 * midnight and now. Teachers clocked in before eight, children arrived between 08:00 and 09:30,
 * a morning snack at ten, lunch at half past twelve, an afternoon snack at a quarter to four, a nap from one (under way until half past two or
 * three), potty breaks, photos of the demo family, and departures from a quarter past four. Only
 * what is already past is written; at 00:30 nothing has happened yet.
 */

/** The centre's wall-clock times, in minutes after its midnight. */
const TIMES = {
  staffIn: 465, // 07:45
  staffOut: 1070, // 17:50
  arrival: 480, // 08:00, to 09:30
  snack: 600, // 10:00
  pottyMorning: 630, // 10:30
  lunch: 750, // 12:30
  napStart: 780, // 13:00
  napEnd: 870, // 14:30, to 15:00
  pottyAfternoon: 905, // 15:05
  eveningSnack: 945, // 15:45
  departure: 975, // 16:15, to 17:45
} as const;

/** Rooms (indexes of the demo's classroom list) whose children nap and wear nappies. */
const NAPPING_ROOMS = new Set([0, 1, 2, 3]);
const NAPPY_ROOMS = new Set([0, 1]);

export interface DemoDayChild {
  id: string;
  centerId: string;
  classroomId: string | null;
  status: string;
  /** The room's place in the demo's list (0 Creche ... 4 Kindy). */
  roomIndex: number;
  /** Not coming today (a cold, a trip): two of each room's ten, never the demo family. */
  stayingHome: boolean;
}

export interface DemoDay {
  organisationId: string;
  centres: { id: string; timeZone: string }[];
  children: DemoDayChild[];
  /** The demo parent's children: they always come, and their day has photos and a star. */
  family: { id: string; centerId: string; classroomId: string | null }[];
  /** Each room's staff, the lead first; staff who clock in today. */
  staffOfRoom: Map<string, string[]>;
  clockingIn: { userId: string; centerId: string }[];
  /** The demo teacher, who takes the family's photos. */
  teacherId: string;
  files?: FileStore;
  /** A centre-local HH:MM the day stops at even when now is later (DEMO_DAY_UNTIL). */
  until?: string;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A spread of 0..span that is the same for the same child and purpose on every load. */
const spread = (index: number, salt: number, span: number) => (index * 37 + salt * 11 + index * salt) % (span + 1);

export async function seedDemoToday(db: Database, input: DemoDay, now: Date) {
  const zoneOf = new Map(input.centres.map((centre) => [centre.id, centre.timeZone]));
  const dayOf = new Map(input.centres.map((centre) => [centre.id, centreDay(centre.timeZone, now)]));
  /** The instant of a centre-local time today, or null when it is not yet past (or past `until`). */
  const past = (centerId: string, minutes: number): Date | null => {
    const day = dayOf.get(centerId)!;
    const zone = zoneOf.get(centerId)!;
    const at = wallClockInstant(day, hhmm(minutes), zone);
    const end = input.until
      ? Math.min(now.getTime(), wallClockInstant(day, input.until, zone).getTime())
      : now.getTime();
    return at.getTime() < end ? at : null;
  };
  const familyIds = new Set(input.family.map((child) => child.id));

  const shifts: (typeof staffShifts.$inferInsert)[] = [];
  for (const [index, person] of input.clockingIn.entries()) {
    const clockInAt = past(person.centerId, TIMES.staffIn + (index % 4) * 5);
    if (!clockInAt) continue;
    shifts.push({
      centerId: person.centerId,
      userId: person.userId,
      day: dayOf.get(person.centerId)!,
      clockInAt,
      clockOutAt: past(person.centerId, TIMES.staffOut + (index % 3) * 5),
    });
  }

  const stays: (typeof attendanceStays.$inferInsert)[] = [];
  const food: (typeof foodEntries.$inferInsert)[] = [];
  const sleep: (typeof sleepEntries.$inferInsert)[] = [];
  const potty: (typeof pottyEntries.$inferInsert)[] = [];
  for (const [index, child] of input.children.entries()) {
    if (child.status !== "active" || !child.classroomId) continue;
    const family = familyIds.has(child.id);
    if (child.stayingHome && !family) continue;
    const day = dayOf.get(child.centerId)!;
    const staffHere = input.staffOfRoom.get(child.classroomId) ?? [];
    const by = staffHere.find((id) => id !== input.teacherId) ?? staffHere[0] ?? null;
    const arrivalMinutes = family ? 520 + (index % 2) * 2 : TIMES.arrival + spread(index, 1, 90);
    const arrival = past(child.centerId, arrivalMinutes);
    if (!arrival) continue;
    const departureMinutes = TIMES.departure + spread(index, 2, 90);
    const departure = past(child.centerId, departureMinutes);
    stays.push({
      organisationId: input.organisationId,
      centerId: child.centerId,
      studentId: child.id,
      classroomId: child.classroomId,
      day,
      checkInAt: arrival,
      checkInBy: by,
      checkOutAt: departure,
      checkOutBy: departure ? by : null,
    });
    /** What happened while the child was at the centre and is already past. */
    const at = (minutes: number) =>
      minutes > arrivalMinutes && minutes < departureMinutes ? past(child.centerId, minutes) : null;
    const common = { studentId: child.id, centerId: child.centerId, day, recordedBy: by };

    // The morning snack is "breakfast" in the app's words, the afternoon one "snack".
    const snack = at(TIMES.snack + spread(index, 3, 10));
    if (snack)
      food.push({ ...common, mealType: "breakfast", foodConsumed: [100, 75, 100, 50][index % 4]!, createdAt: snack });
    const evening = at(TIMES.eveningSnack + spread(index, 9, 10));
    if (evening)
      food.push({ ...common, mealType: "snack", foodConsumed: [75, 100, 100, 50][index % 4]!, createdAt: evening });
    const lunch = at(TIMES.lunch + spread(index, 4, 15));
    if (lunch)
      food.push({
        ...common,
        mealType: "lunch",
        foodConsumed: [100, 75, 100, 100, 50][index % 5]!,
        notes: index % 6 === 0 ? "Asked for more dal" : "",
        createdAt: lunch,
      });
    if (NAPPING_ROOMS.has(child.roomIndex)) {
      const startMinutes = TIMES.napStart + spread(index, 5, 15);
      const start = at(startMinutes);
      if (start) {
        const endMinutes = TIMES.napEnd + spread(index, 6, 30);
        const end = at(endMinutes);
        sleep.push({
          ...common,
          startTime: hhmm(startMinutes),
          endTime: end ? hhmm(endMinutes) : null,
          createdAt: start,
        });
      }
    }
    const nappy = NAPPY_ROOMS.has(child.roomIndex);
    const morning = at(TIMES.pottyMorning + spread(index, 7, 20) + (nappy ? 0 : 30));
    if (morning)
      potty.push({
        ...common,
        type: nappy ? "diaper_change" : "bathroom",
        diaperStatus: nappy ? (index % 3 === 0 ? "soiled" : "wet") : "dry",
        createdAt: morning,
      });
    const afternoon = at(TIMES.pottyAfternoon + spread(index, 8, 15));
    if (afternoon && nappy) potty.push({ ...common, type: "diaper_change", diaperStatus: "wet", createdAt: afternoon });
  }

  // The demo family's morning: a star and an observation, and photos when there is a file store.
  const starValues: (typeof stars.$inferInsert)[] = [];
  const observations: (typeof observationLogs.$inferInsert)[] = [];
  const present = (childId: string, at: Date) =>
    stays.some(
      (stay) =>
        stay.studentId === childId &&
        (stay.checkInAt as Date) < at &&
        (!stay.checkOutAt || (stay.checkOutAt as Date) > at),
    );
  for (const [index, child] of input.family.entries()) {
    if (!child.classroomId) continue;
    const day = dayOf.get(child.centerId)!;
    const staffHere = input.staffOfRoom.get(child.classroomId) ?? [];
    const common = { studentId: child.id, centerId: child.centerId, day, recordedBy: staffHere[0] ?? null };
    const starAt = past(child.centerId, 675 + index * 10); // 11:15
    if (starAt && present(child.id, starAt))
      starValues.push({
        ...common,
        reason: index === 0 ? "Helped a friend tidy up the blocks" : "Tried every vegetable at snack time",
        createdAt: starAt,
      });
    const noteAt = past(child.centerId, 700 + index * 5); // 11:40
    if (noteAt && present(child.id, noteAt))
      observations.push({
        ...common,
        notes:
          index === 0
            ? "Aanya counted the ducks in the rhyme up to five and showed five fingers."
            : "Kabir built a ramp with the blocks and tested which car rolled the furthest.",
        milestone: index === 0 ? "Mathematics" : "Understanding the world",
        milestoneSource: MILESTONE_SOURCE,
        createdAt: noteAt,
        updatedAt: noteAt,
      });
  }

  if (shifts.length) await db.insert(staffShifts).values(shifts);
  if (stays.length) await db.insert(attendanceStays).values(stays);
  if (food.length) await db.insert(foodEntries).values(food);
  if (sleep.length) await db.insert(sleepEntries).values(sleep);
  if (potty.length) await db.insert(pottyEntries).values(potty);
  if (starValues.length) await db.insert(stars).values(starValues);
  if (observations.length) await db.insert(observationLogs).values(observations);

  let photos = 0;
  if (input.files) {
    for (const [index, child] of input.family.entries()) {
      // Aanya at finger painting (10:45), Kabir in the sand pit (11:30).
      const takenAt = past(child.centerId, index === 0 ? 645 : 690);
      if (!takenAt || !present(child.id, takenAt)) continue;
      const scene = index === 0 ? SCENES[2]! : SCENES[3]!;
      await addDemoPhoto(db, input.files, { child, scene, takenAt, teacherId: input.teacherId, favourite: false });
      photos += 1;
    }
  }
  return { stays: stays.length, meals: food.length, naps: sleep.length, potty: potty.length, photos };
}
