import {
  accessLogFilters,
  accessLogQuery,
  centreAccessPage,
  childAccessPage,
  childAccessQuery,
  childConsents,
  consentAnswers,
  consentRefusalsPage,
  consentRefusalsQuery,
  currentNotice,
  myConsents,
  noticeInput,
  noticesPage,
  noticesQuery,
  privacyNotice,
} from "@sprout/shared/schemas/privacy";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PrivacyArea } from "./area.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["privacy"];
const childParams = z.object({ childId: z.uuid({ error: "Child not found" }) });

/** The privacy notice, parents' consents and the access log (issue 19, points 1 and 2). */
export function privacyRoutes({ notices, consents, accessLog }: PrivacyArea) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/privacy/notice",
      {
        config: { access: { action: "privacy.readNotice" } },
        schema: {
          summary: "The organisation's current privacy notice (the default version 1 until the owner publishes one)",
          tags,
          response: { 200: currentNotice, ...refusals },
        },
      },
      async (request) => ({ notice: await notices.current(request.caller) }),
    );

    api.get(
      "/privacy/notices",
      {
        config: { access: { action: "privacy.editNotice" } },
        schema: {
          summary: "Every published version of the notice, newest first",
          tags,
          querystring: noticesQuery,
          response: { 200: noticesPage, ...refusals },
        },
      },
      async (request) => notices.list(request.caller, request.query),
    );

    api.post(
      "/privacy/notices",
      {
        config: { access: { action: "privacy.editNotice" } },
        schema: {
          summary: "Publish a new version of the notice (versions are never edited); parents are asked again",
          tags,
          body: noticeInput,
          response: { 201: privacyNotice, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await notices.publish(request.caller, request.body)),
    );

    api.get(
      "/privacy/consents",
      {
        config: { access: { action: "privacy.consent" }, keptAnswer: true },
        schema: {
          summary: "The notice and the parent's answers for each of their children",
          tags,
          response: { 200: myConsents, ...refusals },
        },
      },
      async (request) => consents.mine(request.caller),
    );

    api.put(
      "/privacy/consents/:childId",
      {
        config: { access: { action: "privacy.consent" } },
        schema: {
          summary: "Give or refuse consent per purpose for one child, on the notice version read",
          tags,
          params: childParams,
          body: consentAnswers,
          response: { 200: childConsents, ...refusals },
        },
      },
      async (request) => consents.answer(request.caller, request.params.childId, request.body),
    );

    api.get(
      "/privacy/consent-refusals",
      {
        config: { access: { action: "privacy.readRefusals" } },
        schema: {
          summary: "Children of the caller's centres whose family refused core records and billing, to follow up",
          tags,
          querystring: consentRefusalsQuery,
          response: { 200: consentRefusalsPage, ...refusals },
        },
      },
      async (request) => consents.refusals(request.caller, request.query),
    );

    api.get(
      "/privacy/access-log/children/:childId",
      {
        config: { access: { action: "privacy.consent" } },
        schema: {
          summary: "Who viewed the parent's child's records: staff name, role, date and kind of record",
          tags,
          params: childParams,
          querystring: childAccessQuery,
          response: { 200: childAccessPage, ...refusals },
        },
      },
      async (request) => accessLog.forChild(request.caller, request.params.childId, request.query),
    );

    api.get(
      "/privacy/access-log",
      {
        config: { access: { action: "privacy.readAccessLog" } },
        schema: {
          summary: "The access log of the caller's centres, filtered by staff member and by child",
          tags,
          querystring: accessLogQuery,
          response: { 200: centreAccessPage, ...refusals },
        },
      },
      async (request) => accessLog.forCentres(request.caller, request.query),
    );

    api.get(
      "/privacy/access-log/filters",
      {
        config: { access: { action: "privacy.readAccessLog" } },
        schema: {
          summary: "The staff members and children to filter the centre's access log by",
          tags,
          response: { 200: accessLogFilters, ...refusals },
        },
      },
      async (request) => accessLog.filters(request.caller),
    );
  };
}
