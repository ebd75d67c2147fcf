import {
  calendarEvent,
  calendarEventInput,
  calendarPage,
  centreListQuery,
  centreQuery,
  dashboardQuery,
  directorDashboard,
  kpiTargetAnswer,
  kpiTargetInput,
  kpiTargetParams,
  staffOverview,
  staffReview,
  staffReviewInput,
  staffReviewsPage,
  tasksPage,
} from "@sprout/shared/schemas/center-director";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageOf } from "../../i18n/intl.ts";
import type { CenterDirectorArea } from "./area.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error };
const tags = ["center-director"];
const idParams = z.object({ id: z.uuid({ error: "Not found" }) });

/** The Center Director dashboard, KPI targets, staff reviews, the centre calendar and upcoming tasks. */
export function centerDirectorRoutes({ dashboard, kpis, reviews, calendar }: CenterDirectorArea) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/center-director/dashboard",
      {
        config: { access: { action: "centreDashboard.read" }, keptAnswer: true },
        schema: {
          summary: "The centre's dashboard: cards, KPIs, budget, feedback, incidents, live updates, tasks",
          tags,
          querystring: dashboardQuery,
          response: { 200: directorDashboard, ...refusals },
        },
      },
      async (request) => dashboard.load(request.caller, request.query.centerId, languageOf(request)),
    );

    api.put(
      "/center-director/kpi-targets/:metric",
      {
        config: { access: { action: "centreDashboard.plan" } },
        schema: {
          summary: "Set (or, with null, clear) a KPI's target at a centre",
          tags,
          params: kpiTargetParams,
          body: kpiTargetInput,
          response: { 200: kpiTargetAnswer, ...refusals },
        },
      },
      async (request) => kpis.setTarget(request.caller, request.params.metric, request.body),
    );

    api.get(
      "/center-director/staff-overview",
      {
        config: { access: { action: "centreDashboard.read" } },
        schema: {
          summary: "Staff present and on leave today, the rating spread and who is due a review",
          tags,
          querystring: centreQuery,
          response: { 200: staffOverview, ...refusals },
        },
      },
      async (request) => reviews.overview(request.caller, request.query),
    );

    api.get(
      "/center-director/staff-reviews",
      {
        config: { access: { action: "centreDashboard.read" } },
        schema: {
          summary: "A page of the centre's performance reviews, newest first",
          tags,
          querystring: centreListQuery,
          response: { 200: staffReviewsPage, ...refusals },
        },
      },
      async (request) => reviews.list(request.caller, request.query),
    );

    api.post(
      "/center-director/staff-reviews",
      {
        config: { access: { action: "staffReviews.write" } },
        schema: {
          summary: "Record a performance review of a member of the centre's staff",
          tags,
          body: staffReviewInput,
          response: { 201: staffReview, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await reviews.create(request.caller, request.body)),
    );

    api.get(
      "/center-director/tasks",
      {
        config: { access: { action: "centreDashboard.read" } },
        schema: {
          summary: "Upcoming tasks: budget requests waiting, feedback to answer, follow-ups due, calendar events",
          tags,
          querystring: centreListQuery,
          response: { 200: tasksPage, ...refusals },
        },
      },
      async (request) => calendar.taskPage(request.caller, request.query, languageOf(request)),
    );

    api.get(
      "/center-director/calendar",
      {
        config: { access: { action: "centreDashboard.read" } },
        schema: {
          summary: "A page of the centre calendar's events from today on",
          tags,
          querystring: centreListQuery,
          response: { 200: calendarPage, ...refusals },
        },
      },
      async (request) => calendar.list(request.caller, request.query),
    );

    api.post(
      "/center-director/calendar",
      {
        config: { access: { action: "centreDashboard.plan" } },
        schema: {
          summary: "Put a safety drill, meeting or other event on the centre calendar",
          tags,
          body: calendarEventInput,
          response: { 201: calendarEvent, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await calendar.create(request.caller, request.body)),
    );

    api.put(
      "/center-director/calendar/:id",
      {
        config: { access: { action: "centreDashboard.plan" } },
        schema: {
          summary: "Change a calendar event",
          tags,
          params: idParams,
          body: calendarEventInput,
          response: { 200: calendarEvent, ...refusals },
        },
      },
      async (request) => calendar.update(request.caller, request.params.id, request.body),
    );

    api.delete(
      "/center-director/calendar/:id",
      {
        config: { access: { action: "centreDashboard.plan" } },
        schema: {
          summary: "Remove a calendar event",
          tags,
          params: idParams,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await calendar.remove(request.caller, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
