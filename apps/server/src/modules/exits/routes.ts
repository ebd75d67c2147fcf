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
          summary: "Exit records of children and staff, filtered by kind and dates",
          tags: ["fees"],
          querystring: exitsQuery,
          response: { 200: exitsResponse },
        },
      },
      async (request) => exits.list(await request.caller.scope(), request.caller.role, request.query),
    );
  };
}
