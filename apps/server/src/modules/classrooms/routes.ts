import { english } from "@sprout/shared/i18n/english";
import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  assignableStaffPage,
  assignableStaffQuery,
  CLASSROOM_STAFF_MESSAGES,
  classroomStaffMember,
  classroomStaffRequest,
  classroomWithStaff,
  rollQuery,
  rollResponse,
} from "@sprout/shared/schemas/classroom-staff";
import {
  classroom,
  classroomIdParams,
  classroomInput,
  classroomsQuery,
  createClassroomRequest,
} from "@sprout/shared/schemas/classrooms";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AssignmentsService } from "./assignments.ts";
import type { ClassroomsService } from "./service.ts";

const notFound = { 404: errorResponse };

export function classroomsRoutes({
  classrooms,
  assignments,
}: {
  classrooms: ClassroomsService;
  assignments: AssignmentsService;
}) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // The promote/assign/transfer dialogs' list of a centre's classrooms.
    api.get(
      "/classrooms",
      {
        config: { access: { action: "classrooms.read" } },
        schema: {
          summary: "A centre's classrooms (the assign, promote and transfer dialogs)",
          tags: ["classrooms"],
          querystring: classroomsQuery,
          response: { 200: z.array(classroom) },
        },
      },
      async (request) => classrooms.list(request.caller, request.query.center_id),
    );

    // The Classroom Management screen: a teacher sees the classrooms assigned to them.
    api.get(
      "/admin/classrooms",
      {
        config: { access: { action: "classrooms.read" } },
        schema: {
          summary: "Classrooms with their lead teacher and assistants",
          tags: ["classrooms"],
          querystring: classroomsQuery,
          response: { 200: z.array(classroomWithStaff), ...notFound },
        },
      },
      async (request) => classrooms.listWithStaff(request.caller, request.query.center_id),
    );

    api.get(
      "/classrooms/:id/children",
      {
        config: { access: { action: "classrooms.read" } },
        schema: {
          summary: "Children on a classroom's roll (a teacher: their rooms only)",
          tags: ["classrooms"],
          params: classroomIdParams,
          querystring: rollQuery,
          response: { 200: rollResponse, ...notFound },
        },
      },
      async (request) => assignments.roll(request.caller, request.params.id, request.query),
    );

    api.get(
      "/admin/classrooms/:id/assignable-staff",
      {
        config: { access: { action: "classrooms.manage" } },
        schema: {
          summary: "Teachers of the classroom's centre who can be assigned to it, searched by name (a bounded page)",
          tags: ["classrooms"],
          params: classroomIdParams,
          querystring: assignableStaffQuery,
          response: { 200: assignableStaffPage, ...notFound },
        },
      },
      async (request) => assignments.assignable(request.caller, request.params.id, request.query),
    );

    api.put(
      "/admin/classrooms/:id/staff",
      {
        config: { access: { action: "classrooms.manage" } },
        schema: {
          summary: "Replace a classroom's lead teacher and assistants",
          tags: ["classrooms"],
          params: classroomIdParams,
          body: classroomStaffRequest,
          response: {
            200: z.object({ message: z.string(), staff: z.array(classroomStaffMember) }),
            400: errorResponse,
            404: errorResponse,
            409: errorResponse,
          },
        },
      },
      async (request) => ({
        message: CLASSROOM_STAFF_MESSAGES.saved,
        staff: await assignments.setClassroomStaff(request.caller, request.params.id, request.body),
      }),
    );

    api.post(
      "/admin/classrooms",
      {
        config: { access: { action: "classrooms.manage" } },
        schema: {
          summary: "Add a classroom",
          tags: ["classrooms"],
          body: createClassroomRequest,
          response: { 201: classroom },
        },
      },
      async (request, reply) => reply.code(201).send(await classrooms.create(request.caller, request.body)),
    );

    api.put(
      "/admin/classrooms/:id",
      {
        config: { access: { action: "classrooms.manage" } },
        schema: {
          summary: "Change a classroom",
          tags: ["classrooms"],
          params: classroomIdParams,
          body: classroomInput,
          response: { 200: classroom },
        },
      },
      async (request) => classrooms.update(request.caller, request.params.id, request.body),
    );

    api.delete(
      "/admin/classrooms/:id",
      {
        config: { access: { action: "classrooms.manage" } },
        schema: {
          summary: "Remove a classroom",
          tags: ["classrooms"],
          params: classroomIdParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await classrooms.remove(request.caller, request.params.id);
        return { message: english("classrooms.server.removed") };
      },
    );
  };
}
