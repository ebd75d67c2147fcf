import { errorResponse } from "@sprout/shared/schemas/auth";
import { staffClassroom, staffClassroomsRequest } from "@sprout/shared/schemas/classroom-staff";
import {
  centerIdParams,
  createStaffRequest,
  staffChangeResponse,
  staffExitRequest,
  staffListResponse,
  staffQuery,
  updateStaffRequest,
} from "@sprout/shared/schemas/staff";
import { idParams } from "@sprout/shared/schemas/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AssignmentsService } from "../classrooms/assignments.ts";
import { appUrlOf } from "../users/routes.ts";
import type { StaffService } from "./service.ts";

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** Staff management (/staff). */
export function staffRoutes({ staff, assignments }: { staff: StaffService; assignments: AssignmentsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/staff",
      {
        config: { access: { action: "staff.manage" }, keptAnswer: true },
        schema: {
          summary: "A page of the staff of the caller's centres, searched by name, e-mail or employee ID",
          tags: ["staff"],
          querystring: staffQuery,
          response: { 200: staffListResponse, 400: errorResponse },
        },
      },
      async (request) => staff.list(await request.caller.scope(), request.query),
    );

    api.get(
      "/staff/center/:centerId",
      {
        config: { access: { action: "staff.manage" } },
        schema: {
          summary: "A page of one centre's staff, searched by name, e-mail or employee ID",
          tags: ["staff"],
          params: centerIdParams,
          querystring: staffQuery,
          response: { 200: staffListResponse, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => staff.list(await request.caller.scope(), request.query, request.params.centerId),
    );

    api.post(
      "/staff",
      {
        config: { access: { action: "staff.manage" } },
        schema: {
          summary: "Add a staff member",
          tags: ["staff"],
          body: createStaffRequest,
          response: { 200: staffChangeResponse, ...errors },
        },
      },
      async (request) => staff.create(request.caller, await request.caller.scope(), request.body, appUrlOf(request)),
    );

    api.put(
      "/staff/:id",
      {
        config: { access: { action: "staff.manage" } },
        schema: {
          summary: "Change a staff member's details",
          tags: ["staff"],
          params: idParams,
          body: updateStaffRequest,
          response: { 200: staffChangeResponse, ...errors },
        },
      },
      async (request) => staff.update(request.caller, await request.caller.scope(), request.params.id, request.body),
    );

    api.post(
      "/staff/:id/exit",
      {
        config: { access: { action: "staff.manage" } },
        schema: {
          summary: "Record that a staff member left (exit record; their sign-in is deactivated)",
          tags: ["staff"],
          params: idParams,
          body: staffExitRequest,
          response: { 200: staffChangeResponse, ...errors },
        },
      },
      async (request) =>
        staff.recordExit(request.caller, await request.caller.scope(), request.params.id, request.body),
    );

    api.get(
      "/staff/:id/classrooms",
      {
        config: { access: { action: "staff.manage" } },
        schema: {
          summary: "The classrooms a staff member works in",
          tags: ["staff"],
          params: idParams,
          response: { 200: z.array(staffClassroom), 404: errorResponse },
        },
      },
      async (request) => assignments.roomsOfStaff(await request.caller.scope(), request.params.id),
    );

    api.put(
      "/staff/:id/classrooms",
      {
        config: { access: { action: "staff.manage" } },
        schema: {
          summary: "Replace the classrooms a staff member works in (lead or assistant)",
          tags: ["staff"],
          params: idParams,
          body: staffClassroomsRequest,
          response: { 200: z.array(staffClassroom), ...errors },
        },
      },
      async (request) => assignments.setStaffRooms(request.caller, request.params.id, request.body),
    );
  };
}
