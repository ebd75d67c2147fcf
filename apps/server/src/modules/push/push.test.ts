import { PUSH_DEVICE_LIMIT, PUSH_MESSAGES } from "@sprout/shared/schemas/push";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn, type testClock } from "../../../test/harness.ts";
import { type PushServiceStandIn, startPushService, type TestDevice } from "../../../test/push-service.ts";
import { refuseAuditOf } from "../../../test/refuse-audit.ts";
import type { Database } from "../../db/client.ts";
import { pushOutbox, pushSubscriptions } from "../../db/schema/push.ts";
import { runPrune } from "../../jobs/prune.ts";
import { AREA_PRUNES } from "../../scheduled-jobs.ts";
import { endpointAllowed } from "./hosts.ts";
import { retryAfterSeconds } from "./sender.ts";

let app: FastifyInstance;
let db: Database;
let clock: ReturnType<typeof testClock>;
let service: PushServiceStandIn;
let parent: SignedIn;
let teacher: SignedIn;
let director: SignedIn;

const subscribe = (who: SignedIn, device: TestDevice) =>
  as(app, who).post("/api/push/subscriptions", device.subscription);
const unsubscribe = (who: SignedIn, endpoint: string) =>
  app.inject({ method: "DELETE", url: "/api/push/subscriptions", headers: who.headers, payload: { endpoint } });
/** Runs the worker until nothing is due (what the timer and the after-commit wake-up do). */
const deliver = async () => {
  await app.pushSender.flush();
  return app.pushSender.deliverDue();
};
const queued = async () => (await db.select().from(pushOutbox)).length;

beforeAll(async () => {
  service = await startPushService();
  const keys = webpush.generateVAPIDKeys();
  ({
    app,
    clock,
    database: { db },
  } = await createTestApp({
    push: { ...keys, subject: "mailto:ops@sprout.test", allowedHosts: [service.host] },
  }));
  [parent, teacher, director] = await Promise.all([
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.center_director),
  ]);
});
afterAll(async () => service?.close());
beforeEach(async () => {
  await deliver();
  service.clear();
});

/** The parent's thread about Aanya with Priya Sharma (one of her teachers), opened as the web app does. */
async function aanyaThread() {
  const contacts = (await as(app, parent).get("/api/messaging/contacts")).json().contacts;
  const contact = contacts.find(
    (c: { child_name: string; teacher_id: string }) =>
      c.child_name.startsWith("Aanya") && c.teacher_id === teacher.user.id,
  );
  const opened = await as(app, parent).post("/api/messaging/threads", {
    child_id: contact.child_id,
    teacher_id: contact.teacher_id,
  });
  return { threadId: opened.json().id as string, teacherId: contact.teacher_id as string };
}

