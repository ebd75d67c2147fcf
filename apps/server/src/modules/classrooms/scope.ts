import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { classroomTeachers } from "../../db/schema/children.ts";

/**
 * The classrooms a teacher works in (as lead or assistant). Every server rule that says
 * "their classrooms" (attendance, the child's day, messages, photos, lesson plans) uses this.
 */
export async function teacherClassroomIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: classroomTeachers.classroomId })
    .from(classroomTeachers)
    .where(eq(classroomTeachers.teacherId, userId));
  return rows.map((row) => row.id);
}
