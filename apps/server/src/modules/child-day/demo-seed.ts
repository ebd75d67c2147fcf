import { wallClockInstant } from "@sprout/shared/schemas/attendance";
import { MILESTONE_SOURCE, MILESTONES } from "@sprout/shared/schemas/child-day";
import { addDays } from "@sprout/shared/schemas/children";
import type { Database } from "../../db/client.ts";
import { observationLogs } from "../../db/schema/child-day.ts";
import { observationCompetencies } from "../../db/schema/development.ts";
import { centreDay } from "../attendance/time.ts";
import { DEFAULT_FRAMEWORK_KEY } from "../development/framework-store.ts";

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
 * The NCF-FS 2022 competencies each note above shows (issue 36), in the same order: what a
 * teacher would tag it with.
 */
const TAGS: Record<(typeof MILESTONES)[number], [string[], string[]]> = {
  "Communication and language": [
    ["C-9.3", "C-9.7"],
    ["C-9.5", "C-13.3"],
  ],
  "Physical development": [["C-3.2", "C-3.4"], ["C-3.3"]],
  "Personal, social and emotional development": [
    ["C-4.4", "C-4.6"],
    ["C-4.2", "C-4.5"],
  ],
  Literacy: [["C-10.3"], ["C-10.2", "C-10.9"]],
  Mathematics: [["C-8.3"], ["C-8.1", "C-7.1"]],
  "Understanding the world": [
    ["C-6.1", "C-7.2"],
    ["C-7.2", "C-13.3"],
  ],
  "Expressive arts and design": [
    ["C-12.1", "C-12.3"],
    ["C-12.2", "C-9.1"],
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
  /** The codes of each log, by its position in `values`; every fourth log is left untagged. */
  const tags: string[][] = [];
  for (const [index, child] of children.entries()) {
    if (child.status === "left" || !child.classroomId) continue;
    const timeZone = timeZoneOf.get(child.centerId)!;
    const today = centreDay(timeZone, now);
    for (const [round, daysAgo] of [19, 12, 5].entries()) {
      const milestone = MILESTONES[(index + round * 3) % MILESTONES.length]!;
      const day = addDays(today, -(daysAgo + (index % 3)));
      const at = wallClockInstant(day, `15:${String(10 + ((index * 7 + round) % 40)).padStart(2, "0")}`, timeZone);
      const variant = (index + round) % 2;
      tags.push((index + round) % 4 === 3 ? [] : TAGS[milestone][variant]!);
      values.push({
        studentId: child.id,
        centerId: child.centerId,
        day,
        notes: NOTES[milestone][variant]!.replaceAll("{name}", child.firstName),
        milestone,
        milestoneSource: MILESTONE_SOURCE,
        recordedBy: teacherOfRoom.get(child.classroomId) ?? null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  if (values.length === 0) return 0;
  const logs = await db.insert(observationLogs).values(values).returning({ id: observationLogs.id });
  const tagged = logs.flatMap((log, position) =>
    (tags[position] ?? []).map((code) => ({
      logId: log.id,
      frameworkKey: DEFAULT_FRAMEWORK_KEY,
      competencyCode: code,
    })),
  );
  for (let start = 0; start < tagged.length; start += 1000)
    await db.insert(observationCompetencies).values(tagged.slice(start, start + 1000));
  return values.length;
}
