import {
  checkoffInput,
  lessonPlan,
  lessonPlanFields,
  lessonPlanParams,
  lessonPlansPage,
  lessonPlansQuery,
  todayPlans,
  todayPlansQuery,
} from "@sprout/shared/schemas/lesson-plans";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { LessonPlansService } from "./service.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error };
const tags = ["lesson-plans"];

export function lessonPlansRoutes({ lessonPlans }: { lessonPlans: LessonPlansService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/lesson-plans",
      {
        config: { access: { action: "lessonPlans.read" } },
        schema: {
          summary: "Lesson plans the caller may read, newest date first, a page at a time",
          tags,
          querystring: lessonPlansQuery,
          response: { 200: lessonPlansPage, ...refusals },
        },
      },
      async (request) => lessonPlans.list(request.caller, request.query),
    );

    api.get(
      "/lesson-plans/today",
      {
        config: { access: { action: "lessonPlans.read" }, keptAnswer: true },
        schema: {
          summary: "Today's plans: a teacher's classrooms, or a parent's child's classroom (child_id)",
          tags,
          querystring: todayPlansQuery,
          response: { 200: todayPlans, ...refusals },
        },
      },
      async (request) => lessonPlans.today(request.caller, request.query.child_id),
    );

    api.post(
      "/lesson-plans",
      {
        config: { access: { action: "lessonPlans.edit" } },
        schema: {
          summary: "Create a lesson plan for a classroom and date",
          tags,
          body: lessonPlanFields,
          response: { 201: lessonPlan, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await lessonPlans.create(request.caller, request.body)),
    );

    api.put(
      "/lesson-plans/:id",
      {
        config: { access: { action: "lessonPlans.edit" } },
        schema: {
          summary: "Edit a lesson plan",
          tags,
          params: lessonPlanParams,
          body: lessonPlanFields,
          response: { 200: lessonPlan, ...refusals },
        },
      },
      async (request) => lessonPlans.update(request.caller, request.params.id, request.body),
    );

    api.delete(
      "/lesson-plans/:id",
      {
        config: { access: { action: "lessonPlans.edit" } },
        schema: {
          summary: "Delete a lesson plan",
          tags,
          params: lessonPlanParams,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await lessonPlans.remove(request.caller, request.params.id);
        return reply.code(204).send(null);
      },
    );

    api.patch(
      "/lesson-plans/:id/checkoff",
      {
        config: { access: { action: "lessonPlans.checkOff" } },
        schema: {
          summary: "Tick or untick a plan's objectives, activities or resources (teachers of its classroom)",
          tags,
          params: lessonPlanParams,
          body: checkoffInput,
          response: { 200: lessonPlan, ...refusals },
        },
      },
      async (request) => lessonPlans.checkoff(request.caller, request.params.id, request.body),
    );
  };
}
