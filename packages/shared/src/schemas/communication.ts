import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { safeString } from "./primitives.ts";

/**
 * Classroom announcements, parent–teacher messages and parent feedback (spec 1: "Classroom
 * announcements", "Messages", the thread, message and announcement entities; spec 2: the
 * director's Parent Feedback tab and its figures).
 */

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_MESSAGE_MAX = 5000;
/** A chat message, not a letter: long enough for a paragraph, short enough to read on a phone. */
export const MESSAGE_MAX = 2000;
export const FEEDBACK_COMMENT_MAX = 2000;
export const FEEDBACK_RESPONSE_MAX = 2000;
export const COMMUNICATION_PAGE_SIZE = 20;
export const COMMUNICATION_MAX_PAGE_SIZE = 50;

export const COMMUNICATION_MESSAGES = {
  titleRequired: english("communication.titleRequired"),
  messageRequired: english("communication.messageRequired"),
  titleTooLong: english("communication.titleTooLong", { max: ANNOUNCEMENT_TITLE_MAX }),
  announcementTooLong: english("communication.announcementTooLong", { max: ANNOUNCEMENT_MESSAGE_MAX }),
  contentRequired: english("communication.contentRequired"),
  contentTooLong: english("communication.contentTooLong", { max: MESSAGE_MAX }),
  recipientNotInThread: english("communication.recipientNotInThread"),
  noClassroom: english("communication.noClassroom"),
  noAnnouncements: english("communication.noAnnouncements"),
  selectConversation: english("communication.selectConversation"),
  noConversations: english("communication.noConversations"),
  oversightNotice: english("communication.oversightNotice"),
  categoryRequired: english("communication.categoryRequired"),
  ratingRequired: english("communication.ratingRequired"),
  commentRequired: english("communication.commentRequired"),
  commentTooLong: english("communication.commentTooLong", { max: FEEDBACK_COMMENT_MAX }),
  responseRequired: english("communication.responseRequired"),
  responseTooLong: english("communication.responseTooLong", { max: FEEDBACK_RESPONSE_MAX }),
  alreadyResponded: english("communication.alreadyResponded"),
  chooseChild: english("communication.chooseChild"),
} as const;
const M = COMMUNICATION_MESSAGES;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(COMMUNICATION_MAX_PAGE_SIZE).default(COMMUNICATION_PAGE_SIZE),
};
export const communicationPageQuery = z.object(pageQuery);

export const pagination = z.object({
  current_page: z.number(),
  total_pages: z.number(),
  total_items: z.number(),
  items_per_page: z.number(),
});

/** Required trimmed text: blank (only spaces) counts as missing. */
const requiredText = (required: string, max: number, tooLong: string) =>
  safeString({ error: required }).trim().min(1, required).max(max, tooLong);

// --- Classroom announcements -------------------------------------------------------------------

export const announcementInput = z.object({
  classroom_id: z.uuid({ error: english("communication.chooseClassroom") }),
  title: requiredText(M.titleRequired, ANNOUNCEMENT_TITLE_MAX, M.titleTooLong),
  message: requiredText(M.messageRequired, ANNOUNCEMENT_MESSAGE_MAX, M.announcementTooLong),
});
export type AnnouncementInput = z.output<typeof announcementInput>;

