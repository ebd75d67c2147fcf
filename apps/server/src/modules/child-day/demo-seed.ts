import { wallClockInstant } from "@sprout/shared/schemas/attendance";
import { MILESTONE_SOURCE, MILESTONES } from "@sprout/shared/schemas/child-day";
import { addDays } from "@sprout/shared/schemas/children";
import type { Database } from "../../db/client.ts";
import { observationLogs } from "../../db/schema/child-day.ts";
import { centreDay } from "../attendance/time.ts";

/** What a teacher notes, by the framework's area ({name} is the child's first name). */
const NOTES: Record<(typeof MILESTONES)[number], string[]> = {
  "Communication and language": [
    "{name} told the group about the weekend trip to grandma's, using whole sentences.",
    "{name} listened to the whole story and asked what happens to the caterpillar next.",
  ],
  "Physical development": [
    "{name} climbed the small frame alone and came down the slide feet first.",
    "{name} held the crayon in a tripod grip for the first time.",
  ],
  "Personal, social and emotional development": [
    "{name} waited for a turn on the swing and then offered it to a friend.",
    "{name} settled quickly after drop-off and joined the morning circle.",
  ],
  Literacy: [
    "{name} recognised the first letter of their own name on the cubby labels.",
    "{name} turned the pages of a picture book and 'read' it to a soft toy.",
  ],
  Mathematics: [
    "{name} counted five blocks one by one and said 'five!' at the end.",
    "{name} sorted the buttons into big and small without help.",
  ],
  "Understanding the world": [
    "{name} watered the tomato plants and noticed the first flower.",
    "{name} asked why the shadows moved during outdoor play.",
  ],
  "Expressive arts and design": [
    "{name} mixed blue and yellow and was delighted to make green.",
    "{name} danced to the drum rhythm and kept the beat with claps.",
  ],
};

/**
 * Observation logs of the last three weeks: three for each enrolled child, written by a teacher
 * of the child's room in the afternoon, each against one of the framework's areas.
 */
export async function seedObservationsDemo(
  db: Database,
  children: { id: string; centerId: string; classroomId: string | null; firstName: string; status: string }[],
  teacherOfRoom: Map<string, string>,
  timeZoneOf: Map<string, string>,
  now: Date,
) {
  const values: (typeof observationLogs.$inferInsert)[] = [];
  for (const [index, child] of children.entries()) {
    if (child.status === "left" || !child.classroomId) continue;
    const timeZone = timeZoneOf.get(child.centerId)!;
    const today = centreDay(timeZone, now);
    for (const [round, daysAgo] of [19, 12, 5].entries()) {
      const milestone = MILESTONES[(index + round * 3) % MILESTONES.length]!;
      const day = addDays(today, -(daysAgo + (index % 3)));
      const at = wallClockInstant(day, `15:${String(10 + ((index * 7 + round) % 40)).padStart(2, "0")}`, timeZone);
      values.push({
        studentId: child.id,
        centerId: child.centerId,
        day,
        notes: NOTES[milestone][(index + round) % 2]!.replaceAll("{name}", child.firstName),
        milestone,
        milestoneSource: MILESTONE_SOURCE,
        recordedBy: teacherOfRoom.get(child.classroomId) ?? null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  if (values.length > 0) await db.insert(observationLogs).values(values);
  return values.length;
}
