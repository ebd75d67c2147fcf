import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, NOTIFICATION_KINDS } from "@sprout/shared/schemas/communication";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { classrooms, students } from "./children.ts";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

/** A teacher's post to their classroom's families. */
export const classroomAnnouncements = pgTable(
  "classroom_announcements",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    classroomId: uuid("classroom_id")
      .notNull()
      .references(() => classrooms.id, { onDelete: "cascade" }),
    postedBy: uuid("posted_by").references(() => users.id),
    title: text("title").notNull(),
    message: text("message").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("classroom_announcements_room_idx").on(table.classroomId, table.postedAt.desc(), table.id)],
);

/** Who has opened an announcement, once each: the parent's unread mark is the absence of a row. */
export const announcementReads = pgTable(
  "announcement_reads",
  {
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => classroomAnnouncements.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.userId] })],
);

/** One conversation about one child between one of its teachers and one of its parents. */
export const messageThreads = pgTable(
  "message_threads",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    childId: uuid("child_id")
      .notNull()
      .references(() => students.id),
    teacherId: uuid("teacher_id")
      .notNull()
      .references(() => users.id),
    parentId: uuid("parent_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("message_threads_parties_unique").on(table.childId, table.teacherId, table.parentId),
    index("message_threads_teacher_idx").on(table.teacherId, table.lastMessageAt.desc(), table.id),
    index("message_threads_parent_idx").on(table.parentId, table.lastMessageAt.desc(), table.id),
    index("message_threads_center_idx").on(table.centerId, table.lastMessageAt.desc(), table.id),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => messageThreads.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id),
    content: text("content").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** When the recipient was e-mailed about it still being unread (once per message). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (table) => [
    index("messages_thread_idx").on(table.threadId, table.sentAt.desc(), table.id),
    // Unread counts read only the unread rows of one recipient.
    index("messages_unread_idx").on(table.recipientId, table.threadId).where(sql`${table.isRead} = false`),
  ],
);

/** A parent's feedback about their child's centre, answered by its leadership. */
export const parentFeedback = pgTable(
  "parent_feedback",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    parentId: uuid("parent_id")
      .notNull()
      .references(() => users.id),
    childId: uuid("child_id")
      .notNull()
      .references(() => students.id),
    category: text("category", { enum: FEEDBACK_CATEGORIES }).notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    status: text("status", { enum: FEEDBACK_STATUSES }).notNull().default("pending"),
    response: text("response"),
    respondedBy: uuid("responded_by").references(() => users.id),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("parent_feedback_center_idx").on(table.centerId, table.createdAt.desc(), table.id),
    index("parent_feedback_parent_idx").on(table.parentId, table.createdAt.desc()),
  ],
);

/** One line in a user's bell: written when something reaches them, read when they open the bell. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.createdAt.desc(), table.id),
    index("notifications_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/** A centre's choice of how long a message may stay unread before its recipient is e-mailed. */
export const communicationSettings = pgTable("communication_settings", {
  centerId: uuid("center_id")
    .primaryKey()
    .references(() => centers.id, { onDelete: "cascade" }),
  unreadReminderHours: integer("unread_reminder_hours").notNull(),
});

/** A notice from the centre's communication desk to its families: the whole centre or chosen rooms. */
export const centreNotices = pgTable(
  "centre_notices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    sentBy: uuid("sent_by").references(() => users.id),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** The chosen classrooms; empty means every classroom of the centre. */
    classroomIds: uuid("classroom_ids").array().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("centre_notices_center_idx").on(table.centerId, table.sentAt.desc(), table.id)],
);

/**
 * Who a notice went to, one row per parent and child as they were when it was sent: the "not read
 * yet" list names the family it was meant for even if a child moves rooms afterwards.
 */
export const noticeRecipients = pgTable(
  "notice_recipients",
  {
    noticeId: uuid("notice_id")
      .notNull()
      .references(() => centreNotices.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    parentName: text("parent_name").notNull(),
    childName: text("child_name").notNull(),
    classroomName: text("classroom_name").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.noticeId, table.userId, table.childId] }),
    // The sender's "not read yet" page: one notice's unread rows in name order.
    index("notice_recipients_unread_idx")
      .on(table.noticeId, table.parentName, table.childName, table.userId, table.childId)
      .where(sql`${table.readAt} is null`),
    // A parent's notices, newest first, come from their own rows.
    index("notice_recipients_user_idx").on(table.userId, table.noticeId),
  ],
);
