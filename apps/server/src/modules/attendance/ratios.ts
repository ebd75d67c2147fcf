import { AGE_BANDS, type AgeBand, DEFAULT_CHILDREN_PER_STAFF, type RoomRatio } from "@sprout/shared/schemas/attendance";
import { and, asc, count, countDistinct, eq, inArray, isNull, max, ne } from "drizzle-orm";
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
  const rows = await db.select().from(ratioSettings).where(eq(ratioSettings.centerId, centerId));
  const result = { ...DEFAULT_CHILDREN_PER_STAFF };
  for (const row of rows) result[row.ageBand] = row.childrenPerStaff;
  return result;
}

/** Each room's set band (or null) and the band its youngest enrolled child gives it. */
export async function roomBands(db: Database, centerId: string, today: string) {
  const rows = await db
    .select({
      id: classrooms.id,
      name: classrooms.name,
      setBand: classroomAgeBands.ageBand,
      youngest: max(students.dateOfBirth),
    })
    .from(classrooms)
    .leftJoin(classroomAgeBands, eq(classroomAgeBands.classroomId, classrooms.id))
    .leftJoin(students, and(eq(students.classroomId, classrooms.id), ne(students.status, "left")))
    .where(eq(classrooms.centerId, centerId))
    .groupBy(classrooms.id, classrooms.name, classroomAgeBands.ageBand)
    .orderBy(asc(classrooms.name));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    setBand: row.setBand,
    band: row.setBand ?? bandForYoungest(row.youngest, today),
  }));
}

/**
 * Per room of a centre: children checked in now, assigned staff clocked in now, and the staff
 * the centre's ratio requires. Three grouped queries, whatever the number of rooms.
 */
export async function computeRatios(db: Database, centerId: string, today: string): Promise<RoomRatio[]> {
  const [rooms, perBand, childCounts, staffCounts] = await Promise.all([
    roomBands(db, centerId, today),
    centreRatios(db, centerId),
    db
      .select({ classroomId: attendanceStays.classroomId, n: count() })
      .from(attendanceStays)
      // A stay or shift left open on an earlier day is not someone in the room now.
      .where(
        and(eq(attendanceStays.centerId, centerId), eq(attendanceStays.day, today), isNull(attendanceStays.checkOutAt)),
      )
      .groupBy(attendanceStays.classroomId),
    db
      .select({ classroomId: classroomTeachers.classroomId, n: countDistinct(staffShifts.userId) })
      .from(classroomTeachers)
      .innerJoin(
        staffShifts,
        and(
          eq(staffShifts.userId, classroomTeachers.teacherId),
          eq(staffShifts.centerId, centerId),
          eq(staffShifts.day, today),
          isNull(staffShifts.clockOutAt),
        ),
      )
      .innerJoin(classrooms, eq(classrooms.id, classroomTeachers.classroomId))
      .where(eq(classrooms.centerId, centerId))
      .groupBy(classroomTeachers.classroomId),
  ]);
  const children = new Map(childCounts.map((row) => [row.classroomId, Number(row.n)]));
  const staff = new Map(staffCounts.map((row) => [row.classroomId, Number(row.n)]));
  return rooms.map((room) => {
    const childrenIn = children.get(room.id) ?? 0;
    const staffIn = staff.get(room.id) ?? 0;
    const perStaff = perBand[room.band];
    const required = staffRequired(childrenIn, perStaff);
    return {
      classroom_id: room.id,
      classroom_name: room.name,
      age_band: room.band,
      children_per_staff: perStaff,
      children_in: childrenIn,
      staff_in: staffIn,
      staff_required: required,
      in_ratio: staffIn >= required,
    };
  });
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
