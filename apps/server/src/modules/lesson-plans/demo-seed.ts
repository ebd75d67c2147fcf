import { addDays } from "@sprout/shared/schemas/children";
import type { Database } from "../../db/client.ts";
import { lessonPlanCompetencies } from "../../db/schema/development.ts";
import { lessonPlans } from "../../db/schema/lesson-plans.ts";
import { centreDay } from "../attendance/time.ts";
import { DEFAULT_FRAMEWORK_KEY } from "../development/framework-store.ts";

/** [days from today, topic, objectives, activities, resources, notes] */
const PLANS: [number, string, string[], string[], string[], string][] = [
  [
    0,
    "Colours around us",
    ["Name red, blue and yellow", "Sort toys by colour"],
    ["Colour hunt in the garden", "Finger painting with three colours"],
    ["Washable paints", "Coloured blocks", "Aprons"],
    "Keep the paints away from children with skin allergies.",
  ],
  [
    1,
    "Farm animals",
    ["Name five farm animals", "Copy their sounds"],
    ["Animal sounds song", "Matching cards"],
    ["Picture cards", "Soft toy animals"],
    "Ask families for photos of animals they saw on holiday.",
  ],
  [
    -1,
    "Counting to five",
    ["Count objects up to five"],
    ["Counting beads", "Five little ducks rhyme"],
    ["Bead strings", "Rhyme chart"],
    "Sit the younger ones in pairs with an older child for the beads.",
  ],
];

/** The NCF-FS 2022 competencies each plan above works towards, in the same order (issue 36). */
const PLAN_TAGS: string[][] = [
  ["C-2.1", "C-8.1"],
  ["C-9.1", "C-7.1"],
  ["C-8.3", "C-9.1"],
];

/** A few plans for the demo centre's rooms this week (the demo teacher's two rooms). */
export async function seedLessonPlansDemo(
  db: Database,
  centre: { id: string; timeZone: string },
  classroomIds: string[],
  createdBy: string,
  now: Date,
) {
  const today = centreDay(centre.timeZone, now);
  const plans = await db
    .insert(lessonPlans)
    .values(
      classroomIds.flatMap((classroomId) =>
        PLANS.map(([offset, topic, objectives, activities, resources, notes]) => ({
          centerId: centre.id,
          classroomId,
          day: addDays(today, offset),
          topic,
          objectives,
          activities,
          resources,
          notes,
          objectivesDone: offset < 0,
          activitiesDone: offset < 0,
          resourcesDone: offset < 0,
          createdBy,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    )
    .returning({ id: lessonPlans.id });
  // Inserted room by room, plan by plan: the n-th row is plan n % PLANS.length.
  const tags = plans.flatMap((plan, position) =>
    PLAN_TAGS[position % PLANS.length]!.map((code) => ({
      planId: plan.id,
      frameworkKey: DEFAULT_FRAMEWORK_KEY,
      competencyCode: code,
    })),
  );
  if (tags.length > 0) await db.insert(lessonPlanCompetencies).values(tags);
}
