import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";

const { app, database } = await createTestApp({ seed: false });

describe("GET /api/health while the database pool is busy", () => {
  // The embedded database's probe goes before queued statements (pglite-turns.test.ts).
  it.skipIf(!process.env.DATABASE_URL)("answers from its own connection while every pooled one is held", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    let allStarted!: () => void;
    const busy = new Promise<void>((resolve) => {
      allStarted = resolve;
    });
    // Ten transactions (the pool's size) that hold their connections until released.
    const holders = Array.from({ length: 10 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (++started === 10) allStarted();
        await held;
      }),
    );
    await busy;
    try {
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode, health.body).toBe(200);
      expect(health.json()).toMatchObject({ status: "ok", database: true });
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