describe("subscriptions", () => {
  it("answers the VAPID public key", async () => {
    const response = await as(app, parent).get("/api/push/public-key");
    expect(response.statusCode).toBe(200);
    expect(response.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("keeps a subscription once per endpoint, lists it without keys, and removes it", async () => {
    const phone = service.device("parent-phone-1");
    const first = await subscribe(parent, phone);
    expect(first.statusCode).toBe(201);
    expect((await subscribe(parent, phone)).json().id).toBe(first.json().id);
    const list = await as(app, parent).get("/api/push/subscriptions");
    expect(list.json().devices).toEqual([
      expect.objectContaining({ id: first.json().id, endpoint_host: service.host }),
    ]);
    expect(list.body).not.toContain(phone.subscription.keys.p256dh);
    expect(list.body).not.toContain(phone.subscription.keys.auth);
    // Another account cannot remove it; its owner can.
    expect((await unsubscribe(teacher, phone.subscription.endpoint)).statusCode).toBe(204);
    expect((await as(app, parent).get("/api/push/subscriptions")).json().devices).toHaveLength(1);
    expect((await unsubscribe(parent, phone.subscription.endpoint)).statusCode).toBe(204);
    expect((await as(app, parent).get("/api/push/subscriptions")).json().devices).toHaveLength(0);
  });

  it("accepts only known push services and the configured hosts: anything else is 400 and stored nowhere", async () => {
    const keys = service.device("keys-only").subscription.keys;
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/push/x",
      "https://evil.example/fcm.googleapis.com",
      "https://fcm.googleapis.com.evil.example/x",
      "http://fcm.googleapis.com/fcm/send/x",
      `https://${service.host.split(":")[0]}:1/push/x`,
    ]) {
      const response = await as(app, parent).post("/api/push/subscriptions", { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(400);
    }
    expect(
      (await as(app, parent).post("/api/push/subscriptions", { endpoint: "https://evil.example/x", keys })).json(),
    ).toMatchObject({ error: PUSH_MESSAGES.hostNotAllowed });
    expect((await as(app, parent).get("/api/push/subscriptions")).json().devices).toHaveLength(0);
    expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc", [])).toBe(true);
    expect(endpointAllowed("https://wns2-par02p.notify.windows.com/w/?token=x", [])).toBe(true);
    expect(endpointAllowed("https://web.push.apple.com/QGz", [])).toBe(true);
    expect(endpointAllowed("https://updates.push.services.mozilla.com/wpush/v2/x", [])).toBe(true);
    expect(endpointAllowed("https://notify.windows.com.evil.example/x", [])).toBe(false);
  });

  it(`limits a person to ${PUSH_DEVICE_LIMIT} devices, counted atomically`, async () => {
    const devices = Array.from({ length: PUSH_DEVICE_LIMIT + 3 }, (_, i) => service.device(`teacher-device-${i}`));
    const answers = await Promise.all(devices.map((device) => subscribe(teacher, device)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(PUSH_DEVICE_LIMIT);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json()).toMatchObject({ code: "DEVICE_LIMIT", error: PUSH_MESSAGES.deviceLimit });
    for (const device of devices) await unsubscribe(teacher, device.subscription.endpoint);
  });

  it("signing out of a device removes its subscription", async () => {
    const session = await signIn(app, DEMO_EMAILS.admin);
    const laptop = service.device("admin-laptop");
    expect((await subscribe(session, laptop)).statusCode).toBe(201);
    expect((await as(app, session).post("/api/auth/logout")).statusCode).toBeLessThan(300);
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, laptop.subscription.endpoint));
    expect(rows).toHaveLength(0);
  });
});

describe("delivery through the outbox", () => {
  it("delivers a new message as an encrypted push naming the child and sender, with the url and no content", async () => {
    const phone = service.device("parent-phone-2");
    await subscribe(parent, phone);
    const { threadId } = await aanyaThread();
    const secret = "Aanya had a fever of 38.5 this morning";
    const parentId = parent.user.id;
    const sent = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parentId,
      content: secret,
    });
    expect(sent.statusCode).toBeLessThan(300);
    expect(await deliver()).toMatchObject({ failed: 0 });
    const [push] = service.to("parent-phone-2");
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(push?.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(push?.headers.urgency).toBe("normal");
    expect(push?.payload).toMatchObject({
      title: "Aanya: new message from Priya Sharma",
      url: "/messaging",
      kind: "message",
    });
    expect(JSON.stringify(push?.payload)).not.toContain("fever");
    expect(await queued()).toBe(0);
    await unsubscribe(parent, phone.subscription.endpoint);
  });

  it("honours the person's choice: messages turned off are not pushed; other kinds still are", async () => {
    const phone = service.device("parent-phone-3");
    await subscribe(parent, phone);
    expect((await as(app, parent).get("/api/notification-preferences")).json()).toEqual({
      messages: true,
      daily_activities: true,
      photos: true,
      health_and_incidents: true,
      announcements: true,
      billing: true,
      quiet_hours: { start: "21:00", end: "07:00" },
    });
    const changed = await as(app, parent).put("/api/notification-preferences", { messages: false });
    expect(changed.json()).toMatchObject({ messages: false, photos: true });
    expect((await as(app, parent).put("/api/notification-preferences", { emergencies: false })).statusCode).toBe(400);
    const { threadId } = await aanyaThread();
    await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parent.user.id,
      content: "Pick-up at 4 today",
    });
    await deliver();
    expect(service.to("parent-phone-3")).toHaveLength(0);
    // An emergency ignores every choice, and is sent with Urgency: high.
    const alert = await as(app, director).post("/api/center-director/emergency/alert", {
      alert_type: "fire",
      message: "Smoke in the kitchen",
      severity: "high",
    });
    expect(alert.statusCode).toBe(201);
    await deliver();
    const [push] = service.to("parent-phone-3");
    expect(push?.headers.urgency).toBe("high");
    expect(push?.payload).toMatchObject({ title: "Emergency at Sprout Koramangala", url: "/", kind: "emergency" });
    expect(JSON.stringify(push?.payload)).not.toContain("kitchen");
    service.clear();
    const resolved = await as(app, director).post(`/api/emergency/alerts/${alert.json().alert.id}/resolve`, {
      resolution_notes: "Drill over",
    });
    expect(resolved.statusCode).toBe(200);
    await deliver();
    expect(service.to("parent-phone-3")[0]?.payload).toMatchObject({ kind: "emergency_resolved" });
    expect(service.to("parent-phone-3")[0]?.headers.urgency).toBe("high");
    await as(app, parent).put("/api/notification-preferences", { messages: true });
    await unsubscribe(parent, phone.subscription.endpoint);
  });

  it("sends nothing for an alert that was rolled back", async () => {
    const phone = service.device("parent-phone-4");
    await subscribe(parent, phone);
    const allow = await refuseAuditOf(db, "emergency.trigger");
    try {
      const refused = await as(app, director).post("/api/center-director/emergency/alert", {
        alert_type: "fire",
        message: "Smoke",
        severity: "high",
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await allow();
    }
    await deliver();
    expect(service.to("parent-phone-4")).toHaveLength(0);
    expect(await queued()).toBe(0);
    await unsubscribe(parent, phone.subscription.endpoint);
  });

  it("retries 429 and 5xx with back-off, not before Retry-After, and deletes a subscription the service calls gone (410)", async () => {
    const kept = service.device("teacher-tablet");
    const gone = service.device("teacher-old-phone");
    await subscribe(teacher, kept);
    await subscribe(teacher, gone);
    service.answer("teacher-tablet", { status: 429, headers: { "Retry-After": "120" } }, { status: 503 });
    service.answer("teacher-old-phone", { status: 410 });
    const { threadId, teacherId } = await aanyaThread();
    await as(app, parent).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: teacherId,
      content: "Hello",
    });
    const tries = () => service.to("teacher-tablet").length;
    await deliver();
    expect(tries()).toBe(1);
    expect(service.to("teacher-old-phone")).toHaveLength(1);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint)),
    ).toHaveLength(0);
    // Retry-After says two minutes: a minute later nothing is tried.
    clock.advance(60_000);
    await deliver();
    expect(tries()).toBe(1);
    clock.advance(61_000);
    await deliver();
    expect(tries()).toBe(2); // answered 503: the next wait doubles
    clock.advance(10 * 60_000);
    await deliver();
    expect(tries()).toBe(3);
    expect(service.to("teacher-tablet").map((push) => push.payload?.title)).toEqual(
      Array(3).fill("Aanya: new message from Vikram Malhotra"),
    );
    expect(await queued()).toBe(0);
    await unsubscribe(teacher, kept.subscription.endpoint);
  });

  it("keeps a push refused for good (400) as failed, and the hourly prune removes it after 30 days", async () => {
    const phone = service.device("teacher-broken-phone");
    await subscribe(teacher, phone);
    service.answer("teacher-broken-phone", { status: 400 });
    const { threadId, teacherId } = await aanyaThread();
    await as(app, parent).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: teacherId,
      content: "Hi",
    });
    await deliver();
    expect(service.to("teacher-broken-phone")).toHaveLength(1);
    const [kept] = await db.select().from(pushOutbox);
    expect(kept).toMatchObject({ status: "failed", attempts: 1 });
    /** How many failed pushes the hourly prune removed (it must have run). */
    const pruned = async () => {
      const outcome = await runPrune(db, clock, AREA_PRUNES);
      if (!outcome.ran) throw new Error("the prune did not run");
      return outcome.pushes;
    };
    expect(await pruned()).toBe(0);
    // Thirty-one days on (moved back in the table: moving the clock would end this file's sessions).
    await db.execute(sql`update push_outbox set created_at = created_at - interval '31 days'`);
    expect(await pruned()).toBe(1);
    expect(await queued()).toBe(0);
    await unsubscribe(teacher, phone.subscription.endpoint);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = new Date("2026-11-28T10:00:00Z");
    expect(retryAfterSeconds("30", now)).toBe(30);
    expect(retryAfterSeconds("Sat, 28 Nov 2026 10:02:00 GMT", now)).toBe(120);
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });

  it("an emergency reaches every subscribed device at the centre, families and staff, and no one elsewhere", async () => {
    const devices = [
      ["parent", parent],
      ["teacher", teacher],
      ["director", director],
    ] as const;
    for (const [name, who] of devices) await subscribe(who, service.device(`all-${name}`));
    const [, andheri] = await demoCentres(db);
    await createCentreUser(db, andheri!.id, "center_director", "director.push@sprout.test");
    const elsewhere = await signIn(app, "director.push@sprout.test");
    expect((await subscribe(elsewhere, service.device("all-elsewhere"))).statusCode).toBe(201);
    const alert = await as(app, director).post("/api/center-director/emergency/alert", {
      alert_type: "lockdown",
      message: "Stranger at the gate",
      severity: "critical",
    });
    expect(alert.statusCode).toBe(201);
    await deliver();
    for (const [name] of devices) expect(service.to(`all-${name}`), name).toHaveLength(1);
    expect(service.to("all-elsewhere")).toHaveLength(0);
    await as(app, director).post(`/api/emergency/alerts/${alert.json().alert.id}/resolve`, { resolution_notes: "ok" });
    await deliver();
    await db.execute(sql`delete from push_subscriptions`);
  });
});
