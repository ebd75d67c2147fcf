import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { createReadiness, readyResponse } from "./readiness.ts";

const healthResponse = z.object({ status: z.enum(["ok", "degraded"]), database: z.boolean(), version: z.string() });

/**
 * Checks that arrive while a probe is out share its answer, at most one round trip old: a burst of
 * checks (several balancers, a monitor) is one statement, not one each queued on one connection.
 */
export function sharedWhileRunning(probe: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  return () => {
    running ??= probe().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/**
 * `probe` asks the database directly (the embedded one answers it before queued statements);
 * `redis` says whether Redis answers, when REDIS_URL is set.
 */
export function healthRoutes({
  db,
  version,
  probe,
  redis,
}: {
  db: Database;
  version: string;
  probe?: () => Promise<boolean>;
  redis?: () => Promise<boolean>;
}) {
  const answers = sharedWhileRunning(
    probe ??
      (() =>
        db
          .execute(sql`select 1`)
          .then(() => true)
          .catch(() => false)),
  );
  const ready = createReadiness({ db, database: answers, redis: redis && sharedWhileRunning(redis) });
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/health",
      {
        config: { access: { public: true }, rateLimit: false },
        schema: {
          summary: "Liveness: the server runs (503 when its database does not answer)",
          tags: ["health"],
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (_request, reply) => {
        const database = await answers();
        return reply.code(database ? 200 : 503).send({ status: database ? "ok" : "degraded", database, version });
      },
    );

    app.withTypeProvider<ZodTypeProvider>().get(
      "/ready",
      {
        config: { access: { public: true }, rateLimit: false },
        schema: {
          summary:
            "Readiness: the database answers, every migration is applied and Redis answers when configured " +
            "(503 naming the failing check otherwise)",
          tags: ["health"],
          response: { 200: readyResponse, 503: readyResponse },
        },
      },
      async (_request, reply) => {
        const answer = await ready();
        return reply.code(answer.status === "ready" ? 200 : 503).send(answer);
      },
    );
  };
}
