import { english } from "@sprout/shared/i18n/english";
import {
  COMMUNICATION_MESSAGES,
  cursorOf,
  type MessageInput,
  type MessageList,
  START_THREAD_MESSAGES,
  type StartThreadInput,
  type Thread,
  type ThreadList,
} from "@sprout/shared/schemas/communication";
import { and, count, desc, eq, exists, inArray, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classroomTeachers, students } from "../../db/schema/children.ts";
import { messages, messageThreads } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import type { Clock } from "../../lib/clock.ts";
import { HttpError, notFound } from "../../lib/errors.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { ContactsService } from "./contacts.ts";
import { olderThan } from "./keyset.ts";
import type { LeadershipOf } from "./leadership.ts";
import { excerpt, type NotificationsService } from "./notifications.ts";
import { assertParty, isMessagingParty, oversees, writesToFamilies, writesToTeachers } from "./policy.ts";
import { toMessage, toThread } from "./presenter.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  notifications: NotificationsService;
  contacts: ContactsService;
  leadershipOf: LeadershipOf;
}

const choose = (field: string, message: string) =>
  new HttpError(400, "VALIDATION_ERROR", message, { [field]: message });

const teacher = alias(users, "thread_teacher");
const parent = alias(users, "thread_parent");
const FALSE: SQL = sql`false`;

