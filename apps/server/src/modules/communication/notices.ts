import {
  NOTICE_MESSAGES,
  type NoticeInput,
  type NoticeNotReadList,
  type ReceivedNoticeList,
  type SentNotice,
  type SentNoticeList,
} from "@sprout/shared/schemas/communication";
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { centreNotices, noticeRecipients } from "../../db/schema/communication.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { HttpError, notFound } from "../../lib/errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { noticeMail } from "./notice-mail.ts";
import { excerpt, type NotificationsService } from "./notifications.ts";
import { mayPublishNotices } from "./policy.ts";
import { pageOf, toSentNotice } from "./presenter.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  notifications: NotificationsService;
  mailer: Pick<Mailer, "send">;
}

const readCount = countDistinct(
  sql`case when ${noticeRecipients.readAt} is not null then ${noticeRecipients.userId} end`,
);

/** Notices from the communication desk to a centre's families, and who has not read them yet. */
export function createNoticesService({ db, clock, realtime, notifications, mailer }: Deps) {
  /** Centres whose notices the caller sends and follows; none for everyone else. */
  async function deskCentres(caller: Caller): Promise<string[]> {
    return mayPublishNotices(caller) ? (await caller.scope()).centerIds : [];
  }

  async function sentNoticeOf(caller: Caller, noticeId: string) {
    const [notice] = await db
      .select({ id: centreNotices.id, centerId: centreNotices.centerId })
      .from(centreNotices)
      .where(eq(centreNotices.id, noticeId));
    if (!notice || !(await deskCentres(caller)).includes(notice.centerId)) throw notFound("Notice");
    return notice;
  }

  /** Sent notices of one page with their audience and read figures (one grouped count). */
  async function withFigures(rows: (typeof centreNotices.$inferSelect & { sentByName: string | null })[]) {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const roomIds = [...new Set(rows.flatMap((row) => row.classroomIds))];
    const [figures, rooms] = await Promise.all([
      db
        .select({ id: noticeRecipients.noticeId, parents: countDistinct(noticeRecipients.userId), read: readCount })
        .from(noticeRecipients)
        .where(inArray(noticeRecipients.noticeId, ids))
        .groupBy(noticeRecipients.noticeId),
      roomIds.length === 0
        ? []
        : db
            .select({ id: classrooms.id, name: classrooms.name })
            .from(classrooms)
            .where(inArray(classrooms.id, roomIds)),
    ]);
    const byId = new Map(figures.map((figure) => [figure.id, figure]));
    const roomName = new Map(rooms.map((room) => [room.id, room.name]));
    return rows.map((row) =>
      toSentNotice(
        row,
        row.classroomIds.map((id) => roomName.get(id) ?? "").filter(Boolean),
        byId.get(row.id) ?? { parents: 0, read: 0 },
      ),
    );
  }

  return {
    async send(caller: Caller, input: NoticeInput): Promise<SentNotice> {
      if (!(await deskCentres(caller)).includes(input.center_id)) throw notFound("Centre");
      const roomIds = [...new Set(input.classroom_ids)];
      if (roomIds.length > 0) {
        const [found] = await db
          .select({ total: count() })
          .from(classrooms)
          .where(and(inArray(classrooms.id, roomIds), eq(classrooms.centerId, input.center_id)));
        if (found?.total !== roomIds.length) throw notFound("Classroom");
      }
      const sentAt = clock.now();
      const { notice, parents } = await transaction(db, async (tx) => {
        const [notice] = await tx
          .insert(centreNotices)
          .values({
            centerId: input.center_id,
            sentBy: caller.userId,
            title: input.title,
            message: input.message,
            classroomIds: roomIds,
            sentAt,
          })
          .returning();
        // Every parent with an account, once per child on the roll in the chosen rooms, as they are now.
        await tx
          .insert(noticeRecipients)
          .select(
            tx
              .select({
                noticeId: sql`${notice!.id}::uuid`.as("notice_id"),
                userId: users.id,
                childId: students.id,
                parentName: users.fullName,
                childName: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`.as("child_name"),
                classroomName: classrooms.name,
                readAt: sql`null::timestamptz`.as("read_at"),
              })
              .from(students)
              .innerJoin(classrooms, eq(classrooms.id, students.classroomId))
              .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
              .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
              .innerJoin(users, eq(users.id, guardians.userId))
              .where(
                and(
                  eq(students.centerId, input.center_id),
                  ne(students.status, "left"),
                  eq(users.isActive, true),
                  eq(users.role, "parent"),
                  roomIds.length > 0 ? inArray(students.classroomId, roomIds) : undefined,
                ),
              ),
          )
          .onConflictDoNothing();
        const parents = await tx
          .selectDistinct({ id: users.id, email: users.email, fullName: users.fullName, language: users.language })
          .from(noticeRecipients)
          .innerJoin(users, eq(users.id, noticeRecipients.userId))
          .where(eq(noticeRecipients.noticeId, notice!.id));
        if (parents.length === 0) throw new HttpError(400, "NO_RECIPIENTS", NOTICE_MESSAGES.noFamilies);
        await notifications.notify(
          parents.map((parent) => parent.id),
          { kind: "notice", title: notice!.title, body: excerpt(notice!.message), link: `/notices?open=${notice!.id}` },
          tx,
        );
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "notice.send",
          entity: "centre_notice",
          entityId: notice!.id,
          after: { center_id: input.center_id, classroom_ids: roomIds, title: input.title, parents: parents.length },
        });
        return { notice: notice!, parents };
      });
      const [centre] = await db.select({ name: centers.name }).from(centers).where(eq(centers.id, input.center_id));
      for (const parent of parents) await mailer.send(noticeMail(parent, notice, centre?.name ?? "Sprout"));
      const [shown] = await withFigures([{ ...notice, sentByName: caller.user.fullName }]);
      return shown!;
    },

    /** The desk's sent notices, newest first; an owner sees every centre of theirs unless one is chosen. */
    async sent(caller: Caller, query: { page: number; limit: number; center_id?: string }): Promise<SentNoticeList> {
      const mine = await deskCentres(caller);
      if (query.center_id && !mine.includes(query.center_id)) throw notFound("Centre");
      const centres = query.center_id ? [query.center_id] : mine;
      if (centres.length === 0) return { notices: [], pagination: pageOf(query.page, query.limit, 0) };
      const where = inArray(centreNotices.centerId, centres);
      const [rows, [totals]] = await Promise.all([
        db
          .select({ notice: centreNotices, sentByName: users.fullName })
          .from(centreNotices)
          .leftJoin(users, eq(users.id, centreNotices.sentBy))
          .where(where)
          .orderBy(desc(centreNotices.sentAt), desc(centreNotices.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(centreNotices).where(where),
      ]);
      return {
        notices: await withFigures(rows.map((row) => ({ ...row.notice, sentByName: row.sentByName }))),
        pagination: pageOf(query.page, query.limit, totals?.total ?? 0),
      };
    },

    /** Families a notice has not reached yet, by parent name. */
    async notRead(caller: Caller, noticeId: string, page: number, limit: number): Promise<NoticeNotReadList> {
      await sentNoticeOf(caller, noticeId);
      const where = and(eq(noticeRecipients.noticeId, noticeId), isNull(noticeRecipients.readAt));
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            parent_name: noticeRecipients.parentName,
            child_name: noticeRecipients.childName,
            classroom_name: noticeRecipients.classroomName,
          })
          .from(noticeRecipients)
          .where(where)
          .orderBy(
            asc(noticeRecipients.parentName),
            asc(noticeRecipients.childName),
            asc(noticeRecipients.userId),
            asc(noticeRecipients.childId),
          )
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(noticeRecipients).where(where),
      ]);
      return { not_read: rows, pagination: pageOf(page, limit, totals?.total ?? 0) };
    },

    /** A parent's notices, newest first, with their read marks. */
    async received(caller: Caller, page: number, limit: number): Promise<ReceivedNoticeList> {
      const mine = eq(noticeRecipients.userId, caller.userId);
      const read = sql<boolean>`bool_and(${noticeRecipients.readAt} is not null)`;
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: centreNotices.id,
            title: centreNotices.title,
            message: centreNotices.message,
            sentAt: centreNotices.sentAt,
            centerName: centers.name,
            read,
          })
          .from(noticeRecipients)
          .innerJoin(centreNotices, eq(centreNotices.id, noticeRecipients.noticeId))
          .innerJoin(centers, eq(centers.id, centreNotices.centerId))
          .where(mine)
          .groupBy(centreNotices.id, centers.name)
          .orderBy(desc(centreNotices.sentAt), desc(centreNotices.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({
            total: countDistinct(noticeRecipients.noticeId),
            unread: countDistinct(
              sql`case when ${noticeRecipients.readAt} is null then ${noticeRecipients.noticeId} end`,
            ),
          })
          .from(noticeRecipients)
          .where(mine),
      ]);
      return {
        notices: rows.map((row) => ({
          id: row.id,
          title: row.title,
          message: row.message,
          sent_at: row.sentAt.toISOString(),
          center_name: row.centerName,
          read: row.read,
        })),
        unread: totals?.unread ?? 0,
        pagination: pageOf(page, limit, totals?.total ?? 0),
      };
    },

    /** Notices the caller has not opened yet (for the navigation badge). */
    async unreadCount(caller: Caller): Promise<number> {
      if (!may(caller, "notices.read")) return 0;
      const [row] = await db
        .select({ unread: countDistinct(noticeRecipients.noticeId) })
        .from(noticeRecipients)
        .where(and(eq(noticeRecipients.userId, caller.userId), isNull(noticeRecipients.readAt)));
      return row?.unread ?? 0;
    },

    /** The parent opened it: every row of theirs for it is read, and the desk's list moves live. */
    async markRead(caller: Caller, noticeId: string) {
      const marked = await db
        .update(noticeRecipients)
        .set({ readAt: clock.now() })
        .where(
          and(
            eq(noticeRecipients.noticeId, noticeId),
            eq(noticeRecipients.userId, caller.userId),
            isNull(noticeRecipients.readAt),
          ),
        )
        .returning({ noticeId: noticeRecipients.noticeId });
      if (marked.length === 0) {
        const [mine] = await db
          .select({ id: noticeRecipients.noticeId })
          .from(noticeRecipients)
          .where(and(eq(noticeRecipients.noticeId, noticeId), eq(noticeRecipients.userId, caller.userId)))
          .limit(1);
        if (!mine) throw notFound("Notice");
      } else {
        const [notice] = await db
          .select({ centerId: centreNotices.centerId })
          .from(centreNotices)
          .where(eq(centreNotices.id, noticeId));
        realtime.toCentreStaff(notice!.centerId, "notice-read", { notice_id: noticeId });
      }
      return { id: noticeId, read: true as const };
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
