import type { ChildDaySummary, ClassroomDay, MyClassrooms, WeekStars } from "@sprout/shared/schemas/child-day";
import { STANDING_KINDS } from "@sprout/shared/schemas/child-health";
import { and, asc, count, desc, eq, gte, inArray, ne, notInArray, sql } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import { type Caller, mayReadClassroom } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";
import {
  foodEntries,
  healthNotes,
  medicationDoses,
  observationLogs,
  pottyEntries,
  sleepEntries,
  stars,
} from "../../db/schema/child-day.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { centreDay } from "../attendance/time.ts";
import { checkDay, findDayChild, recordingRooms } from "./lookup.ts";
import { mayReadChildren } from "./policy.ts";
import { minutesBetween, toStar } from "./presenter.ts";
import type { DailyActivitiesService } from "./service.ts";

/** Monday of the week holding `day` (weeks at the centre start on Monday). */
function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

const sleptMinutes = (rows: { startTime: string; endTime: string | null }[]) =>
  rows.reduce((total, row) => total + (row.endTime ? minutesBetween(row.startTime, row.endTime) : 0), 0);

/** The read-mostly views: the parent's tiles, the week's stars, and the teacher's class list. */
export function createChildDaySummaryService({
  db,
  clock,
  daily,
}: {
  db: Database;
  clock: Clock;
  daily: DailyActivitiesService;
}) {
  return {
    /** Today's one-line facts for each tile of the parent portal, in a handful of indexed reads. */
    async summary(caller: Caller, childId: string): Promise<ChildDaySummary> {
      const child = await findDayChild(db, caller, childId);
      const day = centreDay(child.timeZone, clock.now());
      const byChildDay = <T extends typeof foodEntries | typeof sleepEntries | typeof pottyEntries>(table: T) =>
        and(eq(table.studentId, child.id), eq(table.day, day));
      const [stay, meals, naps, potty, starCount, observations, healthToday, doses, allergies] = await Promise.all([
        db
          .select({ in: attendanceStays.checkInAt, out: attendanceStays.checkOutAt })
          .from(attendanceStays)
          .where(and(eq(attendanceStays.studentId, child.id), eq(attendanceStays.day, day)))
          .orderBy(desc(attendanceStays.checkInAt))
          .limit(1),
        db
          .select({ mealType: foodEntries.mealType, foodConsumed: foodEntries.foodConsumed })
          .from(foodEntries)
          .where(byChildDay(foodEntries))
          .orderBy(asc(foodEntries.createdAt)),
        db
          .select({ startTime: sleepEntries.startTime, endTime: sleepEntries.endTime })
          .from(sleepEntries)
          .where(byChildDay(sleepEntries)),
        db
          .select({ status: pottyEntries.diaperStatus })
          .from(pottyEntries)
          .where(byChildDay(pottyEntries))
          .orderBy(asc(pottyEntries.createdAt)),
        db
          .select({ total: count() })
          .from(stars)
          .where(and(eq(stars.studentId, child.id), gte(stars.day, weekStart(day)))),
        db
          .select({
            milestone: observationLogs.milestone,
            notes: observationLogs.notes,
            total: sql<number>`count(*) over ()::int`,
          })
          .from(observationLogs)
          .where(eq(observationLogs.studentId, child.id))
          .orderBy(desc(observationLogs.day), desc(observationLogs.createdAt))
          .limit(1),
        db
          .select({ total: count() })
          .from(healthNotes)
          .where(
            and(
              eq(healthNotes.studentId, child.id),
              eq(healthNotes.day, day),
              notInArray(healthNotes.kind, [...STANDING_KINDS]),
            ),
          ),
        db
          .select({ time: medicationDoses.givenTime })
          .from(medicationDoses)
          .where(and(eq(medicationDoses.studentId, child.id), eq(medicationDoses.day, day)))
          .orderBy(asc(medicationDoses.givenTime)),
        daily.allergiesOf([child.id]),
      ]);
      const latest = observations[0];
      return {
        child_id: child.id,
        date: day,
        check_in_at: stay[0]?.in.toISOString() ?? null,
        check_out_at: stay[0]?.out?.toISOString() ?? null,
        meals: meals.map((meal) => ({ meal_type: meal.mealType, food_consumed: meal.foodConsumed })),
        sleep_minutes: sleptMinutes(naps),
        asleep: naps.some((nap) => nap.endTime === null),
        potty_count: potty.length,
        last_diaper_status: potty.at(-1)?.status ?? null,
        stars_this_week: starCount[0]?.total ?? 0,
        observations_total: latest?.total ?? 0,
        latest_observation: latest ? latest.milestone || latest.notes.slice(0, 80) : null,
        health_today: healthToday[0]?.total ?? 0,
        doses_today: doses.length,
        last_dose_time: doses.at(-1)?.time ?? null,
        allergies: allergies.get(child.id) ?? [],
      };
    },

    async weekStars(caller: Caller, childId: string): Promise<WeekStars> {
      const child = await findDayChild(db, caller, childId);
      const from = weekStart(centreDay(child.timeZone, clock.now()));
      const rows = await db
        .select({ star: stars, awardedBy: users.fullName })
        .from(stars)
        .leftJoin(users, eq(users.id, stars.recordedBy))
        .where(and(eq(stars.studentId, child.id), gte(stars.day, from)))
        .orderBy(desc(stars.day), desc(stars.createdAt))
        .limit(100);
      return { child_id: child.id, from, stars: rows.map((row) => toStar({ ...row.star, awardedBy: row.awardedBy })) };
    },

    /** The classrooms a teacher records for (their own), with the centre's name. */
    async myClassrooms(caller: Caller): Promise<MyClassrooms> {
      if (!may(caller, "childDay.record")) return [];
      const rooms = (await caller.scope()).classroomIds ?? [];
      if (rooms.length === 0) return [];
      const rows = await db
        .select({ id: classrooms.id, name: classrooms.name, centerName: centers.name })
        .from(classrooms)
        .innerJoin(centers, eq(centers.id, classrooms.centerId))
        .where(inArray(classrooms.id, rooms))
        .orderBy(asc(classrooms.name));
      return rows.map((row) => ({ id: row.id, name: row.name, center_name: row.centerName }));
    },

    /** One row per child of a classroom with what is already recorded that day. */
    async classroomDay(caller: Caller, classroomId: string, date?: string): Promise<ClassroomDay> {
      if (!mayReadChildren(caller)) throw forbidden();
      const scope = await caller.scope();
      const [room] = await db
        .select({ id: classrooms.id, name: classrooms.name, centerId: classrooms.centerId, timeZone: centers.timeZone })
        .from(classrooms)
        .innerJoin(centers, eq(centers.id, classrooms.centerId))
        .where(eq(classrooms.id, classroomId));
      // Another centre's room, and for a teacher another room of her own centre, is not found.
      if (!room || !mayReadClassroom(scope, room)) throw notFound("Classroom");
      const day = checkDay(clock, room, date);
      const kids = await db
        .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
        .from(students)
        .where(and(eq(students.classroomId, room.id), ne(students.status, "left")))
        .orderBy(asc(students.firstName), asc(students.lastName))
        .limit(200);
      const ids = kids.map((kid) => kid.id);
      const none = Promise.resolve([]);
      const [meals, naps, potty, starRows, stays, absences, allergies, rooms] = await Promise.all([
        ids.length
          ? db
              .select({ id: foodEntries.studentId, meal: foodEntries.mealType })
              .from(foodEntries)
              .where(and(inArray(foodEntries.studentId, ids), eq(foodEntries.day, day)))
          : none,
        ids.length
          ? db
              .select({ id: sleepEntries.studentId, startTime: sleepEntries.startTime, endTime: sleepEntries.endTime })
              .from(sleepEntries)
              .where(and(inArray(sleepEntries.studentId, ids), eq(sleepEntries.day, day)))
          : none,
        ids.length
          ? db
              .select({ id: pottyEntries.studentId })
              .from(pottyEntries)
              .where(and(inArray(pottyEntries.studentId, ids), eq(pottyEntries.day, day)))
          : none,
        ids.length
          ? db
              .select({ id: stars.studentId })
              .from(stars)
              .where(and(inArray(stars.studentId, ids), eq(stars.day, day)))
          : none,
        // Attendance is read, not changed: who was checked in (and who was marked absent) that day.
        ids.length
          ? db
              .select({ id: attendanceStays.studentId, out: attendanceStays.checkOutAt })
              .from(attendanceStays)
              .where(and(inArray(attendanceStays.studentId, ids), eq(attendanceStays.day, day)))
          : none,
        ids.length
          ? db
              .select({ id: attendanceAbsences.studentId })
              .from(attendanceAbsences)
              .where(and(inArray(attendanceAbsences.studentId, ids), eq(attendanceAbsences.day, day)))
          : none,
        daily.allergiesOf(ids),
        recordingRooms(db, caller),
      ]);
      const checkedIn = new Set(stays.map((row) => row.id));
      const stillIn = new Set(stays.filter((row) => row.out === null).map((row) => row.id));
      const markedAbsent = new Set(absences.map((row) => row.id));
      return {
        classroom_id: room.id,
        classroom_name: room.name,
        date: day,
        can_record: may(caller, "childDay.record") && rooms.includes(room.id),
        children: kids.map((kid) => {
          const ownNaps = naps.filter((nap) => nap.id === kid.id);
          return {
            id: kid.id,
            first_name: kid.firstName,
            last_name: kid.lastName,
            allergies: allergies.get(kid.id) ?? [],
            checked_in: checkedIn.has(kid.id),
            absent: markedAbsent.has(kid.id) && !checkedIn.has(kid.id),
            gone_home: checkedIn.has(kid.id) && !stillIn.has(kid.id),
            meals: [...new Set(meals.filter((meal) => meal.id === kid.id).map((meal) => meal.meal))],
            asleep: ownNaps.some((nap) => nap.endTime === null),
            sleep_minutes: sleptMinutes(ownNaps),
            potty_count: potty.filter((row) => row.id === kid.id).length,
            stars: starRows.filter((row) => row.id === kid.id).length,
          };
        }),
      };
    },
  };
}
export type ChildDaySummaryService = ReturnType<typeof createChildDaySummaryService>;
