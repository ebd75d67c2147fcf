import type { Redis } from "ioredis";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { migrationStatus, type ShippedMigration, shippedMigrations } from "../../db/migration-status.ts";

const check = z.object({
  status: z.enum(["ok", "failing", "skipped"]),
  detail: z.string().optional(),
});
export const readyResponse = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({ database: check, migrations: check, redis: check }),
});
export type ReadyAnswer = z.infer<typeof readyResponse>;
type Check = z.infer<typeof check>;

/** How long readiness waits for Redis before calling it down. */
const REDIS_TIMEOUT_MS = 1000;

export interface ReadinessDeps {
  db: Database;
  /** Whether the database answers (shared with the health check). */
  database: () => Promise<boolean>;
  /** Whether Redis answers; absent when REDIS_URL is not set. */
  redis?: () => Promise<boolean>;
  /** The migrations this build carries (default: drizzle-kit's journal beside the database code). */
  shipped?: ShippedMigration[];
}

/**
 * Readiness: the database answers, every migration this build carries has been applied, and Redis
 * answers when it is configured. Once every migration has been seen applied that is kept (they are
 * never undone under a running server), so a probe costs the database one `select 1`.
 */
export function createReadiness(deps: ReadinessDeps): () => Promise<ReadyAnswer> {
  let shipped = deps.shipped;
  let migrated = false;

  async function migrations(databaseUp: boolean): Promise<Check> {
    shipped ??= shippedMigrations();
    if (migrated) return { status: "ok", detail: `${shipped.length} of ${shipped.length} applied` };
    if (!databaseUp) return { status: "skipped", detail: "the database did not answer" };
    try {
      const status = await migrationStatus(deps.db, shipped);
      const detail = `${status.applied} of ${status.expected} applied`;
      if (status.pending.length > 0)
        return { status: "failing", detail: `${detail}; pending: ${status.pending.join(", ")}` };
      migrated = true;
      return { status: "ok", detail };
    } catch {
      return { status: "failing", detail: "the migrations table could not be read" };
    }
  }

  return async () => {
    const [databaseUp, redisUp] = await Promise.all([deps.database(), deps.redis?.()]);
    const checks = {
      database: databaseUp
        ? { status: "ok" as const }
        : { status: "failing" as const, detail: "the database did not answer" },
      migrations: await migrations(databaseUp),
      redis:
        redisUp === undefined
          ? { status: "skipped" as const, detail: "REDIS_URL is not set" }
          : redisUp
            ? { status: "ok" as const }
            : { status: "failing" as const, detail: `Redis did not answer within ${REDIS_TIMEOUT_MS} ms` },
    };
    const failing = Object.values(checks).some((entry) => entry.status === "failing");
    return { status: failing ? "not_ready" : "ready", checks };
  };
}

/**
 * A PING to Redis answered within the timeout. A command sent while the client reconnects waits
 * in its offline queue; the timeout keeps a probe from waiting with it, and a late answer or
 * failure is dropped.
 */
export function redisAnswers(redis: Pick<Redis, "ping" | "status">, timeoutMs = REDIS_TIMEOUT_MS) {
  return async (): Promise<boolean> => {
    // "end": closed for good, it will not reconnect.
    if (redis.status === "end") return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
    });
    const answer = redis.ping().then(
      (reply) => reply === "PONG",
      () => false,
    );
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
