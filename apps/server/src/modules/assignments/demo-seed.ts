import { addDays } from "@sprout/shared/schemas/children";
import type { Database } from "../../db/client.ts";
import { assignments } from "../../db/schema/assignments.ts";
import { centreDay } from "../attendance/time.ts";

/** Two pieces of work the demo teacher set for Toddlers (no files: the demo has no file store). */
export async function seedAssignmentsDemo(
  db: Database,
  centre: { id: string; timeZone: string },
  classroomId: string,
  teacherId: string,
  now: Date,
) {
  const today = centreDay(centre.timeZone, now);
  await db.insert(assignments).values([
    {
      centerId: centre.id,
      classroomId,
      title: "My favourite fruit",
      description: "Draw or photograph your child's favourite fruit and tell us its colour.",
      dueDate: addDays(today, 5),
      createdBy: teacherId,
      createdAt: new Date(now.getTime() - 2 * 86_400_000),
      updatedAt: now,
    },
    {
      centerId: centre.id,
      classroomId,
      title: "Count the steps at home",
      description: "Count the steps of your stairs or porch together and write down the number.",
      dueDate: addDays(today, -1),
      createdBy: teacherId,
      createdAt: new Date(now.getTime() - 6 * 86_400_000),
      updatedAt: now,
    },
  ]);
}
