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
import type { ClassroomsService } from "./service.ts";

const VIEW = { features: ["classroom_management", "view_assigned_classes", "children_management"] } as const;
const MANAGE = { features: ["classroom_management"] } as const;

export function classroomsRoutes({ classrooms }: { classrooms: ClassroomsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // The promote/assign/transfer dialogs' list of a centre's classrooms.
    api.get(
      "/classrooms",
      {
        config: { access: VIEW },
        schema: { tags: ["classrooms"], querystring: classroomsQuery, response: { 200: z.array(classroom) } },
      },
      async (request) => classrooms.list(request.caller, request.query.center_id),
    );

    // The Classroom Management screen: a teacher sees the classrooms assigned to them.
    api.get(
      "/admin/classrooms",
      {
        config: { access: VIEW },
        schema: { tags: ["classrooms"], querystring: classroomsQuery, response: { 200: z.array(classroom) } },
      },
      async (request) => classrooms.list(request.caller, request.query.center_id, { assignedOnly: true }),
    );

    api.post(
      "/admin/classrooms",
      {
        config: { access: MANAGE },
        schema: { tags: ["classrooms"], body: createClassroomRequest, response: { 201: classroom } },
      },
      async (request, reply) => reply.code(201).send(await classrooms.create(request.caller, request.body)),
    );

    api.put(
      "/admin/classrooms/:id",
      {
        config: { access: MANAGE },
        schema: { tags: ["classrooms"], params: classroomIdParams, body: classroomInput, response: { 200: classroom } },
      },
      async (request) => classrooms.update(request.caller, request.params.id, request.body),
    );

    api.delete(
      "/admin/classrooms/:id",
      {
        config: { access: MANAGE },
        schema: {
          tags: ["classrooms"],
          params: classroomIdParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await classrooms.remove(request.caller, request.params.id);
        return { message: "Classroom removed" };
      },
    );
  };
}
