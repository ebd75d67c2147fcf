import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { classrooms, guardians, studentGuardians, students } from "../../src/db/schema/children.ts";
import {
  centreNotices,
  classroomAnnouncements,
  messageThreads,
  parentFeedback,
} from "../../src/db/schema/communication.ts";
import { centers } from "../../src/db/schema/organisations.ts";
import { users } from "../../src/db/schema/users.ts";

/**
 * Communication records the permission matrix names in its foreign and family calls: a thread, an
 * announcement, a piece of feedback and a notice of another centre, and a thread and a notice of
 * the demo parent's own centre that belong to another family. Test data only (apps/server/test).
 */
export async function communicationMatrixRecords(
  db: Database,
  { home, other, parentId }: { home: string; other: string; parentId: string },
) {
  const now = new Date();
  const [centre] = await db
    .select({ organisationId: centers.organisationId })
    .from(centers)
    .where(eq(centers.id, other));
  const person = async (centerId: string, role: "teacher" | "parent", email: string) => {
    const [row] = await db
      .insert(users)
      .values({ organisationId: centre!.organisationId, email, fullName: `Matrix ${role}`, role, centerId })
      .returning({ id: users.id });
    return row!.id;
  };
  const [otherTeacher, otherParent, homeParent] = await Promise.all([
    person(other, "teacher", "matrix.teacher.other@sprout.test"),
    person(other, "parent", "matrix.parent.other@sprout.test"),
    person(home, "parent", "matrix.parent.home@sprout.test"),
  ]);
  const [otherChild] = await db
    .select({ id: students.id, classroomId: students.classroomId })
    .from(students)
    .where(and(eq(students.centerId, other), ne(students.status, "left")))
    .limit(1);
  const [otherRoom] = await db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(eq(classrooms.centerId, other))
    .limit(1);
  // A child of the home centre who is not the demo parent's.
  const parentsChildren = db
    .select({ id: studentGuardians.studentId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(guardians.userId, parentId));
  const [homeChild] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.centerId, home), notInArray(students.id, parentsChildren)))
    .limit(1);
  const parentsRooms = db
    .select({ id: students.classroomId })
    .from(students)
    .where(and(eq(students.centerId, home), inArray(students.id, parentsChildren)));
  const [homeRoom] = await db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(and(eq(classrooms.centerId, home), notInArray(classrooms.id, parentsRooms)))
    .limit(1);
  const [homeTeacher] = await db.select({ id: users.id }).from(users).where(eq(users.email, "teacher@sprout.test"));

  const threads = await db
    .insert(messageThreads)
    .values([
      {
        centerId: other,
        childId: otherChild!.id,
        teacherId: otherTeacher,
        parentId: otherParent,
        createdAt: now,
        lastMessageAt: now,
      },
      {
        centerId: home,
        childId: homeChild!.id,
        teacherId: homeTeacher!.id,
        parentId: homeParent,
        createdAt: now,
        lastMessageAt: now,
      },
    ])
    .returning({ id: messageThreads.id });
  const announcements = await db
    .insert(classroomAnnouncements)
    .values([
      {
        centerId: other,
        classroomId: otherChild!.classroomId ?? otherRoom!.id,
        postedBy: otherTeacher,
        title: "Another centre's trip",
        message: "Bring a hat",
        postedAt: now,
      },
      {
        centerId: home,
        classroomId: homeRoom!.id,
        postedBy: homeTeacher!.id,
        title: "Another family's room",
        message: "Bring a hat",
        postedAt: now,
      },
    ])
    .returning({ id: classroomAnnouncements.id });
  const [feedback] = await db
    .insert(parentFeedback)
    .values({
      centerId: other,
      parentId: otherParent,
      childId: otherChild!.id,
      category: "food",
      rating: 4,
      comment: "Another centre's feedback",
      createdAt: now,
    })
    .returning({ id: parentFeedback.id });
  const notices = await db
    .insert(centreNotices)
    .values([
      { centerId: other, title: "Another centre's notice", message: "Closed", classroomIds: [], sentAt: now },
      { centerId: home, title: "Another family's notice", message: "Closed", classroomIds: [], sentAt: now },
    ])
    .returning({ id: centreNotices.id });
  return {
    otherThread: threads[0]!.id,
    otherFamilyThread: threads[1]!.id,
    otherAnnouncement: announcements[0]!.id,
    otherFamilyAnnouncement: announcements[1]!.id,
    otherFeedback: feedback!.id,
    otherNotice: notices[0]!.id,
    otherFamilyNotice: notices[1]!.id,
  };
}
