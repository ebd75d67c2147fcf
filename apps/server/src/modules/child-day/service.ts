import {
  CHILD_DAY_MESSAGES,
  type DailyActivities,
  type EntryKind,
  type foodInput,
  type healthInput,
  type pottyInput,
  type sleepInput,
  type starInput,
} from "@sprout/shared/schemas/child-day";
import { STANDING_KINDS } from "@sprout/shared/schemas/child-health";
import { and, asc, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";
import {
  foodEntries,
  healthNotes,
  medicationDoses,
  medications,
  pottyEntries,
  sleepEntries,
  stars,
} from "../../db/schema/child-day.ts";
import { students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { childAudience } from "../../realtime/child-audience.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { centreDay, tapTime } from "../attendance/time.ts";
import type { PushQueue } from "../push/area.ts";
import { checkDay, type DayChild, findDayChild, recordingRooms } from "./lookup.ts";
import { assertMayRecord, mayRecordFor } from "./policy.ts";
import { toDose, toFood, toHealth, toPotty, toSleep, toStar } from "./presenter.ts";
import { pushDay } from "./push.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  /** Meals, naps and potty are pushed to the family (their "daily activities" choice). */
  push: Pick<PushQueue, "toFamilies">;
}

const TABLES = {
  food: foodEntries,
  sleep: sleepEntries,
  potty: pottyEntries,
  star: stars,
  health: healthNotes,
  dose: medicationDoses,
};

/** Daily activities: what teachers record through the day and what parents and staff read. */
export function createDailyActivitiesService({ db, clock, realtime, push }: Deps) {
  /**
   * A child the caller may record for, the day the entry belongs to (never a future one), and
   * who hears of the entry once it has committed.
   */
  async function forRecording(caller: Caller, childId: string, day?: string) {
    const child = await findDayChild(db, caller, childId);
    assertMayRecord(caller, child, await recordingRooms(db, caller));
    return { child, day: checkDay(clock, child, day), audience: await childAudience(db, realtime, [child.id]) };
  }

  /**
   * A child staff marked absent that day (and who did not arrive after all) has no meal, nap or
   * potty: refusing it keeps a parent from reading "Lunch: ate all" for a day at home. A child
   * merely not checked in yet is accepted, because teachers forget to check children in.
   */
  async function assertNotAbsent(childIds: string[], day: string) {
    const absent = await db
      .select({ id: attendanceAbsences.studentId })
      .from(attendanceAbsences)
      .where(
        and(
          inArray(attendanceAbsences.studentId, childIds),
          eq(attendanceAbsences.day, day),
          sql`not exists (select 1 from ${attendanceStays} where ${attendanceStays.studentId} = ${attendanceAbsences.studentId} and ${attendanceStays.day} = ${attendanceAbsences.day})`,
        ),
      )
      .limit(1);
    if (absent.length > 0) throw conflict(CHILD_DAY_MESSAGES.markedAbsent);
  }

  /** An entry's common columns; `tappedAt` is when a tap that waited on the device happened. */
  const base = (caller: Caller, child: DayChild, day: string, notes = "", tappedAt?: string) => ({
    studentId: child.id,
    centerId: child.centerId,
    day,
    notes,
    recordedBy: caller.userId,
    createdAt: tapTime(tappedAt, clock.now(), child.timeZone, day),
  });

  async function audit(
    tx: Database,
    caller: Caller,
    action: string,
    entityId: string,
    after: unknown,
    before?: unknown,
  ) {
    await writeAudit(tx, {
      organisationId: caller.organisationId,
      actorId: caller.userId,
      action: `child_day.${action}`,
      entity: "child_day",
      entityId,
      before,
      after,
    });
  }

  async function read(caller: Caller, child: DayChild, day: string): Promise<DailyActivities> {
    const [food, sleep, potty, starRows, health, doses, allergies, rooms] = await Promise.all([
      db
        .select()
        .from(foodEntries)
        .where(and(eq(foodEntries.studentId, child.id), eq(foodEntries.day, day)))
        .orderBy(asc(foodEntries.createdAt)),
      db
        .select()
        .from(sleepEntries)
        .where(and(eq(sleepEntries.studentId, child.id), eq(sleepEntries.day, day)))
        .orderBy(asc(sleepEntries.startTime)),
      db
        .select()
        .from(pottyEntries)
        .where(and(eq(pottyEntries.studentId, child.id), eq(pottyEntries.day, day)))
        .orderBy(asc(pottyEntries.createdAt)),
      db
        .select({ star: stars, awardedBy: users.fullName })
        .from(stars)
        .leftJoin(users, eq(users.id, stars.recordedBy))
        .where(and(eq(stars.studentId, child.id), eq(stars.day, day)))
        .orderBy(asc(stars.createdAt)),
      db
        .select({ note: healthNotes, recordedByName: users.fullName })
        .from(healthNotes)
        .leftJoin(users, eq(users.id, healthNotes.recordedBy))
        .where(
          and(
            eq(healthNotes.studentId, child.id),
            eq(healthNotes.day, day),
            notInArray(healthNotes.kind, [...STANDING_KINDS]),
          ),
        )
        .orderBy(asc(healthNotes.createdAt)),
      db
        .select({ dose: medicationDoses, medication: medications.name, givenBy: users.fullName })
        .from(medicationDoses)
        .innerJoin(medications, eq(medications.id, medicationDoses.medicationId))
        .leftJoin(users, eq(users.id, medicationDoses.recordedBy))
        .where(and(eq(medicationDoses.studentId, child.id), eq(medicationDoses.day, day)))
        .orderBy(asc(medicationDoses.givenTime)),
      allergiesOf([child.id]),
      recordingRooms(db, caller),
    ]);
    return {
      child_id: child.id,
      date: day,
      can_record: mayRecordFor(caller, child, rooms),
      food: food.map(toFood),
      sleep: sleep.map(toSleep),
      potty: potty.map(toPotty),
      stars: starRows.map((row) => toStar({ ...row.star, awardedBy: row.awardedBy })),
      health: health.map((row) => toHealth({ ...row.note, recordedByName: row.recordedByName })),
      doses: doses.map((row) => toDose({ ...row.dose, medication: row.medication, givenBy: row.givenBy })),
      allergies: allergies.get(child.id) ?? [],
    };
  }

  /** Standing allergies and dietary restrictions of each child. */
  async function allergiesOf(childIds: string[]): Promise<Map<string, string[]>> {
    const byChild = new Map<string, string[]>();
    if (childIds.length === 0) return byChild;
    const rows = await db
      .select({ studentId: healthNotes.studentId, details: healthNotes.details })
      .from(healthNotes)
      .where(and(inArray(healthNotes.studentId, childIds), eq(healthNotes.kind, "allergy")))
      .orderBy(asc(healthNotes.createdAt));
    for (const row of rows) byChild.set(row.studentId, [...(byChild.get(row.studentId) ?? []), row.details]);
    return byChild;
  }

  return {
    allergiesOf,

    async day(caller: Caller, childId: string, date?: string): Promise<DailyActivities> {
      const child = await findDayChild(db, caller, childId);
      return read(caller, child, checkDay(clock, child, date));
    },

    async addFood(caller: Caller, input: z.output<typeof foodInput>): Promise<DailyActivities> {
      const { child, day, audience } = await forRecording(caller, input.child_id, input.date);
      await assertNotAbsent([child.id], day);
      await transaction(db, async (tx) => {
        const [row] = await tx
          .insert(foodEntries)
          .values({
            ...base(caller, child, day, input.notes, input.tapped_at),
            mealType: input.meal_type,
            foodConsumed: input.food_consumed,
          })
          .returning();
        await audit(tx, caller, "food_added", row!.id, input);
        await pushDay(push, tx, [child.id], { kind: "food", meal: input.meal_type });
      });
      audience.tellDay(day, "food");
      return read(caller, child, day);
    },

    /** A nap. The child's row is locked so that two teachers cannot record overlapping naps at once. */
    async addSleep(caller: Caller, input: z.output<typeof sleepInput>): Promise<DailyActivities> {
      const { child, day, audience } = await forRecording(caller, input.child_id, input.date);
      await assertNotAbsent([child.id], day);
      await transaction(db, async (tx) => {
        await tx.select({ id: students.id }).from(students).where(eq(students.id, child.id)).for("update");
        await assertNoOverlap(tx, child.id, day, input.start_time, input.end_time || null);
        const [row] = await tx
          .insert(sleepEntries)
          .values({
            ...base(caller, child, day, input.notes),
            startTime: input.start_time,
            endTime: input.end_time || null,
          })
          .returning();
        await audit(tx, caller, "sleep_added", row!.id, input);
        await pushDay(push, tx, [child.id], { kind: "sleep" });
      });
      audience.tellDay(day, "sleep");
      return read(caller, child, day);
    },

    /** The child woke up: the open nap gets its end time. */
    async wake(caller: Caller, id: string, endTime: string): Promise<DailyActivities> {
      const [nap] = await db.select().from(sleepEntries).where(eq(sleepEntries.id, id));
      if (!nap) throw notFound("Sleep entry");
      const { child, audience } = await forRecording(caller, nap.studentId, nap.day);
      if (endTime <= nap.startTime)
        throw badRequest(CHILD_DAY_MESSAGES.endBeforeStart, { end_time: CHILD_DAY_MESSAGES.endBeforeStart });
      await transaction(db, async (tx) => {
        await tx.select({ id: students.id }).from(students).where(eq(students.id, child.id)).for("update");
        await assertNoOverlap(tx, child.id, nap.day, nap.startTime, endTime, nap.id);
        await tx.update(sleepEntries).set({ endTime }).where(eq(sleepEntries.id, id));
        await audit(tx, caller, "sleep_ended", id, { end_time: endTime }, { end_time: nap.endTime });
        await pushDay(push, tx, [child.id], { kind: "wake" });
      });
      audience.tellDay(nap.day, "sleep");
      return read(caller, child, nap.day);
    },

    async addPotty(caller: Caller, input: z.output<typeof pottyInput>): Promise<DailyActivities> {
      const { child, day, audience } = await forRecording(caller, input.child_id, input.date);
      await assertNotAbsent([child.id], day);
      await transaction(db, async (tx) => {
        const [row] = await tx
          .insert(pottyEntries)
          .values({
            ...base(caller, child, day, input.notes, input.tapped_at),
            type: input.type,
            diaperStatus: input.diaper_status,
          })
          .returning();
        await audit(tx, caller, "potty_added", row!.id, input);
        await pushDay(push, tx, [child.id], { kind: "potty" });
      });
      audience.tellDay(day, "potty");
      return read(caller, child, day);
    },

    async addStar(caller: Caller, input: z.output<typeof starInput>): Promise<DailyActivities> {
      const { child, day, audience } = await forRecording(caller, input.child_id);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(stars)
          .values({ ...base(caller, child, day, "", input.tapped_at), reason: input.reason })
          .returning();
        await audit(tx, caller, "star_awarded", row!.id, input);
      });
      audience.tellDay(day, "star");
      return read(caller, child, day);
    },

    async addHealth(caller: Caller, input: z.output<typeof healthInput>): Promise<DailyActivities> {
      const { child, day, audience } = await forRecording(caller, input.child_id, input.date);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(healthNotes)
          .values({
            ...base(caller, child, day),
            kind: input.kind,
            details: input.details,
            temperatureC: input.temperature_c,
          })
          .returning();
        await audit(tx, caller, "health_added", row!.id, input);
      });
      audience.tellDay(day, "health");
      return read(caller, child, day);
    },

    /**
     * Removes a wrong entry. The same day it is a plain correction; an earlier day's needs a reason.
     * Both are audited with the entry as it was.
     */
    async remove(caller: Caller, kind: EntryKind, id: string, reason: string): Promise<DailyActivities> {
      const table = TABLES[kind];
      const [entry] = await db.select().from(table).where(eq(table.id, id));
      if (!entry) throw notFound("Entry");
      const { child, audience } = await forRecording(caller, entry.studentId, entry.day);
      const today = centreDay(child.timeZone, clock.now());
      if (entry.day < today && reason === "")
        throw badRequest(CHILD_DAY_MESSAGES.correctionReason, { reason: CHILD_DAY_MESSAGES.correctionReason });
      await db.transaction(async (tx) => {
        await tx.delete(table).where(eq(table.id, id));
        await audit(tx, caller, `${kind}_removed`, id, { reason, late: entry.day < today }, entry);
      });
      audience.tellDay(entry.day, kind);
      return read(caller, child, entry.day);
    },
  };

  async function assertNoOverlap(
    tx: Database,
    childId: string,
    day: string,
    start: string,
    end: string | null,
    except?: string,
  ) {
    // Times are HH:MM of one day, so text order is time order; an open nap lasts until midnight.
    const newEnd = end ?? "24:00";
    const clashes = await tx
      .select({ id: sleepEntries.id })
      .from(sleepEntries)
      .where(
        and(
          eq(sleepEntries.studentId, childId),
          eq(sleepEntries.day, day),
          sql`${sleepEntries.startTime} < ${newEnd}`,
          or(isNull(sleepEntries.endTime), sql`${sleepEntries.endTime} > ${start}`),
          except ? sql`${sleepEntries.id} <> ${except}` : undefined,
        ),
      );
    if (clashes.length > 0) throw conflict(CHILD_DAY_MESSAGES.overlap);
  }
}
export type DailyActivitiesService = ReturnType<typeof createDailyActivitiesService>;
