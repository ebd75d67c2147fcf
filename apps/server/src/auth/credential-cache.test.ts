import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import {
  as,
  createSecondInstance,
  createTestApp,
  type SignedIn,
  signIn,
  type TestContext,
} from "../../test/harness.ts";
import { users } from "../db/schema/users.ts";

/**
 * Asks GET /api/auth/verify until `done` holds, for at most 500 ms: on the embedded database a
 * change notice arrives as its transaction commits; from PostgreSQL it crosses a connection.
 */
async function verifyUntil(app: FastifyInstance, session: SignedIn, done: (answer: LightMyRequestResponse) => boolean) {
  const deadline = Date.now() + 500;
  for (;;) {
    const answer = await as(app, session).get("/api/auth/verify");
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const statusWithin = async (app: FastifyInstance, session: SignedIn, status: number) =>
  (await verifyUntil(app, session, (answer) => answer.statusCode === status)).statusCode;

describe("signed-in sessions kept in memory", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });

  it("a session ended by logout is refused on the next call", async () => {
    const teacher = await signIn(context.app, "teacher@sprout.test");
    expect((await as(context.app, teacher).get("/api/auth/verify")).statusCode).toBe(200);
    expect((await as(context.app, teacher).post("/api/auth/logout")).statusCode).toBe(200);
    expect((await as(context.app, teacher).get("/api/auth/verify")).statusCode).toBe(401);
  });

  it("a change made straight in the database (deactivation, role) is seen on the next call", async () => {
    const coordinator = await signIn(context.app, "coordinator@sprout.test");
    expect((await as(context.app, coordinator).get("/api/auth/verify")).json().user.role).toBe("academic_coordinator");
    await context.database.db.update(users).set({ role: "admin" }).where(eq(users.id, coordinator.user.id));
    const promoted = await verifyUntil(context.app, coordinator, (answer) => answer.json().user?.role === "admin");
    expect(promoted.json().user.role).toBe("admin");
    await context.database.db.update(users).set({ isActive: false }).where(eq(users.id, coordinator.user.id));
    const refused = await verifyUntil(context.app, coordinator, (answer) => answer.statusCode === 401);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("ACCOUNT_INACTIVE");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let context: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    context = await createTestApp();
    second = await createSecondInstance(context);
  });

  it("a logout on one instance is refused on the other", async () => {
    const admin = await signIn(context.app, "admin@sprout.test");
    // Both instances now keep the session.
    expect((await as(second, admin).get("/api/auth/verify")).statusCode).toBe(200);
    expect((await as(context.app, admin).get("/api/auth/verify")).statusCode).toBe(200);
    expect((await as(context.app, admin).post("/api/auth/logout")).statusCode).toBe(200);
    expect(await statusWithin(second, admin, 401)).toBe(401);
  });

  it("deactivating a user on one instance ends their session on the other", async () => {
    const director = await signIn(second, "director@sprout.test");
    const teacher = await signIn(second, "teacher@sprout.test");
    expect((await as(second, teacher).get("/api/auth/verify")).statusCode).toBe(200);
    const superAdmin = await signIn(context.app, "superadmin@sprout.test");
    const toggled = await as(context.app, superAdmin).put(`/api/owners/${teacher.user.id}/toggle-status`, {});
    expect(toggled.statusCode).toBe(200);
    expect(await statusWithin(second, teacher, 401)).toBe(401);
    // Other people's sessions stay.
    expect((await as(second, director).get("/api/auth/verify")).statusCode).toBe(200);
  });

  it("a password reset forced on one instance ends the sessions on the other", async () => {
    const coordinator = await signIn(second, "coordinator@sprout.test");
    expect((await as(second, coordinator).get("/api/auth/verify")).statusCode).toBe(200);
    const superAdmin = await signIn(context.app, "superadmin@sprout.test");
    const forced = await as(context.app, superAdmin).put(`/api/owners/${coordinator.user.id}/reset-password`, {});
    expect(forced.statusCode).toBe(200);
    expect(await statusWithin(second, coordinator, 401)).toBe(401);
  });
});
