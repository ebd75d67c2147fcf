import type { Database } from "../../src/db/client.ts";
import { openTerm, publish } from "../development-support.ts";

/**
 * Progress-card records the permission matrix names (issue 36): a term of the home centre over
 * the demo teacher's room and another room, with published cards of the demo parent's child, of
 * another family's child and of the other room's child, and a term of another centre with a card
 * of its child. Test data only (apps/server/test).
 */
export async function developmentCardsMatrixRecords(
  db: Database,
  ids: {
    home: string;
    other: string;
    otherStudent: string;
    otherClassroom: string;
    parentChild: string;
    teacherClassroom: string;
    otherFamilyChild: string;
    otherRoomStudent: string;
    otherRoomClassroom: string;
  },
) {
  const levels = [{ competency_code: "C-1.1", level: "mountain" }];
  const homeTerm = await openTerm(db, {
    centerId: ids.home,
    name: "Matrix cards term",
    startsOn: "2026-10-01",
    endsOn: "2027-01-31",
    classroomIds: [ids.teacherClassroom, ids.otherRoomClassroom],
  });
  const otherTerm = await openTerm(db, {
    centerId: ids.other,
    name: "Matrix cards term",
    startsOn: "2026-10-01",
    endsOn: "2027-01-31",
    classroomIds: [ids.otherClassroom],
  });
  const card = (childId: string, classroomId: string, term = homeTerm) =>
    publish(db, { term, childId, classroomId, levels }).then((row) => row.id);
  return {
    homeCardTerm: homeTerm.id,
    otherCardTerm: otherTerm.id,
    parentChildCard: await card(ids.parentChild, ids.teacherClassroom),
    otherFamilyCard: await card(ids.otherFamilyChild, ids.teacherClassroom),
    otherRoomCard: await card(ids.otherRoomStudent, ids.otherRoomClassroom),
    otherCentreCard: await card(ids.otherStudent, ids.otherClassroom, otherTerm),
  };
}
