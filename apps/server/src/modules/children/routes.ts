import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  childrenQuery,
  childrenResponse,
  exitRequest,
  pausedQuery,
  pausedResponse,
  pauseRequest,
  resumeRequest,
  studentActionResponse,
  studentIdParams,
  studentsQuery,
  studentsResponse,
} from "@sprout/shared/schemas/children";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intlFor, languageOf } from "../../i18n/intl.ts";
import type { EnrollmentService } from "./enrollment.ts";
import { presentStudentFor } from "./presenter.ts";
import type { ChildrenService } from "./service.ts";

export function childrenRoutes({ children, enrollment }: { children: ChildrenService; enrollment: EnrollmentService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/admin/children",
      {
        config: { access: { action: "children.manage" }, keptAnswer: true },
        schema: {
          summary: "A page of the children in the caller's reach, with counts by status",
          tags: ["children"],
          querystring: childrenQuery,
          response: { 200: childrenResponse },
        },
      },
      async (request) => children.list(await request.caller.scope(), request.query),
    );

    api.get(
      "/students",
      {
        config: {
          access: { action: "children.list" },
        },
        schema: {
          summary: "A page of children in scope, searched by name or student ID (pickers)",
          tags: ["children"],
          querystring: studentsQuery,
          response: { 200: studentsResponse },
        },
      },
      async (request) => {
        const found = await children.listStudents(await request.caller.scope(), request.query);
        return found.map((child) => presentStudentFor(request.caller.role, child));
      },
    );

    api.get(
      "/students/paused",
      {
        config: { access: { action: "children.manage" }, keptAnswer: true },
        schema: {
          summary: "A page of paused children, the nearest end date first, with the summary counts",
          tags: ["children"],
          querystring: pausedQuery,
          response: { 200: pausedResponse, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => children.listPaused(await request.caller.scope(), request.query),
    );

    api.patch(
      "/students/:id/pause",
      {
        config: { access: { action: "children.manage" } },
        schema: {
          summary: "Pause a child's enrolment",
          tags: ["children"],
          params: studentIdParams,
          body: pauseRequest,
          response: { 200: studentActionResponse },
        },
      },
      async (request) => {
        const paused = await enrollment.pause(request.caller, request.params.id, request.body);
        return {
          message: intlFor(languageOf(request)).formatMessage({ id: "children.server.paused" }, { name: paused.name }),
          student: paused,
        };
      },
    );

    api.patch(
      "/students/:id/resume",
      {
        config: { access: { action: "children.manage" } },
        schema: {
          summary: "Resume a paused child",
          tags: ["children"],
          params: studentIdParams,
          body: resumeRequest.optional(),
          response: { 200: studentActionResponse },
        },
      },
      async (request) => {
        const resumed = await enrollment.resume(request.caller, request.params.id, request.body ?? {});
        return {
          message: intlFor(languageOf(request)).formatMessage(
            { id: "children.server.resumed" },
            { name: resumed.name },
          ),
          student: resumed,
        };
      },
    );

    api.post(
      "/students/:id/exit",
      {
        config: { access: { action: "children.manage" } },
        schema: {
          summary: "Record that a child has left",
          tags: ["children"],
          params: studentIdParams,
          body: exitRequest,
          response: { 200: studentActionResponse },
        },
      },
      async (request) => {
        const left = await enrollment.recordExit(request.caller, request.params.id, request.body);
        return {
          message: intlFor(languageOf(request)).formatMessage({ id: "children.server.left" }, { name: left.name }),
          student: left,
        };
      },
    );
  };
}
