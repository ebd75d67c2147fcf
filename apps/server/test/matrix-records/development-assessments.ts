import type { Database } from "../../src/db/client.ts";
import { assessmentTermClassrooms, assessmentTerms } from "../../src/db/schema/development.ts";

/**
 * Terms for the permission matrix's calls on assessments (test data only): one of the home centre
 * covering the demo teacher's classrooms and another room of that centre, one covering only that
 * other room, and one of another centre.
 */
export async function assessmentsMatrixRecords(
  db: Database,
  ids: { home: string; other: string; teacherRooms: string[]; otherRoomClassroom: string; otherClassroom: string },
) {
  const term = async (centerId: string, name: string, rooms: string[]) => {
    const [row] = await db
      .insert(assessmentTerms)
      .values({
        centerId,
        name,
        startsOn: "2026-10-01",
        endsOn: "2026-12-31",
        frameworkKey: "ncf-fs-2022",
        createdAt: new Date("2026-10-01T04:00:00Z"),
      })
      .returning({ id: assessmentTerms.id });
    await db.insert(assessmentTermClassrooms).values(rooms.map((classroomId) => ({ termId: row!.id, classroomId })));
    return row!.id;
  };
  return {
    homeTerm: await term(ids.home, "Matrix term", [...ids.teacherRooms, ids.otherRoomClassroom]),
    otherRoomTerm: await term(ids.home, "Matrix other room's term", [ids.otherRoomClassroom]),
    otherTerm: await term(ids.other, "Matrix other centre's term", [ids.otherClassroom]),
  };
}
