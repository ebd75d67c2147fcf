import { createHash, timingSafeEqual } from "node:crypto";
import { errorResponse } from "@sprout/shared/schemas/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { z } from "zod";
import type { PoolUse } from "../db/client.ts";

/** The route label of a request no route matched (unknown paths, and the web app's pages). */
export const UNMATCHED_ROUTE = "unmatched";
/** The route label of the built web app's files: one route per file, each build's names new. */
export const STATIC_ROUTE = "static";

export interface MetricsSources {
  /** METRICS_TOKEN: the bearer token a scraper sends. */
  token: string;
  /** The database's connections now (absent: no pool figures). */
  poolUse?: () => PoolUse;
  /** Mail not yet delivered, counted at scrape time. */
  pendingMail: () => Promise<number>;
  /** Socket.IO sockets connected to this instance. */
  sockets: () => number;
}

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, handles, event-loop delay, GC) describe the process,
 * not an app, and each collection starts timers and observers that are never stopped: they are
 * collected once per process, in a registry of their own (never prom-client's global one), and
 * every app's scrape includes them.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics at GET /metrics (outside /api, on the app's port), answered only to
 * `Authorization: Bearer <METRICS_TOKEN>`. Each app has its own registry, so apps built side by
 * side in one process (the tests) count their own requests.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources) {
  const registry = new Registry();
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method, route pattern and status code.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: routeLabel(request.routeOptions.url),
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  registerPoolGauges(registry, sources.poolUse);
  new Gauge({
    name: "sprout_mail_outbox_pending_messages",
    help: "E-mails in the outbox not yet delivered (queued or being sent); NaN when the count could not be read.",
    registers: [registry],
    async collect() {
      this.set(await sources.pendingMail().catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: "sprout_realtime_connected_sockets",
    help: "Socket.IO sockets connected to this instance.",
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });

  const expected = digest(sources.token);
  app.withTypeProvider<ZodTypeProvider>().get(
    "/metrics",
    {
      // Not a session route: the scraper's bearer token is checked below.
      config: { access: { public: true }, rateLimit: false },
      schema: {
        summary: "Prometheus metrics of this instance (requires Authorization: Bearer METRICS_TOKEN)",
        tags: ["operations"],
        response: {
          200: {
            description: "Prometheus text exposition format 0.0.4",
            content: { "text/plain": { schema: z.string() } },
          },
          401: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization;
      const presented = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
      // Digests have one length, so the comparison says nothing about the token's length either.
      if (!presented || !timingSafeEqual(digest(presented), expected)) {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send({ error: "A valid metrics token is required", code: "UNAUTHORIZED" });
      }
      const [own, shared] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return reply.type(registry.contentType).header("cache-control", "no-store").send(`${own}\n${shared}`);
    },
  );
}

/** The route's URL pattern: never the raw URL, so the label's values stay few. */
function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return UNMATCHED_ROUTE;
  if (pattern.startsWith("/api/") || pattern === "/metrics") return pattern;
  return STATIC_ROUTE;
}

function registerPoolGauges(registry: Registry, poolUse: (() => PoolUse) | undefined) {
  if (!poolUse) return;
  const registers = [registry];
  if (poolUse().kind === "postgres") {
    const figure = (name: string, help: string, pick: (use: PoolUse & { kind: "postgres" }) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const use = poolUse();
          if (use.kind === "postgres") this.set(pick(use));
        },
      });
    figure("sprout_db_pool_connections", "PostgreSQL connections open in the query pool.", (use) => use.total);
    figure("sprout_db_pool_idle_connections", "PostgreSQL connections of the pool not in use.", (use) => use.idle);
    figure(
      "sprout_db_pool_waiting_requests",
      "Queries waiting for a PostgreSQL connection of the pool.",
      (use) => use.waiting,
    );
    return;
  }
  // The embedded database has no pool: one statement runs at a time and the others queue.
  new Gauge({
    name: "sprout_db_queued_statements",
    help: "Statements waiting for their turn on the embedded database (PGlite runs one at a time).",
    registers,
    collect() {
      const use = poolUse();
      if (use.kind === "pglite") this.set(use.queued);
    },
  });
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
