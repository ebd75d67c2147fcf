import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { classroomTeachers } from "../../db/schema/children.ts";

/**
 * The classrooms a teacher works in (as lead or assistant), for any teacher (the one a parent
 * writes to). The signed-in teacher's own are in her scope, `classroomIds` (ADR 0046), which the
 * child lookups read through `readableChildren`; lesson plans, assignments and announcements
 * still ask here.
 */
export async function teacherClassroomIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: classroomTeachers.classroomId })
    .from(classroomTeachers)
    .where(eq(classroomTeachers.teacherId, userId));
  return rows.map((row) => row.id);
}
