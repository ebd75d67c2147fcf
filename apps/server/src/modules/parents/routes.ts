import { myChildrenResponse } from "@sprout/shared/schemas/parents";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ParentsService } from "./service.ts";

export function parentsRoutes({ parents }: { parents: ParentsService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/parents/my-children",
      {
        config: { access: { action: "children.readOwn" }, keptAnswer: true },
        schema: { summary: "The caller's own children", tags: ["parents"], response: { 200: myChildrenResponse } },
      },
      async (request) => parents.myChildren(await request.caller.scope()),
    );
  };
}
