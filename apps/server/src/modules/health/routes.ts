import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.ts";

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

/** `probe` asks the database directly (the embedded one answers it before queued statements). */
export function healthRoutes({
  db,
  version,
  probe,
}: {
  db: Database;
  version: string;
  probe?: () => Promise<boolean>;
}) {
  const answers = sharedWhileRunning(
    probe ??
      (() =>
        db
          .execute(sql`select 1`)
          .then(() => true)
          .catch(() => false)),
  );
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/health",
      {
        config: { access: { public: true }, rateLimit: false },
        schema: { tags: ["health"], response: { 200: healthResponse, 503: healthResponse } },
      },
      async (_request, reply) => {
        const database = await answers();
        return reply.code(database ? 200 : 503).send({ status: database ? "ok" : "degraded", database, version });
      },
    );
  };
}
