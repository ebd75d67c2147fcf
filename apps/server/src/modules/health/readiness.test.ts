import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp, freshDatabase } from "../../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { shippedMigrations } from "../../db/migration-status.ts";

const shipped = shippedMigrations();
const allApplied = `${shipped.length} of ${shipped.length} applied`;
const ready = (app: FastifyInstance) => app.inject({ method: "GET", url: "/api/ready" });

const { app, database } = await createTestApp({ seed: false });
// Port 1 of this machine: nothing listens there, the connection is refused.
const unreachableRedis = await createTestApp({ seed: false, redisUrl: "redis://127.0.0.1:1" });
// Redis runs in CI's PostgreSQL pass (REDIS_URL set), as for the realtime fan-out test.
const withRedis = process.env.REDIS_URL
  ? await createTestApp({ seed: false, redisUrl: process.env.REDIS_URL })
  : undefined;

describe("GET /api/ready", () => {
  // Before any readiness call on this app: readiness keeps "all applied" once it has seen it.
  it("answers 503 naming a migration the database has not recorded, then 200 once it is recorded", async () => {
    const last = shipped.at(-1)!;
    expect(shipped.length).toBeGreaterThan(30);
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);

    const behind = await ready(app);
    expect(behind.statusCode, behind.body).toBe(503);
    expect(behind.json()).toEqual({
      status: "not_ready",
      checks: {
        database: { status: "ok" },
        migrations: {
          status: "failing",
          detail: `${shipped.length - 1} of ${shipped.length} applied; pending: ${last.tag}`,
        },
        redis: { status: "skipped", detail: "REDIS_URL is not set" },
      },
    });

    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${last.when})`,
    );
    const caughtUp = await ready(app);
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
    expect(caughtUp.json().checks.migrations).toEqual({ status: "ok", detail: allApplied });
  });

  it("answers 200 when the database answers, every migration of the journal is applied and no Redis is set", async () => {
    const response = await ready(app);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: "ready",
      checks: {
        database: { status: "ok" },
        migrations: { status: "ok", detail: allApplied },
        redis: { status: "skipped", detail: "REDIS_URL is not set" },
      },
    });
    // The liveness check is unchanged beside it.
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: "ok", database: true });
  });

  it("answers 503 when REDIS_URL names a Redis that does not answer, within about a second", async () => {
    const started = Date.now();
    const response = await ready(unreachableRedis.app);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({
      status: "not_ready",
      checks: {
        database: { status: "ok" },
        migrations: { status: "ok", detail: allApplied },
        redis: { status: "failing", detail: "Redis did not answer within 1000 ms" },
      },
    });
    // Liveness does not depend on Redis: the instance is alive, only not ready.
    expect((await unreachableRedis.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it.skipIf(!withRedis)("answers 200 when the configured Redis answers", async () => {
    const redisApp = withRedis!.app;
    // The client connects as the app starts; the first probe may find it still connecting.
    let response = await ready(redisApp);
    for (let tries = 0; tries < 20 && response.statusCode !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await ready(redisApp);
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().checks.redis).toEqual({ status: "ok" });
  });

  it("answers 503 when the database is closed under the running server", async () => {
    const server = await createTestAppOutsideHooks();
    try {
      expect((await ready(server.app)).statusCode).toBe(200);
      await server.database.close();

      const response = await ready(server.app);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({
        status: "not_ready",
        checks: {
          database: { status: "failing", detail: "the database did not answer" },
          // Seen applied while the database answered; a migration is never undone under a server.
          migrations: { status: "ok", detail: allApplied },
          redis: { status: "skipped", detail: "REDIS_URL is not set" },
        },
      });
      expect((await server.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    } finally {
      await server.close();
    }
  });
});

/**
 * An app on its own embedded database, closed by the test itself: one whose database the test
 * closes cannot be closed cleanly afterwards (its change listeners cannot unlisten), so it is not
 * left to the harness's closing hook.
 */
async function createTestAppOutsideHooks() {
  const handle = await freshDatabase(false);
  const server = await buildApp({
    db: handle.db,
    listen: handle.listen,
    probe: handle.probe,
    poolUse: handle.poolUse,
    appSecret: "test-secret-".padEnd(48, "x"),
    env: "test",
    serveWeb: false,
  });
  await server.ready();
  let databaseClosed = false;
  return {
    app: server,
    database: {
      close: async () => {
        databaseClosed = true;
        await handle.close();
      },
    },
    close: async () => {
      if (!databaseClosed) {
        await server.close();
        await handle.close();
        return;
      }
      // Unlistening from the closed database fails; the server's other resources are released.
      await server.close().catch(() => {});
    },
  };
}
