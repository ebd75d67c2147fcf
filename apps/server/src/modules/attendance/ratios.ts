import { AGE_BANDS, type AgeBand, DEFAULT_CHILDREN_PER_STAFF, type RoomRatio } from "@sprout/shared/schemas/attendance";
import { and, asc, count, countDistinct, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  attendanceStays,
  classroomAgeBands,
  ratioSettings,
  shiftSettings,
  staffShifts,
} from "../../db/schema/attendance.ts";
import { classrooms, classroomTeachers, students } from "../../db/schema/children.ts";
import { notFound } from "../../lib/errors.ts";

/** Staff needed for a number of children at a ratio: any child needs an adult. */
export function staffRequired(childrenIn: number, childrenPerStaff: number): number {
  return childrenIn === 0 ? 0 : Math.ceil(childrenIn / childrenPerStaff);
}

/** The band a room's youngest child falls in: the strictest ratio applies to the whole room. */
export function bandForYoungest(youngestBirth: string | null, today: string): AgeBand {
  if (!youngestBirth) return "three_to_six";
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const third = `${String(y - 3).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return youngestBirth > third ? "under_3" : "three_to_six";
}

/** A centre's children per adult for each band: its own settings over the documented defaults. */
export async function centreRatios(db: Database, centerId: string): Promise<Record<AgeBand, number>> {
  return (await ratiosOfCentres(db, [centerId])).get(centerId)!;
}

async function ratiosOfCentres(db: Database, centerIds: string[]) {
  const rows = await db.select().from(ratioSettings).where(inArray(ratioSettings.centerId, centerIds));
  const result = new Map(centerIds.map((id) => [id, { ...DEFAULT_CHILDREN_PER_STAFF }]));
  for (const row of rows) result.get(row.centerId)![row.ageBand] = row.childrenPerStaff;
  return result;
}

/** Each room's set band (or null) and the band its youngest enrolled child gives it. */
export async function roomBands(db: Database, centerId: string, today: string) {
  return roomBandsOf(db, new Map([[centerId, today]]));
}

/** The rooms of several centres, each centre on its own calendar day. */
async function roomBandsOf(db: Database, todayOf: Map<string, string>) {
  const rows = await db
    .select({
      id: classrooms.id,
      centerId: classrooms.centerId,
      name: classrooms.name,
      setBand: classroomAgeBands.ageBand,
      // One probe of students_room_youngest_idx per room (migration 0038).
      youngest: sql<string | null>`(
        select max(${students.dateOfBirth}) from ${students}
        where ${students.classroomId} = ${classrooms.id} and ${students.status} <> 'left')`,
    })
    .from(classrooms)
    .leftJoin(classroomAgeBands, eq(classroomAgeBands.classroomId, classrooms.id))
    .where(inArray(classrooms.centerId, [...todayOf.keys()]))
    .orderBy(asc(classrooms.name));
  return rows.map((row) => ({
    id: row.id,
    centerId: row.centerId,
    name: row.name,
    setBand: row.setBand,
    band: row.setBand ?? bandForYoungest(row.youngest, todayOf.get(row.centerId)!),
  }));
}

/**
 * Per room of a centre: children checked in now, assigned staff clocked in now, and the staff
 * the centre's ratio requires.
 */
export async function computeRatios(db: Database, centerId: string, today: string): Promise<RoomRatio[]> {
  return (await ratiosByCentre(db, new Map([[centerId, today]]))).get(centerId) ?? [];
}

/** Rows of each centre on that centre's own day (centres in several time zones). */
export const onCentresDay = (todayOf: Map<string, string>, centre: AnyPgColumn, day: AnyPgColumn) =>
  or(...[...todayOf].map(([id, today]) => and(eq(centre, id), eq(day, today))));

/**
 * The rooms of several centres (each on its own calendar day, `todayOf`), as `computeRatios`
 * answers for one: four grouped queries whatever the number of centres and rooms.
 */
export async function ratiosByCentre(db: Database, todayOf: Map<string, string>): Promise<Map<string, RoomRatio[]>> {
  const result = new Map<string, RoomRatio[]>();
  if (todayOf.size === 0) return result;
  const centerIds = [...todayOf.keys()];
  const [rooms, perBand, childCounts, staffCounts] = await Promise.all([
    roomBandsOf(db, todayOf),
    ratiosOfCentres(db, centerIds),
    db
      .select({ classroomId: attendanceStays.classroomId, n: count() })
      .from(attendanceStays)
      // A stay or shift left open on an earlier day is not someone in the room now.
      .where(
        and(onCentresDay(todayOf, attendanceStays.centerId, attendanceStays.day), isNull(attendanceStays.checkOutAt)),
      )
      .groupBy(attendanceStays.classroomId),
    db
      .select({ classroomId: classroomTeachers.classroomId, n: countDistinct(staffShifts.userId) })
      .from(classroomTeachers)
      .innerJoin(classrooms, eq(classrooms.id, classroomTeachers.classroomId))
      .innerJoin(
        staffShifts,
        and(
          eq(staffShifts.userId, classroomTeachers.teacherId),
          eq(staffShifts.centerId, classrooms.centerId),
          onCentresDay(todayOf, staffShifts.centerId, staffShifts.day),
          isNull(staffShifts.clockOutAt),
        ),
      )
      .where(inArray(classrooms.centerId, centerIds))
      .groupBy(classroomTeachers.classroomId),
  ]);
  const children = new Map(childCounts.map((row) => [row.classroomId, Number(row.n)]));
  const staff = new Map(staffCounts.map((row) => [row.classroomId, Number(row.n)]));
  for (const room of rooms) {
    const childrenIn = children.get(room.id) ?? 0;
    const staffIn = staff.get(room.id) ?? 0;
    const perStaff = perBand.get(room.centerId)![room.band];
    const required = staffRequired(childrenIn, perStaff);
    const ratio: RoomRatio = {
      classroom_id: room.id,
      classroom_name: room.name,
      age_band: room.band,
      children_per_staff: perStaff,
      children_in: childrenIn,
      staff_in: staffIn,
      staff_required: required,
      in_ratio: staffIn >= required,
    };
    const ofCentre = result.get(room.centerId);
    if (ofCentre) ofCentre.push(ratio);
    else result.set(room.centerId, [ratio]);
  }
  return result;
}

export async function saveRatioSettings(
  db: Database,
  centerId: string,
  perStaff: Record<AgeBand, number>,
  bands: { classroom_id: string; age_band: AgeBand | null }[],
  shiftHours: number | undefined,
  audit: (tx: Database) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await audit(tx);
    if (shiftHours !== undefined)
      await tx
        .insert(shiftSettings)
        .values({ centerId, shiftHours })
        .onConflictDoUpdate({ target: shiftSettings.centerId, set: { shiftHours } });
    for (const band of AGE_BANDS) {
      await tx
        .insert(ratioSettings)
        .values({ centerId, ageBand: band, childrenPerStaff: perStaff[band] })
        .onConflictDoUpdate({
          target: [ratioSettings.centerId, ratioSettings.ageBand],
          set: { childrenPerStaff: perStaff[band] },
        });
    }
    const ids = bands.map((entry) => entry.classroom_id);
    if (ids.length > 0) {
      const owned = await tx
        .select({ id: classrooms.id })
        .from(classrooms)
        .where(and(inArray(classrooms.id, ids), eq(classrooms.centerId, centerId)));
      const ownedIds = new Set(owned.map((row) => row.id));
      if (ids.some((id) => !ownedIds.has(id))) throw notFound("Classroom");
      for (const entry of bands) {
        if (entry.age_band === null) {
          await tx.delete(classroomAgeBands).where(eq(classroomAgeBands.classroomId, entry.classroom_id));
        } else {
          await tx
            .insert(classroomAgeBands)
            .values({ classroomId: entry.classroom_id, ageBand: entry.age_band })
            .onConflictDoUpdate({ target: classroomAgeBands.classroomId, set: { ageBand: entry.age_band } });
        }
      }
    }
  });
}
