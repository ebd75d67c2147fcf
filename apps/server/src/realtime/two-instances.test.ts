import { randomBytes } from "node:crypto";
import type { EmergencyAlertEvent } from "@sprout/shared/realtime/events";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../test/children-support.ts";
import { as, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { connect, listen, recorder } from "../../test/realtime-support.ts";
import { buildApp } from "../app.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { seedDemoData } from "../db/demo-seed.ts";

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const appSecret = "two-instance-secret-".padEnd(48, "x");

/**
 * Two app instances on one PostgreSQL database with the Redis adapter on, each listening on its
 * own port, as behind a load balancer. Needs a PostgreSQL server, so it runs in the API suite's
 * PostgreSQL pass (DATABASE_URL set) and is skipped on the embedded database.
 */
describe.skipIf(!serverUrl)("two instances on PostgreSQL and Redis (runs only with DATABASE_URL)", () => {
  const name = `sprout_realtime_${randomBytes(6).toString("hex")}`;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let first: FastifyInstance;
  let urlOfFirst: string;
  let urlOfSecond: string;

  beforeAll(async () => {
    const probe = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await probe.connect();
      await probe.ping();
    } catch (error) {
      throw new Error(`Redis at ${redisUrl} did not answer (start it or set REDIS_URL): ${String(error)}`);
    } finally {
      probe.disconnect();
    }
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (let index = 0; index < 2; index++) {
      const handle = await openDatabase({ url: url.toString() });
      handles.push(handle);
      await handle.migrate();
      if (index === 0) await seedDemoData(handle.db, new Date());
      const app = await buildApp({ db: handle.db, appSecret, env: "test", serveWeb: false, redisUrl });
      apps.push(app);
    }
    [first] = apps as [FastifyInstance];
    urlOfFirst = await listen(first);
    urlOfSecond = await listen(apps[1]!);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });

  it("an alert triggered through one instance reaches the centre's sockets on the other, and no other centre's", async () => {
    const db = handles[0]!.db;
    const [, other] = await demoCentres(db);
    await createCentreUser(db, other!.id, "teacher", "teacher.andheri@sprout.test");
    // Signed in through the first instance; the sessions live in the shared database.
    const [director, owner, teacher, otherTeacher] = await Promise.all([
      signIn(first, DEMO_EMAILS.center_director),
      signIn(first, DEMO_EMAILS.owner),
      signIn(first, DEMO_EMAILS.teacher),
      signIn(first, "teacher.andheri@sprout.test"),
    ]);
    const home = recorder(await connect(urlOfSecond, teacher));
    const away = recorder(await connect(urlOfSecond, otherTeacher));

    const triggered = await as(first, director).post("/api/center-director/emergency/alert", {
      alert_type: "fire",
      message: "Smoke near the kitchen",
    });
    expect(triggered.statusCode).toBe(201);
    const alertId = triggered.json().alert.id;
    expect(await home.next<EmergencyAlertEvent>("emergency-alert")).toMatchObject({ id: alertId, type: "fire" });

    // Events from one instance reach the other in order through one Redis channel: had the first
    // alert gone to the other centre's socket, it would have arrived before this second one.
    const second = await as(first, owner).post("/api/center-director/emergency/alert", {
      alert_type: "power_outage",
      message: "Power cut across the block",
      center_id: other!.id,
    });
    expect(second.statusCode).toBe(201);
    const secondId = second.json().alert.id;
    expect(await away.next("emergency-alert")).toMatchObject({ id: secondId });
    expect(away.events("emergency-alert")).toEqual([expect.objectContaining({ id: secondId })]);
    expect(home.events("emergency-alert")).toEqual([expect.objectContaining({ id: alertId })]);

    // Resolving through the second instance reaches a socket of the first.
    const onFirst = recorder(await connect(urlOfFirst, director));
    const resolved = await as(apps[1]!, director).post(`/api/emergency/alerts/${alertId}/resolve`, {
      resolution_notes: "False alarm: burnt toast",
    });
    expect(resolved.statusCode).toBe(200);
    expect(await onFirst.next("emergency-resolved")).toMatchObject({ alert_id: alertId });
  });
});
