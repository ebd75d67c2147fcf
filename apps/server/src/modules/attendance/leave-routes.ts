import {
  leaveDecisionInput,
  staffLeaveInput,
  staffLeaveItem,
  staffLeaveList,
  staffLeaveQuery,
  stayParams,
} from "@sprout/shared/schemas/attendance";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { LeaveService } from "./leave.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["attendance"];

/** Staff leave: ask for it or record it, approve or decline it, withdraw it. */
export function attendanceLeaveRoutes({ leave }: { leave: LeaveService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/attendance/leave",
      {
        config: { access: { action: "leave.read" } },
        schema: {
          summary: "Staff leave of a centre, newest first (one's own unless one manages leave)",
          tags,
          querystring: staffLeaveQuery,
          response: { 200: staffLeaveList, ...refusals },
        },
      },
      async (request) => leave.list(request.caller, request.query),
    );

    api.post(
      "/attendance/leave",
      {
        config: { access: { action: "leave.request" } },
        schema: {
          summary: "Ask for leave, or record a staff member's leave (approved at once when management records it)",
          tags,
          body: staffLeaveInput,
          response: { 201: staffLeaveItem, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await leave.request(request.caller, request.body)),
    );

    api.post(
      "/attendance/leave/:id/decision",
      {
        config: { access: { action: "leave.decide" } },
        schema: {
          summary: "Approve or decline a leave request",
          tags,
          params: stayParams,
          body: leaveDecisionInput,
          response: { 200: staffLeaveItem, ...refusals },
        },
      },
      async (request) => leave.decide(request.caller, request.params.id, request.body.status),
    );

    api.post(
      "/attendance/leave/:id/cancel",
      {
        config: { access: { action: "leave.cancel" } },
        schema: {
          summary: "Withdraw leave that has not ended",
          tags,
          params: stayParams,
          response: { 200: staffLeaveItem, ...refusals },
        },
      },
      async (request) => leave.cancel(request.caller, request.params.id),
    );
  };
}
