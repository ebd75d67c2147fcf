import {
  centerComparison,
  centreFilter,
  coordinatorHome,
  financialOverview,
  insightsResponse,
  overviewResponse,
  teacherHome,
} from "@sprout/shared/schemas/analytics";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageOf } from "../../i18n/intl.ts";
import type { AnalyticsService } from "./service.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error };
const tags = ["analytics"];

/** The analytics calls behind the role homes (spec 1 section 7; spec 2 owner and super admin). */
export function analyticsRoutes({ analytics }: { analytics: AnalyticsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/analytics/overview",
      {
        config: { access: { action: "dashboard.read" }, keptAnswer: true },
        schema: {
          summary: "Counts of children, classrooms, staff, open enquiries and unpaid invoices in the caller's centres",
          tags,
          response: { 200: overviewResponse, ...refusals },
        },
      },
      async (request) => analytics.overview.overview(request.caller),
    );

    api.get(
      "/analytics/financial-overview",
      {
        config: { access: { action: "analytics.read" }, keptAnswer: true },
        schema: {
          summary: "This month's payments received and amounts invoiced, what is owed, and six months' trend",
          tags,
          querystring: centreFilter,
          response: { 200: financialOverview, ...refusals },
        },
      },
      async (request) => analytics.financial.financialOverview(request.caller, request.query.center_id),
    );

    api.get(
      "/analytics/center-comparison",
      {
        config: { access: { action: "analytics.read" }, keptAnswer: true },
        schema: {
          summary: "Each centre's children, staff, classrooms, occupancy, enquiries, ratio and money side by side",
          tags,
          querystring: centreFilter,
          response: { 200: centerComparison, ...refusals },
        },
      },
      async (request) => analytics.comparison.centerComparison(request.caller, request.query.center_id),
    );

    api.get(
      "/analytics/insights",
      {
        config: { access: { action: "analytics.read" }, keptAnswer: true },
        schema: {
          summary: "Key Business Insights: the spec's thresholds and what the data shows",
          tags,
          response: { 200: insightsResponse, ...refusals },
        },
      },
      async (request) => analytics.insights.insights(request.caller, languageOf(request)),
    );

    api.get(
      "/analytics/teacher-home",
      {
        config: { access: { action: "dashboard.readTeacherHome" }, keptAnswer: true },
        schema: {
          summary: "The teacher's day: their rooms with attendance and ratio, health watch, unread messages",
          tags,
          response: { 200: teacherHome, ...refusals },
        },
      },
      async (request) => analytics.homes.teacherHome(request.caller),
    );

    api.get(
      "/analytics/coordinator-home",
      {
        config: { access: { action: "dashboard.readCoordinatorHome" }, keptAnswer: true },
        schema: {
          summary: "The coordinator's day: classrooms, today's lesson plans and assignments due this week",
          tags,
          response: { 200: coordinatorHome, ...refusals },
        },
      },
      async (request) => analytics.homes.coordinatorHome(request.caller),
    );
  };
}
