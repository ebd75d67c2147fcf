import { center, centerIdParams, centerInput } from "@sprout/shared/schemas/centers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CentersService } from "./service.ts";

export function centersRoutes({ centers }: { centers: CentersService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/centers",
      {
        config: { access: { action: "centres.list" } },
        schema: { summary: "The centres in the caller's reach", tags: ["centers"], response: { 200: z.array(center) } },
      },
      async (request) => centers.list(await request.caller.scope()),
    );

    api.post(
      "/centers",
      {
        config: { access: { action: "centres.manage" } },
        schema: { summary: "Add a centre", tags: ["centers"], body: centerInput, response: { 201: center } },
      },
      async (request, reply) => reply.code(201).send(await centers.create(request.caller, request.body)),
    );

    api.put(
      "/centers/:id",
      {
        config: { access: { action: "centres.manage" } },
        schema: {
          summary: "Change a centre's details",
          tags: ["centers"],
          params: centerIdParams,
          body: centerInput,
          response: { 200: center },
        },
      },
      async (request) => centers.update(request.caller, request.params.id, request.body),
    );
  };
}
