import { errorResponse } from "@sprout/shared/schemas/auth";
import { exitsQuery, exitsResponse } from "@sprout/shared/schemas/fees";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ExitsService } from "./service.ts";

export function exitsRoutes({ exits }: { exits: ExitsService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/exits",
      {
        config: { access: { action: "exits.read" } },
        schema: {
          summary: "A page of the exit records of children and staff, filtered by kind and dates",
          tags: ["fees"],
          querystring: exitsQuery,
          response: { 200: exitsResponse, 400: errorResponse },
        },
      },
      async (request) => exits.list(request.caller, request.query),
    );
  };
}