/** Parent–teacher threads about one child, and the centre leadership's read-only view of them. */
export function createMessagingService({ db, clock, realtime, notifications, contacts, leadershipOf }: Deps) {
  /**
   * The threads the caller may see, as a condition on the thread row alone (so that a page is
   * picked before any name is joined). A parent: their own, about their own children. A teacher:
   * their own, about children now in their classrooms. Leadership: every thread of their centres.
   */
  async function visible(caller: Caller): Promise<SQL> {
    if (writesToFamilies(caller)) {
      const rooms = db
        .select({ id: classroomTeachers.classroomId })
        .from(classroomTeachers)
        .where(eq(classroomTeachers.teacherId, caller.userId));
      const inTheirRooms = db
        .select({ one: sql`1` })
        .from(students)
        .where(and(eq(students.id, messageThreads.childId), inArray(students.classroomId, rooms)));
      return and(eq(messageThreads.teacherId, caller.userId), exists(inTheirRooms))!;
    }
    const scope = await caller.scope();
    if (writesToTeachers(caller)) {
      if (!scope.childIds || scope.childIds.length === 0) return FALSE;
      return and(eq(messageThreads.parentId, caller.userId), inArray(messageThreads.childId, scope.childIds))!;
    }
    if (oversees(caller) && scope.centerIds.length > 0) return inArray(messageThreads.centerId, scope.centerIds);
    return FALSE;
  }

  const selectThreads = (userId: string) =>
    db
      .select({
        id: messageThreads.id,
        centerId: messageThreads.centerId,
        childId: messageThreads.childId,
        teacherId: messageThreads.teacherId,
        parentId: messageThreads.parentId,
        childName: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
        teacherName: teacher.fullName,
        parentName: parent.fullName,
        lastMessage: sql<
          string | null
        >`(select ${messages.content} from ${messages} where ${messages.threadId} = ${messageThreads.id} order by ${messages.sentAt} desc limit 1)`,
        lastMessageAt: messageThreads.lastMessageAt,
        unreadCount:
          sql<number>`(select count(*) from ${messages} where ${messages.threadId} = ${messageThreads.id} and ${messages.recipientId} = ${userId} and ${messages.isRead} = false)`.mapWith(
            Number,
          ),
      })
      .from(messageThreads)
      .innerJoin(students, eq(students.id, messageThreads.childId))
      .innerJoin(teacher, eq(teacher.id, messageThreads.teacherId))
      .innerJoin(parent, eq(parent.id, messageThreads.parentId));

  async function threadRow(caller: Caller, threadId: string) {
    const [row] = await selectThreads(caller.userId).where(and(eq(messageThreads.id, threadId), await visible(caller)));
    if (!row) throw notFound("Conversation");
    return row;
  }
  const threadOf = async (caller: Caller, threadId: string): Promise<Thread> =>
    toThread(await threadRow(caller, threadId));

  /** The thread's parties when a parent writes first: the teacher must teach the child's room. */
  async function parentStarts(caller: Caller, input: StartThreadInput) {
    const scope = await caller.scope();
    if (!writesToTeachers(caller) || !scope.childIds?.includes(input.child_id)) throw notFound("Child");
    if (!input.teacher_id) throw choose("teacher_id", START_THREAD_MESSAGES.chooseTeacher);
    const [child] = await db
      .select({ centerId: students.centerId })
      .from(students)
      .innerJoin(classroomTeachers, eq(classroomTeachers.classroomId, students.classroomId))
      .where(
        and(
          eq(students.id, input.child_id),
          ne(students.status, "left"),
          eq(classroomTeachers.teacherId, input.teacher_id),
        ),
      );
    if (!child) throw notFound("Teacher");
    return { centerId: child.centerId, teacherId: input.teacher_id, parentId: caller.userId };
  }

  /** The thread's parties when a teacher writes first: the child in their rooms, the parent its guardian. */
  async function teacherStarts(caller: Caller, input: StartThreadInput) {
    if (!input.parent_id) throw choose("parent_id", START_THREAD_MESSAGES.chooseParent);
    const { child, parent: isGuardian } = await contacts.teacherMayWrite(
      caller.userId,
      input.child_id,
      input.parent_id,
    );
    if (!child) throw notFound("Child");
    if (!isGuardian) throw notFound("Parent");
    return { centerId: child.centerId, teacherId: caller.userId, parentId: input.parent_id };
  }

  return {
    /**
     * One page of the caller's threads, latest activity first, from the cursor the previous page
     * gave (keyset paging: no offset to walk and no count per page).
     */
    async threads(caller: Caller, cursor: string | undefined, limit: number): Promise<ThreadList> {
      const rows = await selectThreads(caller.userId)
        .where(and(await visible(caller), olderThan(messageThreads.lastMessageAt, messageThreads.id, cursor)))
        .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
        .limit(limit + 1);
      const threads = rows.slice(0, limit).map(toThread);
      const last = threads.at(-1);
      return {
        threads,
        read_only: oversees(caller),
        next_cursor: rows.length > limit && last?.last_message_at ? cursorOf(last.last_message_at, last.id) : null,
      };
    },

    /** The latest page of a conversation, or the page sent before the cursor `before` (oldest first). */
    async messages(caller: Caller, threadId: string, before: string | undefined, limit: number): Promise<MessageList> {
      const thread = await threadOf(caller, threadId);
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.threadId, threadId), olderThan(messages.sentAt, messages.id, before)))
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit).reverse().map(toMessage);
      const hasOlder = rows.length > limit;
      const oldest = page[0];
      return {
        thread,
        messages: page,
        read_only: oversees(caller),
        has_older: hasOlder,
        older_cursor: hasOlder && oldest ? cursorOf(oldest.sent_at, oldest.id) : null,
      };
    },

    /** The caller has read the thread: their unread messages in it become read. */
    async markRead(caller: Caller, threadId: string) {
      assertParty(caller);
      await threadOf(caller, threadId);
      const updated = await db
        .update(messages)
        .set({ isRead: true })
        .where(
          and(eq(messages.threadId, threadId), eq(messages.recipientId, caller.userId), eq(messages.isRead, false)),
        )
        .returning({ id: messages.id });
      return { marked: updated.length };
    },

    async send(caller: Caller, threadId: string, input: MessageInput) {
      assertParty(caller);
      const row = await threadRow(caller, threadId);
      const thread = toThread(row);
      const other = caller.userId === thread.parent_id ? thread.teacher_id : thread.parent_id;
      if (input.recipient_id !== other || input.recipient_id === caller.userId) {
        throw new HttpError(400, "INVALID_RECIPIENT", COMMUNICATION_MESSAGES.recipientNotInThread, {
          recipient_id: COMMUNICATION_MESSAGES.recipientNotInThread,
        });
      }
      const sentAt = clock.now();
      const stored = await transaction(db, async (tx) => {
        const [inserted] = await tx
          .insert(messages)
          .values({ threadId, senderId: caller.userId, recipientId: other, content: input.content, sentAt })
          .returning();
        await tx.update(messageThreads).set({ lastMessageAt: sentAt }).where(eq(messageThreads.id, threadId));
        await notifications.notify(
          [other],
          {
            kind: "message",
            title: english("bell.messageFrom", { sender: caller.user.fullName }),
            // "Aanya: new message from Priya Sharma": the child and the sender, never the text.
            pushTitle: english("pushText.messageFrom", {
              child: thread.child_name.split(" ")[0] || thread.child_name,
              sender: caller.user.fullName,
            }),
            body: excerpt(input.content),
            link: "/messaging",
          },
          tx,
        );
        return inserted!;
      });
      const sent = toMessage(stored);
      // Both parties' own rooms: the recipient's screens and the sender's other tabs.
      realtime.toUsers([other, caller.userId], "new-message", {
        id: sent.id,
        thread_id: sent.thread_id,
        sender_id: sent.sender_id,
        recipient_id: sent.recipient_id,
        sent_at: sent.sent_at,
      });
      // The centre's leadership learn only that the thread moved, so their oversight list refetches.
      realtime.toUsers(await leadershipOf(row.centerId, "messages.oversee"), "thread-activity", {
        thread_id: threadId,
        center_id: row.centerId,
      });
      return sent;
    },

    /**
     * A parent opens (or reopens) the conversation with one of their child's teachers; a teacher
     * with a parent of a child in their classrooms. Another room's or family's child is not found.
     */
    async start(caller: Caller, input: StartThreadInput): Promise<Thread> {
      const parties = writesToFamilies(caller) ? await teacherStarts(caller, input) : await parentStarts(caller, input);
      const now = clock.now();
      await db
        .insert(messageThreads)
        .values({ ...parties, childId: input.child_id, createdAt: now, lastMessageAt: now })
        .onConflictDoNothing();
      const [thread] = await db
        .select({ id: messageThreads.id })
        .from(messageThreads)
        .where(
          and(
            eq(messageThreads.childId, input.child_id),
            eq(messageThreads.teacherId, parties.teacherId),
            eq(messageThreads.parentId, parties.parentId),
          ),
        );
      return threadOf(caller, thread!.id);
    },

    /** Unread messages addressed to the caller in threads they can still see. */
    async unreadCount(caller: Caller): Promise<number> {
      if (!isMessagingParty(caller)) return 0;
      const [row] = await db
        .select({ unread: count() })
        .from(messages)
        .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
        .where(and(eq(messages.recipientId, caller.userId), eq(messages.isRead, false), await visible(caller)));
      return row?.unread ?? 0;
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
