import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, inject } from "vitest";
import { type AppDeps, buildApp } from "../src/app.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { DEMO_PASSWORD } from "../src/db/demo-seed.ts";
import type { FileStore } from "../src/files/store.ts";
import type { Clock } from "../src/lib/clock.ts";
import type { MailTransport } from "../src/mail/mailer.ts";
import { ephemeralPushOptions } from "../src/modules/push/area.ts";
import { copyTemplate, onServer, TEST_START } from "./templates.ts";

export { DEMO_PASSWORD };

/** A clock that tests can move. */
export function testClock(start = TEST_START) {
  let now = start;
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = {
    now: () => now,
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
    set: (date) => {
      now = date;
    },
  };
  return clock;
}

/**
 * A fresh database for one test file, copied from the run's template (migrated, and seeded unless
 * `seeded` is false): in-memory PGlite opened from its dump, or a new database on the PostgreSQL
 * server named by DATABASE_URL (dropped when the file ends).
 */
export async function freshDatabase(seeded: boolean): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  const copy = await copyTemplate(inject("databaseTemplates"), seeded, serverUrl);
  if (!("url" in copy)) return openDatabase({ from: copy.from });
  const handle = await openDatabase({ url: copy.url });
  return {
    ...handle,
    url: copy.url,
    close: async () => {
      await handle.close();
      await onServer(serverUrl!, (admin) => admin.query(`drop database if exists ${copy.name} with (force)`));
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  /** `url` names the PostgreSQL database (unset on the embedded one), for a second instance. */
  database: DatabaseHandle & { url?: string };
  clock: ReturnType<typeof testClock>;
}

/**
 * Another instance of the app on the same PostgreSQL database, as a second server would run
 * beside the first (its own pool and change notices). Closed after the file.
 */
export async function createSecondInstance(context: TestContext): Promise<FastifyInstance> {
  if (!context.database.url) throw new Error("a second instance needs PostgreSQL (DATABASE_URL)");
  const database = await openDatabase({ url: context.database.url });
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    probe: database.probe,
    appSecret: "test-secret-".padEnd(48, "x"),
    env: "test",
    clock: context.clock,
    serveWeb: false,
  });
  hearChangesBeforeEachRequest(app, context.database);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

/**
 * Tests also write through `db` directly, which no route follows with a catch-up, and PostgreSQL
 * delivers the change notices a moment after commit. So that a read never meets an answer kept
 * from before such a write, each request to a route that keeps answers first waits until the app
 * has heard every change committed so far, as a write through a route does (the embedded database
 * announces at commit). Other routes are left alone: health must answer while the pool is full.
 */
function hearChangesBeforeEachRequest(app: FastifyInstance, database: { url?: string }) {
  if (!database.url) return;
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config.keptAnswer) await app.keptAnswers.catchUp();
  });
}

/** Builds the app on a fresh, migrated database holding the demo data. Closed after the file. */
export async function createTestApp(
  options: {
    seed?: boolean;
    mailTestInbox?: boolean;
    mailTransport?: MailTransport;
    trustProxy?: string[];
    /** A file store the test looks into (a folder it made, or S3 on s3rver). */
    files?: FileStore;
    /** Off only where the test is about when the app hears a change (see below). */
    hearChangesBeforeEachRequest?: boolean;
    /** METRICS_TOKEN: serve GET /metrics to this bearer token. */
    metricsToken?: string;
    /** REDIS_URL: rate limits, realtime fan-out and the readiness check on this Redis. */
    redisUrl?: string;
    /** Fastify's logger (a stream the test reads); none by default. */
    logger?: AppDeps["logger"];
    /** Serve the web app from this folder (API tests serve none by default). */
    webDist?: string;
    /** Web Push's keys, accepted hosts and HTTPS agent (fresh keys and no extra host by default). */
    push?: AppDeps["push"];
  } = {},
): Promise<TestContext> {
  const database = await freshDatabase(options.seed !== false);
  const clock = testClock();
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    probe: database.probe,
    poolUse: database.poolUse,
    appSecret: "test-secret-".padEnd(48, "x"),
    env: "test",
    clock,
    serveWeb: options.webDist !== undefined,
    ...(options.webDist && { webDist: options.webDist }),
    ...(options.metricsToken && { metricsToken: options.metricsToken }),
    ...(options.redisUrl && { redisUrl: options.redisUrl }),
    ...(options.logger && { logger: options.logger }),
    // The tests read reset and invitation codes from the test inbox, switched on explicitly.
    mailTestInbox: options.mailTestInbox ?? true,
    ...(options.mailTransport && { mail: { transport: options.mailTransport } }),
    trustProxy: options.trustProxy,
    ...(options.files && { files: options.files }),
    // Fresh keys; push.sprout.test (a name that never resolves) is accepted so that routes can be
    // walked with a subscription that no real push service ever receives.
    push: options.push ?? { ...ephemeralPushOptions(), allowedHosts: ["push.sprout.test"] },
  });
  if (options.hearChangesBeforeEachRequest !== false) hearChangesBeforeEachRequest(app, database);
  await app.ready();
  // The database goes even when the app fails to close, so no copy is left on the server.
  afterAll(async () => {
    try {
      await app.close();
    } finally {
      await database.close();
    }
  });
  return { app, database, clock };
}

export interface SignedIn {
  token: string;
  sessionToken: string;
  csrfToken: string;
  refreshToken: string;
  user: { id: string; role: string; center_id: string | null };
  headers: Record<string, string>;
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  const body = response.json();
  return {
    ...body,
    headers: {
      authorization: `Bearer ${body.token}`,
      "x-session-token": body.sessionToken,
      "x-csrf-token": body.csrfToken,
    },
  };
}

/** Calls the API as a signed-in user, with the headers the web client sends. */
export function as(app: FastifyInstance, session: SignedIn) {
  const call = (method: InjectOptions["method"], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
    });
  return {
    get: (url: string) => call("GET", url),
    post: (url: string, payload?: unknown) => call("POST", url, payload),
    put: (url: string, payload?: unknown) => call("PUT", url, payload),
    patch: (url: string, payload?: unknown) => call("PATCH", url, payload),
    delete: (url: string) => call("DELETE", url),
  };
}

export const DEMO_EMAILS = {
  super_admin: "superadmin@sprout.test",
  owner: "owner@sprout.test",
  financial_manager: "finance@sprout.test",
  center_director: "director@sprout.test",
  admin: "admin@sprout.test",
  academic_coordinator: "coordinator@sprout.test",
  teacher: "teacher@sprout.test",
  parent: "parent@sprout.test",
} as const;
