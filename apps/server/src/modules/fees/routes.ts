import {
  feeStructure,
  feeStructureIdParams,
  feeStructureInput,
  feeStructuresQuery,
  feeStructuresResponse,
} from "@sprout/shared/schemas/fees";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { FeesService } from "./service.ts";

export function feesRoutes({ fees }: { fees: FeesService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/fee-structures",
      {
        config: { access: { action: "fees.read" } },
        schema: {
          summary: "A page of the fee structures of the caller's organisation",
          tags: ["fees"],
          querystring: feeStructuresQuery,
          response: { 200: feeStructuresResponse },
        },
      },
      async (request) => fees.list(await request.caller.scope(), request.query),
    );

    api.post(
      "/fee-structures",
      {
        config: { access: { action: "fees.edit" } },
        schema: {
          summary: "Add a fee structure",
          tags: ["fees"],
          body: feeStructureInput,
          response: { 201: feeStructure },
        },
      },
      async (request, reply) => reply.code(201).send(await fees.create(request.caller, request.body)),
    );

    api.put(
      "/fee-structures/:id",
      {
        config: { access: { action: "fees.edit" } },
        schema: {
          summary: "Change a fee structure",
          tags: ["fees"],
          params: feeStructureIdParams,
          body: feeStructureInput,
          response: { 200: feeStructure },
        },
      },
      async (request) => fees.update(request.caller, request.params.id, request.body),
    );
  };
}
