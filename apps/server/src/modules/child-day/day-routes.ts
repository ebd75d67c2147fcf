import { batchInput, batchSaved, childParams, dayQuery } from "@sprout/shared/schemas/child-day";
import { childTimeline } from "@sprout/shared/schemas/child-day-timeline";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { childRecord } from "../privacy/record-reads.ts";
import type { BatchService } from "./batch.ts";
import type { TimelineService } from "./timeline.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["child-day"];

/** The class's one log for several children, and one child's day as a timeline (issue 30, points 9 and 10). */
export function dayRoutes({ batch, timeline }: { batch: BatchService; timeline: TimelineService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/daily-activities/batch",
      {
        config: { access: { action: "childDay.record" } },
        schema: {
          summary:
            "Log a meal, a nap (its start or its end), a potty visit or a star for several children at once: each gets its own entry; all or nothing",
          tags,
          body: batchInput,
          response: { 201: batchSaved, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await batch.log(request.caller, request.body)),
    );

    api.get(
      "/daily-activities/:childId/timeline",
      {
        // Staff reads of a child's day go to the access log, as the day's entries do.
        config: { access: { action: "childDay.read" }, childRecord: childRecord("health", { param: "childId" }) },
        schema: {
          summary:
            "A child's day in time order: arrival, meals, naps, potty, stars, health, observations, photos, departure",
          tags,
          params: childParams,
          querystring: dayQuery,
          response: { 200: childTimeline, ...refusals },
        },
      },
      async (request) => timeline.timeline(request.caller, request.params.childId, request.query.date),
    );
  };
}
