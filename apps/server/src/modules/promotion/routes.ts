import {
  assignRequest,
  PROMOTION_MESSAGES,
  promoteRequest,
  studentActionResponse,
  studentIdParams,
  studentMove,
  transferRequest,
} from "@sprout/shared/schemas/children";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PromotionService } from "./service.ts";

const schema = (summary: string, body: typeof assignRequest | typeof promoteRequest | typeof transferRequest) => ({
  summary,
  tags: ["promotion"],
  body,
  response: { 200: studentActionResponse },
});

export function promotionRoutes({ promotion }: { promotion: PromotionService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/admin-class/promotion/assign",
      {
        config: { access: { action: "children.promote" } },
        schema: schema("Put a child into a classroom of their centre", assignRequest),
      },
      async (request) => ({
        message: PROMOTION_MESSAGES.assigned,
        student: await promotion.assign(request.caller, assignRequest.parse(request.body)),
      }),
    );

    api.post(
      "/admin-class/promotion/promote",
      {
        config: { access: { action: "children.promote" } },
        schema: schema("Move a child from one classroom to another in the same centre", promoteRequest),
      },
      async (request) => ({
        message: PROMOTION_MESSAGES.promoted,
        student: await promotion.promote(request.caller, promoteRequest.parse(request.body)),
      }),
    );

    api.post(
      "/admin-class/promotion/transfer",
      {
        config: { access: { action: "children.promote" } },
        schema: schema("Move a child to a classroom in another centre", transferRequest),
      },
      async (request) => ({
        message: PROMOTION_MESSAGES.transferred,
        student: await promotion.transfer(request.caller, transferRequest.parse(request.body)),
      }),
    );

    api.get(
      "/students/:id/moves",
      {
        config: { access: { action: "children.promote" } },
        schema: {
          summary: "A child's classroom moves",
          tags: ["promotion"],
          params: studentIdParams,
          response: { 200: z.array(studentMove) },
        },
      },
      async (request) => promotion.history(await request.caller.scope(), request.params.id),
    );
  };
}
