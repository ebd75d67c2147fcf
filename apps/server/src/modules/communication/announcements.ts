import type { AnnouncementInput, AnnouncementList } from "@sprout/shared/schemas/communication";
import { and, count, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { isFamily } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { announcementReads, classroomAnnouncements } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { teacherClassroomIds } from "../classrooms/scope.ts";
import { excerpt, type NotificationsService } from "./notifications.ts";
import { assertMayPost, mayPostAnnouncements, readsCentreAnnouncements } from "./policy.ts";
import { pageOf, toAnnouncement } from "./presenter.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  notifications: NotificationsService;
}

/** Classroom announcements: teachers post to their rooms; the rooms' families read them. */
export function createAnnouncementsService({ db, clock, realtime, notifications }: Deps) {
  /** The classrooms a parent's children (still on the roll) are in. */
  async function familyClassroomIds(caller: Caller): Promise<string[]> {
    const scope = await caller.scope();
    if (!scope.childIds || scope.childIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: students.classroomId })
      .from(students)
      .where(and(inArray(students.id, scope.childIds), ne(students.status, "left"), isNotNull(students.classroomId)));
    return rows.map((row) => row.id!);
  }

  /** The classroom, if the caller may read its announcements; another's is "not found". */
  async function visibleClassroom(caller: Caller, classroomId: string) {
    const [room] = await db
      .select({ id: classrooms.id, centerId: classrooms.centerId, name: classrooms.name })
      .from(classrooms)
      .where(eq(classrooms.id, classroomId));
    if (!room) throw notFound("Classroom");
    const allowed = isFamily(caller)
      ? (await familyClassroomIds(caller)).includes(room.id)
      : mayPostAnnouncements(caller)
        ? (await teacherClassroomIds(db, caller.userId)).includes(room.id)
        : readsCentreAnnouncements(caller) && (await caller.scope()).centerIds.includes(room.centerId);
    if (!allowed) throw notFound("Classroom");
    return room;
  }

  /** Parents of the room's children and the room's teachers: who hears of a new post. */
  async function audienceOf(classroomId: string): Promise<string[]> {
    const [parents, teachers] = await Promise.all([
      db
        .selectDistinct({ id: guardians.userId })
        .from(students)
        .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .where(and(eq(students.classroomId, classroomId), ne(students.status, "left"), isNotNull(guardians.userId))),
      db
        .select({ id: classroomTeachers.teacherId })
        .from(classroomTeachers)
        .where(eq(classroomTeachers.classroomId, classroomId)),
    ]);
    return [...new Set([...parents.map((row) => row.id!), ...teachers.map((row) => row.id)])];
  }

  const readByCaller = (userId: string) =>
    sql<boolean>`(${classroomAnnouncements.postedBy} = ${userId} or exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${classroomAnnouncements.id} and ${announcementReads.userId} = ${userId}))`;

  return {
    async list(caller: Caller, classroomId: string, page: number, limit: number): Promise<AnnouncementList> {
      const room = await visibleClassroom(caller, classroomId);
      const read = readByCaller(caller.userId);
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: classroomAnnouncements.id,
            classroomId: classroomAnnouncements.classroomId,
            title: classroomAnnouncements.title,
            message: classroomAnnouncements.message,
            postedAt: classroomAnnouncements.postedAt,
            postedByName: users.fullName,
            read,
          })
          .from(classroomAnnouncements)
          .leftJoin(users, eq(users.id, classroomAnnouncements.postedBy))
          .where(eq(classroomAnnouncements.classroomId, room.id))
          .orderBy(desc(classroomAnnouncements.postedAt), desc(classroomAnnouncements.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: count(), unread: sql<number>`count(*) filter (where not ${read})`.mapWith(Number) })
          .from(classroomAnnouncements)
          .where(eq(classroomAnnouncements.classroomId, room.id)),
      ]);
      return {
        classroom_id: room.id,
        classroom_name: room.name,
        announcements: rows.map(toAnnouncement),
        unread: totals?.unread ?? 0,
        pagination: pageOf(page, limit, totals?.total ?? 0),
      };
    },

    async post(caller: Caller, input: AnnouncementInput) {
      assertMayPost(caller);
      const room = await visibleClassroom(caller, input.classroom_id);
      const [row] = await db
        .insert(classroomAnnouncements)
        .values({
          centerId: room.centerId,
          classroomId: room.id,
          postedBy: caller.userId,
          title: input.title,
          message: input.message,
          postedAt: clock.now(),
        })
        .returning();
      const posted = toAnnouncement({ ...row!, postedByName: caller.user.fullName, read: true });
      const audience = await audienceOf(room.id);
      await notifications.notify(
        audience.filter((id) => id !== caller.userId),
        {
          kind: "announcement",
          title: `${room.name}: ${posted.title}`,
          body: excerpt(posted.message),
          link: "/classroom-announcements",
        },
      );
      realtime.toUsers(audience, "new-announcement", {
        id: posted.id,
        classroom_id: posted.classroom_id,
        posted_at: posted.posted_at,
      });
      return posted;
    },

    /** The caller opened it: the unread mark goes (once; opening again changes nothing). */
    async markRead(caller: Caller, announcementId: string) {
      const [row] = await db
        .select({ classroomId: classroomAnnouncements.classroomId })
        .from(classroomAnnouncements)
        .where(eq(classroomAnnouncements.id, announcementId));
      if (!row) throw notFound("Announcement");
      await visibleClassroom(caller, row.classroomId).catch(() => {
        throw notFound("Announcement");
      });
      await db
        .insert(announcementReads)
        .values({ announcementId, userId: caller.userId, readAt: clock.now() })
        .onConflictDoNothing();
      return { id: announcementId, read: true as const };
    },

    /** Announcements of the parent's children's rooms they have not opened (for the navigation). */
    async unreadCount(caller: Caller): Promise<number> {
      if (!isFamily(caller)) return 0;
      const rooms = await familyClassroomIds(caller);
      if (rooms.length === 0) return 0;
      const [row] = await db
        .select({ unread: count() })
        .from(classroomAnnouncements)
        .where(and(inArray(classroomAnnouncements.classroomId, rooms), sql`not ${readByCaller(caller.userId)}`));
      return row?.unread ?? 0;
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
