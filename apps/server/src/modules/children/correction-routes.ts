import { errorResponse } from "@sprout/shared/schemas/auth";
import { childDetails, childEditRequest, childHistory } from "@sprout/shared/schemas/child-edit";
import { studentIdParams } from "@sprout/shared/schemas/children";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { childRecord } from "../privacy/record-reads.ts";
import type { CorrectionsService } from "./corrections.ts";

/** A child's page: details with guardians, corrections with audit, and history. */
export function correctionRoutes({ corrections }: { corrections: CorrectionsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/students/:id/details",
      {
        config: { access: { action: "children.manage" }, childRecord: childRecord("profile", { param: "id" }) },
        schema: {
          summary: "A child's record with notes, avatar colour and guardians",
          tags: ["children"],
          params: studentIdParams,
          response: { 200: childDetails, 404: errorResponse },
        },
      },
      async (request) => corrections.details(await request.caller.scope(), request.params.id),
    );

    api.put(
      "/students/:id",
      {
        config: { access: { action: "children.manage" } },
        schema: {
          summary: "Correct a child's details and their guardians' contact details (audited)",
          tags: ["children"],
          params: studentIdParams,
          body: childEditRequest,
          response: { 200: childDetails, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => corrections.update(request.caller, request.params.id, request.body),
    );

    api.get(
      "/students/:id/history",
      {
        config: { access: { action: "children.manage" }, childRecord: childRecord("profile", { param: "id" }) },
        schema: {
          summary: "A child's pauses and the corrections of their record",
          tags: ["children"],
          params: studentIdParams,
          response: { 200: childHistory, 404: errorResponse },
        },
      },
      async (request) => corrections.history(await request.caller.scope(), request.params.id),
    );
  };
}
