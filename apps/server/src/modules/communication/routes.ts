import {
  announcement,
  announcementInput,
  announcementList,
  classroomIdParams,
  communicationPageQuery,
  contacts,
  families,
  feedback,
  feedbackInput,
  feedbackList,
  feedbackQuery,
  feedbackResponseInput,
  feedbackSummary,
  idParams,
  message,
  messageInput,
  messageList,
  messagesQuery,
  notificationList,
  reminderSetting,
  reminderSettingInput,
  startThreadInput,
  thread,
  threadList,
  threadsQuery,
  unreadCounts,
} from "@sprout/shared/schemas/communication";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageOf } from "../../i18n/intl.ts";
import { childRecord } from "../privacy/record-reads.ts";
import type { CommunicationArea } from "./area.ts";
import { noticeRoutes } from "./notice-routes.ts";

/** Sending is limited per signed-in user, not per address (a centre's families share one Wi-Fi). */
const perUser = (max: number) => ({
  max,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => `communication:${request.caller?.userId ?? request.ip}`,
});

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 429: error };
const tags = ["communication"];

export function communicationRoutes({
  announcements,
  messaging,
  feedback: desk,
  notifications,
  reminders,
  notices,
  contacts: people,
}: CommunicationArea) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    await noticeRoutes(notices)(app);

    api.get(
      "/classroom-announcements/:classroomId",
      {
        config: { access: { action: "announcements.read" }, keptAnswer: true },
        schema: {
          summary: "A classroom's announcements, newest first, with the caller's unread marks",
          tags,
          params: classroomIdParams,
          querystring: communicationPageQuery,
          response: { 200: announcementList, ...refusals },
        },
      },
      async (request) =>
        announcements.list(request.caller, request.params.classroomId, request.query.page, request.query.limit),
    );

    api.post(
      "/classroom-announcements",
      {
        config: { access: { action: "announcements.post" }, rateLimit: perUser(20) },
        schema: {
          summary: "A teacher posts an announcement to one of their classrooms; its families see it live",
          tags,
          body: announcementInput,
          response: { 201: announcement, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await announcements.post(request.caller, request.body)),
    );

    api.post(
      "/classroom-announcements/:id/read",
      {
        config: { access: { action: "announcements.read" } },
        schema: {
          summary: "Mark an announcement as opened by the caller",
          tags,
          params: idParams,
          response: { 200: z.object({ id: z.uuid(), read: z.literal(true) }), ...refusals },
        },
      },
      async (request) => announcements.markRead(request.caller, request.params.id),
    );

    api.get(
      "/communication/unread",
      {
        config: { access: { signedIn: true }, keptAnswer: true },
        schema: {
          summary: "The caller's unread messages, announcements and notices (for the navigation badges)",
          tags,
          response: { 200: unreadCounts, 401: error },
        },
      },
      async (request) => {
        const [messages, unreadAnnouncements, unreadNotices] = await Promise.all([
          messaging.unreadCount(request.caller),
          announcements.unreadCount(request.caller),
          notices.unreadCount(request.caller),
        ]);
        return { messages, announcements: unreadAnnouncements, notices: unreadNotices };
      },
    );

    api.get(
      "/notifications",
      {
        config: { access: { signedIn: true }, keptAnswer: true },
        schema: {
          summary: "The caller's bell: latest notifications, newest first, and the unread count",
          tags,
          response: { 200: notificationList, 401: error },
        },
      },
      async (request) => notifications.list(request.caller, languageOf(request)),
    );

    api.post(
      "/notifications/read",
      {
        config: { access: { signedIn: true } },
        schema: {
          summary: "The caller opened the bell: every notification in it is read",
          tags,
          response: { 200: z.object({ marked: z.number() }), 401: error },
        },
      },
      async (request) => notifications.markAllRead(request.caller),
    );

    api.get(
      "/communication/reminder-setting",
      {
        config: { access: { action: "reminders.configure" } },
        schema: {
          summary: "How many hours a message may stay unread before its recipient is e-mailed once",
          tags,
          querystring: z.object({ center_id: z.uuid({ error: "Centre not found" }) }),
          response: { 200: reminderSetting, ...refusals },
        },
      },
      async (request) => reminders.get(request.caller, request.query.center_id),
    );

    api.put(
      "/communication/reminder-setting",
      {
        config: { access: { action: "reminders.configure" } },
        schema: {
          summary: "The centre sets how many hours a message may stay unread before the e-mail",
          tags,
          body: reminderSettingInput,
          response: { 200: reminderSetting, ...refusals },
        },
      },
      async (request) => reminders.set(request.caller, request.body),
    );

    api.get(
      "/messaging/threads",
      {
        config: { access: { action: "messages.read" }, keptAnswer: true },
        schema: {
          summary: "The caller's conversations (leadership: every conversation of their centres, read-only)",
          tags,
          querystring: threadsQuery,
          response: { 200: threadList, ...refusals },
        },
      },
      async (request) => messaging.threads(request.caller, request.query.cursor, request.query.limit),
    );

    api.post(
      "/messaging/threads",
      {
        config: { access: { action: "messages.send" }, rateLimit: perUser(20) },
        schema: {
          summary: "Open (or reopen) a conversation about a child: a parent names the teacher, a teacher the parent",
          tags,
          body: startThreadInput,
          response: { 200: thread, ...refusals },
        },
      },
      async (request) => messaging.start(request.caller, request.body),
    );

    api.get(
      "/messaging/families",
      {
        config: { access: { action: "messages.listFamilies" } },
        schema: {
          summary: "The parents a teacher may write to, per child of their classrooms",
          tags,
          response: { 200: families, 401: error, 403: error },
        },
      },
      async (request) => people.families(request.caller),
    );

    api.get(
      "/messaging/contacts",
      {
        config: { access: { action: "messages.listContacts" } },
        schema: {
          summary: "The teachers a parent may write to, per child",
          tags,
          response: { 200: contacts, 401: error, 403: error },
        },
      },
      async (request) => people.contacts(request.caller),
    );

    api.get(
      "/messaging/threads/:id/messages",
      {
        config: {
          access: { action: "messages.read" },
          childRecord: childRecord("messages", { field: "thread.child_id" }),
        },
        schema: {
          summary: "A conversation's latest messages (older ones with ?before= the answer's older_cursor)",
          tags,
          params: idParams,
          querystring: messagesQuery,
          response: { 200: messageList, ...refusals },
        },
      },
      async (request) =>
        messaging.messages(request.caller, request.params.id, request.query.before, request.query.limit),
    );

    api.post(
      "/messaging/threads/:id/messages",
      {
        config: { access: { action: "messages.send" }, rateLimit: perUser(30) },
        schema: {
          summary: "Send a message to the other party of the conversation; it arrives live",
          tags,
          params: idParams,
          body: messageInput,
          response: { 201: message, ...refusals },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await messaging.send(request.caller, request.params.id, request.body)),
    );

    api.post(
      "/messaging/threads/:id/read",
      {
        config: { access: { action: "messages.send" } },
        schema: {
          summary: "Mark the caller's messages in a conversation as read",
          tags,
          params: idParams,
          response: { 200: z.object({ marked: z.number() }), ...refusals },
        },
      },
      async (request) => messaging.markRead(request.caller, request.params.id),
    );

    api.post(
      "/parent-feedback",
      {
        config: { access: { action: "feedback.give" }, rateLimit: perUser(5) },
        schema: {
          summary: "A parent sends feedback about their child's centre; the director sees it live",
          tags,
          body: feedbackInput,
          response: { 201: feedback, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await desk.send(request.caller, request.body)),
    );

    api.get(
      "/parent-feedback",
      {
        config: { access: { action: "feedback.read" } },
        schema: {
          summary: "Feedback, newest first, a page at a time: a parent's own, or the centre's for its leadership",
          tags,
          querystring: feedbackQuery,
          response: { 200: feedbackList, ...refusals },
        },
      },
      async (request) => desk.list(request.caller, request.query),
    );

    api.get(
      "/parent-feedback/summary",
      {
        config: { access: { action: "feedback.respond" } },
        schema: {
          summary: "Feedback figures: total, pending and average rating",
          tags,
          querystring: z.object({ center_id: z.uuid().optional() }),
          response: { 200: feedbackSummary, ...refusals },
        },
      },
      async (request) => desk.summary(request.caller, request.query.center_id),
    );

    api.post(
      "/parent-feedback/:id/respond",
      {
        config: { access: { action: "feedback.respond" } },
        schema: {
          summary: "Answer a parent's feedback; it moves from pending to responded",
          tags,
          params: idParams,
          body: feedbackResponseInput,
          response: { 200: feedback, ...refusals, 409: error },
        },
      },
      async (request) => desk.respond(request.caller, request.params.id, request.body.response),
    );
  };
}
