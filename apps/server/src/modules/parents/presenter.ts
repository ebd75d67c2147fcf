import type { MyChildren } from "@sprout/shared/schemas/parents";

/** A parent's own child as read, with the classroom and centre names. */
export interface MyChildRow {
  id: string;
  firstName: string;
  lastName: string;
  classroomId: string | null;
  classroomName: string | null;
  centerName: string;
}

/** A parent's own child: the names and the room, nothing of the child's records. */
export const toMyChild = (row: MyChildRow): MyChildren[number] => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  classroom_id: row.classroomId,
  classroom_name: row.classroomName,
  center_name: row.centerName,
});
