import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  centerIdParams,
  createStaffRequest,
  staffChangeResponse,
  staffListResponse,
  updateStaffRequest,
} from "@sprout/shared/schemas/staff";
import { idParams } from "@sprout/shared/schemas/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { appUrlOf } from "../users/routes.ts";
import type { StaffService } from "./service.ts";

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const manage = { access: { features: ["staff_management"] } } as const;

/** Staff management (/staff). */
export function staffRoutes({ staff }: { staff: StaffService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/staff",
      { config: manage, schema: { tags: ["staff"], response: { 200: staffListResponse } } },
      async (request) => staff.list(await request.caller.scope()),
    );

    api.get(
      "/staff/center/:centerId",
      {
        config: manage,
        schema: { tags: ["staff"], params: centerIdParams, response: { 200: staffListResponse, 404: errorResponse } },
      },
      async (request) => staff.listByCenter(await request.caller.scope(), request.params.centerId),
    );

    api.post(
      "/staff",
      {
        config: manage,
        schema: { tags: ["staff"], body: createStaffRequest, response: { 200: staffChangeResponse, ...errors } },
      },
      async (request) => staff.create(request.caller, await request.caller.scope(), request.body, appUrlOf(request)),
    );

    api.put(
      "/staff/:id",
      {
        config: manage,
        schema: {
          tags: ["staff"],
          params: idParams,
          body: updateStaffRequest,
          response: { 200: staffChangeResponse, ...errors },
        },
      },
      async (request) => staff.update(request.caller, await request.caller.scope(), request.params.id, request.body),
    );
  };
}
