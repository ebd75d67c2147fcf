import type { Contacts, Families } from "@sprout/shared/schemas/communication";
import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import { teacherClassroomIds } from "../classrooms/scope.ts";
import { writesToFamilies, writesToTeachers } from "./policy.ts";

const childName = sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`;

/** Whom each party may write to: a parent their children's teachers, a teacher their rooms' parents. */
export function createContactsService({ db }: { db: Database }) {
  /** Guardian accounts of children (on the roll) in the given rooms, optionally one child only. */
  const familiesIn = (rooms: string[], childId?: string) =>
    db
      .selectDistinct({
        child_id: students.id,
        child_name: childName,
        classroom_name: classrooms.name,
        parent_id: users.id,
        parent_name: users.fullName,
      })
      .from(students)
      .innerJoin(classrooms, eq(classrooms.id, students.classroomId))
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .innerJoin(users, eq(users.id, guardians.userId))
      .where(
        and(
          inArray(students.classroomId, rooms),
          ne(students.status, "left"),
          isNotNull(guardians.userId),
          eq(users.isActive, true),
          eq(users.role, "parent"),
          childId ? eq(students.id, childId) : undefined,
        ),
      )
      .orderBy(childName, users.fullName);

  return {
    /** The teachers of each of a parent's children's classrooms. */
    async contacts(caller: Caller): Promise<Contacts> {
      const scope = await caller.scope();
      if (!writesToTeachers(caller) || !scope.childIds || scope.childIds.length === 0) return { contacts: [] };
      const rows = await db
        .select({
          childId: students.id,
          childName,
          teacherId: users.id,
          teacherName: users.fullName,
          classroomName: classrooms.name,
        })
        .from(students)
        .innerJoin(classrooms, eq(classrooms.id, students.classroomId))
        .innerJoin(classroomTeachers, eq(classroomTeachers.classroomId, classrooms.id))
        .innerJoin(users, eq(users.id, classroomTeachers.teacherId))
        .where(and(inArray(students.id, scope.childIds), ne(students.status, "left"), eq(users.isActive, true)))
        .orderBy(asc(students.firstName), asc(classroomTeachers.role), asc(users.fullName));
      return {
        contacts: rows.map((row) => ({
          child_id: row.childId,
          child_name: row.childName,
          teacher_id: row.teacherId,
          teacher_name: row.teacherName,
          classroom_name: row.classroomName,
        })),
      };
    },

    /**
     * The parents a teacher may write to, per child of their classrooms (a room's roll, so the
     * answer is bounded by the rooms a teacher has).
     */
    async families(caller: Caller): Promise<Families> {
      const rooms = writesToFamilies(caller) ? ((await caller.scope()).classroomIds ?? []) : [];
      return { families: rooms.length === 0 ? [] : await familiesIn(rooms) };
    },

    /** The child's centre, if the child is in the teacher's rooms and the parent is its guardian. */
    async teacherMayWrite(teacherId: string, childId: string, parentId: string) {
      const rooms = await teacherClassroomIds(db, teacherId);
      const [child] =
        rooms.length === 0
          ? []
          : await db
              .select({ centerId: students.centerId })
              .from(students)
              .where(and(eq(students.id, childId), inArray(students.classroomId, rooms), ne(students.status, "left")));
      if (!child) return { child: null, parent: false };
      const parents = await familiesIn(rooms, childId);
      return { child, parent: parents.some((row) => row.parent_id === parentId) };
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
