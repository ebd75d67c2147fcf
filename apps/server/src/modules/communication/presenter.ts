import type { NewMessageEvent } from "@sprout/shared/realtime/events";
import type {
  Announcement,
  Feedback,
  FeedbackCategory,
  FeedbackStatus,
  Message,
  SentNotice,
  Thread,
} from "@sprout/shared/schemas/communication";

export interface AnnouncementRow {
  id: string;
  classroomId: string;
  title: string;
  message: string;
  postedAt: Date;
  postedByName: string | null;
  read: boolean;
}

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    classroom_id: row.classroomId,
    title: row.title,
    message: row.message,
    posted_at: row.postedAt.toISOString(),
    posted_by_name: row.postedByName,
    read: row.read,
  };
}

export interface ThreadRow {
  id: string;
  childId: string;
  teacherId: string;
  parentId: string;
  childName: string;
  teacherName: string;
  parentName: string;
  lastMessage: string | null;
  lastMessageAt: Date | string | null;
  unreadCount: number;
}

/** Dates from correlated subqueries arrive as text on one driver and as Date on the other. */
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toThread(row: ThreadRow): Thread {
  return {
    id: row.id,
    child_id: row.childId,
    teacher_id: row.teacherId,
    parent_id: row.parentId,
    child_name: row.childName,
    teacher_name: row.teacherName,
    parent_name: row.parentName,
    last_message: row.lastMessage,
    last_message_at: iso(row.lastMessageAt),
    unread_count: Number(row.unreadCount),
  };
}

export interface MessageRow {
  id: string;
  threadId: string;
  senderId: string;
  recipientId: string;
  content: string;
  isRead: boolean;
  sentAt: Date;
}

export function toMessage(row: MessageRow): Message & NewMessageEvent {
  return {
    id: row.id,
    thread_id: row.threadId,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    content: row.content,
    is_read: row.isRead,
    sent_at: row.sentAt.toISOString(),
  };
}

export interface FeedbackRow {
  id: string;
  centerId: string;
  childName: string;
  parentName: string;
  category: FeedbackCategory;
  rating: number;
  comment: string;
  status: FeedbackStatus;
  response: string | null;
  respondedByName: string | null;
  respondedAt: Date | null;
  createdAt: Date;
}

export function toFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    center_id: row.centerId,
    child_name: row.childName,
    parent_name: row.parentName,
    category: row.category,
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    response: row.response,
    responded_by_name: row.respondedByName,
    responded_at: row.respondedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function pageOf(page: number, limit: number, total: number) {
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / limit)),
    total_items: total,
    items_per_page: limit,
  };
}

export interface SentNoticeRow {
  id: string;
  centerId: string;
  title: string;
  message: string;
  sentAt: Date;
  sentByName: string | null;
}

export function toSentNotice(
  row: SentNoticeRow,
  classroomNames: string[],
  figures: { parents: number; read: number },
): SentNotice {
  return {
    id: row.id,
    center_id: row.centerId,
    title: row.title,
    message: row.message,
    sent_at: row.sentAt.toISOString(),
    sent_by_name: row.sentByName,
    classrooms: classroomNames,
    parents: figures.parents,
    read: figures.read,
  };
}
