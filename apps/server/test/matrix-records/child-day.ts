import type { Database } from "../../src/db/client.ts";
import {
  centreMilestones,
  foodEntries,
  healthNotes,
  immunisations,
  medications,
  observationAttachments,
  observationLogs,
  sleepEntries,
} from "../../src/db/schema/child-day.ts";

/** Before the test clock's morning (2026-11-20T06:30Z): these rows are nobody's latest news. */
const AT = new Date("2026-11-19T05:30:00Z");
const DAY = "2026-11-19";

/**
 * Child-day records the permission matrix names in its foreign and family calls: a meal, a nap
 * still running, an observation with its attachment, an allergy, a medication, an immunisation
 * and a centre's own milestone for a child of another centre, and the same of another family's child in the demo parent's own
 * centre, and of a child of another classroom of the demo teacher's centre. Files are rows only:
 * a refused call never opens one. Test data only (apps/server/test).
 */
export async function childDayMatrixRecords(
  db: Database,
  {
    home,
    other,
    otherStudent,
    otherFamilyChild,
    otherRoomChild,
    consentBy,
  }: {
    home: string;
    other: string;
    otherStudent: string;
    otherFamilyChild: string;
    otherRoomChild: string;
    consentBy: string;
  },
) {
  const recordsOf = async (studentId: string, centerId: string, milestoneName = "Counts to ten") => {
    const common = { studentId, centerId, day: DAY, createdAt: AT };
    const [[meal], [nap], [log], [allergy], [medication], [immunisation]] = await Promise.all([
      db
        .insert(foodEntries)
        .values({ ...common, mealType: "lunch", foodConsumed: 75 })
        .returning({ id: foodEntries.id }),
      db
        .insert(sleepEntries)
        .values({ ...common, startTime: "13:00", endTime: null })
        .returning({ id: sleepEntries.id }),
      db
        .insert(observationLogs)
        .values({ ...common, milestone: "Physical development", notes: "Hopped", updatedAt: AT })
        .returning({ id: observationLogs.id }),
      db
        .insert(healthNotes)
        .values({ ...common, kind: "allergy", details: "Peanuts" })
        .returning({ id: healthNotes.id }),
      db
        .insert(medications)
        .values({
          studentId,
          centerId,
          name: "Paracetamol syrup",
          dose: "5 ml",
          schedule: "12:30",
          startDate: DAY,
          endDate: "2030-01-31",
          consentBy,
          consentAt: AT,
        })
        .returning({ id: medications.id }),
      db
        .insert(immunisations)
        .values({ studentId, centerId, vaccine: "MMR", dateGiven: "2025-11-19", createdAt: AT })
        .returning({ id: immunisations.id }),
    ]);
    const [attachment] = await db
      .insert(observationAttachments)
      .values({
        logId: log!.id,
        originalName: "hop.png",
        storedName: `${log!.id}.png`,
        mimeType: "image/png",
        sizeBytes: 10,
        uploadedAt: AT,
      })
      .returning({ id: observationAttachments.id });
    const [milestone] = await db
      .insert(centreMilestones)
      .values({ centerId, name: milestoneName, area: "Mathematics", source: "Centre's own", createdAt: AT })
      .returning({ id: centreMilestones.id });
    return {
      milestone: milestone!.id,
      meal: meal!.id,
      nap: nap!.id,
      observation: log!.id,
      attachment: attachment!.id,
      allergy: allergy!.id,
      medication: medication!.id,
      immunisation: immunisation!.id,
    };
  };
  return {
    other: await recordsOf(otherStudent, other),
    otherFamily: await recordsOf(otherFamilyChild, home),
    otherRoom: await recordsOf(otherRoomChild, home, "Counts to twenty"),
    otherFamilyChild,
  };
}