/** spec: "Classroom announcement: id, classroom_id, title, message, posted_at, read". */
export const announcement = z.object({
  id: z.uuid(),
  classroom_id: z.uuid(),
  title: z.string(),
  message: z.string(),
  posted_at: z.string(),
  posted_by_name: z.string().nullable(),
  /** Whether the caller has opened it (a teacher's own posts count as read). */
  read: z.boolean(),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementList = z.object({
  classroom_id: z.uuid(),
  classroom_name: z.string(),
  announcements: z.array(announcement),
  unread: z.number(),
  pagination,
});
export type AnnouncementList = z.infer<typeof announcementList>;

export const classroomIdParams = z.object({
  classroomId: z.uuid({ error: english("communication.classroomNotFound") }),
});
export const idParams = z.object({ id: z.uuid({ error: english("communication.notFound") }) });

// --- Messages ----------------------------------------------------------------------------------

/** spec: "Message thread: id, child_id, teacher_id, parent_id", with what the list shows. */
export const thread = z.object({
  id: z.uuid(),
  child_id: z.uuid(),
  teacher_id: z.uuid(),
  parent_id: z.uuid(),
  child_name: z.string(),
  teacher_name: z.string(),
  parent_name: z.string(),
  last_message: z.string().nullable(),
  last_message_at: z.string().nullable(),
  unread_count: z.number(),
});
export type Thread = z.infer<typeof thread>;

/**
 * Where the next page of a list starts: the last item's time and id ("<ISO time>_<uuid>"). Keyset
 * paging, so an item that arrives, jumps to the top or leaves a filter while someone reads never
 * pushes another one off a page or shows it twice; the id orders items of the same millisecond.
 */
export const KEYSET_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/;
export const CURSOR_MESSAGE = english("communication.cursorInvalid");
const keysetCursor = z.string().regex(KEYSET_CURSOR, { error: CURSOR_MESSAGE });
/** The cursor of an item (its time and id), as KEYSET_CURSOR reads it back. */
export const cursorOf = (at: string, id: string) => `${at}_${id}`;

export const threadsQuery = z.object({
  cursor: keysetCursor.optional(),
  limit: pageQuery.limit,
});

export const threadList = z.object({
  threads: z.array(thread),
  /** True for leadership reading their centres' threads: they may read, not write. */
  read_only: z.boolean(),
  /** The next page's cursor; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ThreadList = z.infer<typeof threadList>;

/** spec: "Message: id, sender_id, recipient_id, content, is_read, sent_at". */
export const message = z.object({
  id: z.uuid(),
  thread_id: z.uuid(),
  sender_id: z.uuid(),
  recipient_id: z.uuid(),
  content: z.string(),
  is_read: z.boolean(),
  sent_at: z.string(),
});
export type Message = z.infer<typeof message>;

export const messageList = z.object({
  thread,
  messages: z.array(message),
  read_only: z.boolean(),
  /** More, older messages exist before the first one. */
  has_older: z.boolean(),
  /** The `before` of the page of older messages; null when there are none. */
  older_cursor: z.string().nullable(),
});
export type MessageList = z.infer<typeof messageList>;

export const messagesQuery = z.object({
  /** The previous answer's older_cursor: the messages sent before its first one. */
  before: keysetCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const messageInput = z.object({
  recipient_id: z.uuid({ error: M.recipientNotInThread }),
  content: requiredText(M.contentRequired, MESSAGE_MAX, M.contentTooLong),
});
export type MessageInput = z.output<typeof messageInput>;

const chooseTeacher = english("communication.chooseTeacher");
const chooseParent = english("communication.chooseParent");

/** A teacher writes first to a parent of a child in their classrooms: the child, then the guardian. */
export const teacherStartThreadInput = z.object({
  child_id: z.uuid({ error: M.chooseChild }),
  parent_id: z.uuid({ error: chooseParent }),
});
export type TeacherStartThreadInput = z.output<typeof teacherStartThreadInput>;

/** A parent names the teacher, a teacher the parent; which one is required depends on who calls. */
export const startThreadInput = z.object({
  child_id: z.uuid({ error: M.chooseChild }),
  teacher_id: z.uuid({ error: chooseTeacher }).optional(),
  parent_id: z.uuid({ error: chooseParent }).optional(),
});
export type StartThreadInput = z.output<typeof startThreadInput>;
export const START_THREAD_MESSAGES = { chooseTeacher, chooseParent } as const;

/** The parents a teacher may write to: guardians with an account of their classrooms' children. */
export const families = z.object({
  families: z.array(
    z.object({
      child_id: z.uuid(),
      child_name: z.string(),
      classroom_name: z.string(),
      parent_id: z.uuid(),
      parent_name: z.string(),
    }),
  ),
});
export type Families = z.infer<typeof families>;

/** The people a parent may write to: each child's teachers. */
export const contacts = z.object({
  contacts: z.array(
    z.object({
      child_id: z.uuid(),
      child_name: z.string(),
      teacher_id: z.uuid(),
      teacher_name: z.string(),
      classroom_name: z.string(),
    }),
  ),
});
export type Contacts = z.infer<typeof contacts>;

export const unreadCounts = z.object({ messages: z.number(), announcements: z.number(), notices: z.number() });
export type UnreadCounts = z.infer<typeof unreadCounts>;

// --- Parent feedback ---------------------------------------------------------------------------

export const FEEDBACK_CATEGORIES = ["general", "teaching", "communication", "facilities", "food", "safety"] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
/** The catalogue's words for each category; `FEEDBACK_CATEGORY_LABELS` is their English. */
export const FEEDBACK_CATEGORY_LABEL_IDS: Record<FeedbackCategory, MessageId> = {
  general: "communication.categoryGeneral",
  teaching: "communication.categoryTeaching",
  communication: "communication.categoryCommunication",
  facilities: "communication.categoryFacilities",
  food: "communication.categoryFood",
  safety: "communication.categorySafety",
};
export const FEEDBACK_CATEGORY_LABELS = Object.fromEntries(
  FEEDBACK_CATEGORIES.map((category) => [category, english(FEEDBACK_CATEGORY_LABEL_IDS[category])]),
) as Record<FeedbackCategory, string>;
export const FEEDBACK_STATUSES = ["pending", "responded"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const feedbackInput = z.object({
  child_id: z.uuid({ error: M.chooseChild }),
  category: z.enum(FEEDBACK_CATEGORIES, { error: M.categoryRequired }),
  rating: z.coerce
    .number({ error: M.ratingRequired })
    .int(M.ratingRequired)
    .min(1, M.ratingRequired)
    .max(5, M.ratingRequired),
  comment: requiredText(M.commentRequired, FEEDBACK_COMMENT_MAX, M.commentTooLong),
});
export type FeedbackInput = z.output<typeof feedbackInput>;

/** Opens the parent's Feedback dialog on the messages screen (where a centre's answer is shown). */
export const FEEDBACK_DIALOG_LINK = "/messaging?feedback=1";

export const feedbackResponseInput = z.object({
  response: requiredText(M.responseRequired, FEEDBACK_RESPONSE_MAX, M.responseTooLong),
});

export const feedback = z.object({
  id: z.uuid(),
  center_id: z.uuid(),
  child_name: z.string(),
  parent_name: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  rating: z.number(),
  comment: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  response: z.string().nullable(),
  responded_by_name: z.string().nullable(),
  responded_at: z.string().nullable(),
  created_at: z.string(),
});
export type Feedback = z.infer<typeof feedback>;

/** Newest first, a page at a time from the previous page's next_cursor (the figures are in the summary). */
export const feedbackQuery = z.object({
  cursor: keysetCursor.optional(),
  limit: pageQuery.limit,
  status: z.enum(FEEDBACK_STATUSES).optional(),
  center_id: z.uuid().optional(),
});

export const feedbackList = z.object({
  feedback: z.array(feedback),
  /** The next page's cursor; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type FeedbackList = z.infer<typeof feedbackList>;

/** spec 2: "feedback: total_feedback, pending_feedback, avg_rating". */
export const feedbackSummary = z.object({
  total_feedback: z.number(),
  pending_feedback: z.number(),
  avg_rating: z.number().nullable(),
});
export type FeedbackSummary = z.infer<typeof feedbackSummary>;

/** Notifications: the bell in the top bar (issue 14, point 6). */
export const NOTIFICATION_KINDS = [
  "message",
  "announcement",
  "notice",
  "feedback_response",
  "budget",
  "policy",
  "incident",
  "progress_card",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LIST_MAX = 30;

export const notification = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;
export const notificationList = z.object({ notifications: z.array(notification), unread: z.number() });
export type NotificationList = z.infer<typeof notificationList>;

/** How long a message may stay unread before its recipient gets one e-mail about it. */
export const REMINDER_HOURS_DEFAULT = 24;
export const reminderSettingInput = z.object({
  center_id: z.uuid({ error: english("communication.centreNotFound") }),
  unread_reminder_hours: z
    .number({ error: english("communication.hoursNumber") })
    .int({ error: english("communication.hoursWhole") })
    .min(1, { error: english("communication.hoursMin") })
    .max(168, { error: english("communication.hoursMax") }),
});
export type ReminderSettingInput = z.output<typeof reminderSettingInput>;
export const reminderSetting = z.object({ center_id: z.uuid(), unread_reminder_hours: z.number() });

// --- Notices from the communication desk (issue 14, point 5) -------------------------------------

export const NOTICE_MESSAGES = {
  chooseCentre: english("communication.noticeChooseCentre"),
  noFamilies: english("communication.noFamilies"),
  noNotices: english("communication.noNotices"),
  everyoneRead: english("communication.everyoneRead"),
} as const;

/** Blank classrooms mean the whole centre. */
export const noticeInput = z.object({
  center_id: z.uuid({ error: NOTICE_MESSAGES.chooseCentre }),
  classroom_ids: z
    .array(z.uuid({ error: english("communication.classroomNotFound") }))
    .max(100)
    .default([]),
  title: requiredText(M.titleRequired, ANNOUNCEMENT_TITLE_MAX, M.titleTooLong),
  message: requiredText(M.messageRequired, ANNOUNCEMENT_MESSAGE_MAX, M.announcementTooLong),
});
export type NoticeInput = z.output<typeof noticeInput>;

/** A sent notice as its sender sees it: the audience and how many parents have read it. */
export const sentNotice = z.object({
  id: z.uuid(),
  center_id: z.uuid(),
  title: z.string(),
  message: z.string(),
  sent_at: z.string(),
  sent_by_name: z.string().nullable(),
  /** Classroom names; empty for the whole centre. */
  classrooms: z.array(z.string()),
  parents: z.number(),
  read: z.number(),
});
export type SentNotice = z.infer<typeof sentNotice>;
export const sentNoticeList = z.object({ notices: z.array(sentNotice), pagination });
export type SentNoticeList = z.infer<typeof sentNoticeList>;

export const sentNoticesQuery = z.object({ ...pageQuery, center_id: z.uuid().optional() });

/** One family a notice has not reached yet: the parent, and the child it was sent about. */
export const noticeNotRead = z.object({
  parent_name: z.string(),
  child_name: z.string(),
  classroom_name: z.string(),
});
export const noticeNotReadList = z.object({ not_read: z.array(noticeNotRead), pagination });
export type NoticeNotReadList = z.infer<typeof noticeNotReadList>;

/** A notice as a parent sees it. */
export const receivedNotice = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  sent_at: z.string(),
  center_name: z.string(),
  read: z.boolean(),
});
export type ReceivedNotice = z.infer<typeof receivedNotice>;
export const receivedNoticeList = z.object({ notices: z.array(receivedNotice), unread: z.number(), pagination });
export type ReceivedNoticeList = z.infer<typeof receivedNoticeList>;
