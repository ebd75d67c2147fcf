import { overviewResponse } from "@sprout/shared/schemas/analytics";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AnalyticsService } from "./service.ts";

export function analyticsRoutes({ analytics }: { analytics: AnalyticsService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/analytics/overview",
      {
        config: { access: { features: ["analytics_dashboard", "basic_dashboard"] } },
        schema: { tags: ["analytics"], response: { 200: overviewResponse } },
      },
      async (request) => analytics.overview(await request.caller.scope()),
    );
  };
}
