import {
  communicationPageQuery,
  idParams,
  noticeInput,
  noticeNotReadList,
  receivedNoticeList,
  sentNotice,
  sentNoticeList,
  sentNoticesQuery,
} from "@sprout/shared/schemas/communication";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { NoticesService } from "./notices.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 429: error };
const tags = ["communication"];

/** Notices from the communication desk (owner, director) and the parents' notices list. */
export function noticeRoutes(notices: NoticesService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/notices",
      {
        config: {
          access: { action: "notices.send" },
          // A notice e-mails every family of a centre: a handful an hour is plenty.
          rateLimit: {
            max: 10,
            timeWindow: "1 minute",
            keyGenerator: (request: FastifyRequest) => `notices:${request.caller?.userId ?? request.ip}`,
          },
        },
        schema: {
          summary: "Send a notice to every parent of a centre or of chosen classrooms (in the app and by e-mail)",
          tags,
          body: noticeInput,
          response: { 201: sentNotice, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await notices.send(request.caller, request.body)),
    );

    api.get(
      "/notices/sent",
      {
        config: { access: { action: "notices.send" } },
        schema: {
          summary: "Notices sent to the caller's centres, newest first, with how many parents have read each",
          tags,
          querystring: sentNoticesQuery,
          response: { 200: sentNoticeList, ...refusals },
        },
      },
      async (request) => notices.sent(request.caller, request.query),
    );

    api.get(
      "/notices/:id/not-read",
      {
        config: { access: { action: "notices.send" } },
        schema: {
          summary: "The parents (with the child and classroom) who have not read a notice yet",
          tags,
          params: idParams,
          querystring: communicationPageQuery,
          response: { 200: noticeNotReadList, ...refusals },
        },
      },
      async (request) => notices.notRead(request.caller, request.params.id, request.query.page, request.query.limit),
    );

    api.get(
      "/notices",
      {
        config: { access: { action: "notices.read" } },
        schema: {
          summary: "The notices the centre sent to the caller, newest first, with unread marks",
          tags,
          querystring: communicationPageQuery,
          response: { 200: receivedNoticeList, ...refusals },
        },
      },
      async (request) => notices.received(request.caller, request.query.page, request.query.limit),
    );

    api.post(
      "/notices/:id/read",
      {
        config: { access: { action: "notices.read" } },
        schema: {
          summary: "The parent opened a notice: it is read, and the sender's not-read list moves",
          tags,
          params: idParams,
          response: { 200: z.object({ id: z.uuid(), read: z.literal(true) }), ...refusals },
        },
      },
      async (request) => notices.markRead(request.caller, request.params.id),
    );
  };
}
