import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn, type testClock } from "../../../test/harness.ts";
import { type PushServiceStandIn, startPushService } from "../../../test/push-service.ts";
import type { Database } from "../../db/client.ts";
import { pushOutbox } from "../../db/schema/push.ts";
import { createPushSender } from "./sender.ts";

// The test clock starts at 12:00 in Bengaluru (06:30 UTC): quiet hours are set around it.
let app: FastifyInstance;
let db: Database;
let clock: ReturnType<typeof testClock>;
let service: PushServiceStandIn;
let parent: SignedIn;
let teacher: SignedIn;
let director: SignedIn;
const keys = webpush.generateVAPIDKeys();
const MINUTE = 60_000;

const deliver = async () => {
  await app.pushSender.flush();
  return app.pushSender.deliverDue();
};
const outbox = () => db.select().from(pushOutbox);
const quietHours = (who: SignedIn, hours: { start: string; end: string } | null) =>
  as(app, who).put("/api/notification-preferences", { quiet_hours: hours });

beforeAll(async () => {
  service = await startPushService();
  ({
    app,
    clock,
    database: { db },
  } = await createTestApp({ push: { ...keys, subject: "mailto:ops@sprout.test", allowedHosts: [service.host] } }));
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

/** A teacher's message to the parent about Aanya, as the web app sends it. */
async function messageParent(content: string) {
  const contacts = (await as(app, parent).get("/api/messaging/contacts")).json().contacts;
  const contact = contacts.find(
    (c: { child_name: string; teacher_id: string }) =>
      c.child_name.startsWith("Aanya") && c.teacher_id === teacher.user.id,
  );
  const thread = await as(app, parent).post("/api/messaging/threads", {
    child_id: contact.child_id,
    teacher_id: contact.teacher_id,
  });
  const sent = await as(app, teacher).post(`/api/messaging/threads/${thread.json().id}/messages`, {
    recipient_id: parent.user.id,
    content,
  });
  expect(sent.statusCode).toBeLessThan(300);
}

describe("quiet hours", () => {
  it("are 21:00–07:00 until changed, can be changed or turned off, and bad hours are 400 and change nothing", async () => {
    const preferences = () => as(app, director).get("/api/notification-preferences");
    expect((await preferences()).json().quiet_hours).toEqual({ start: "21:00", end: "07:00" });
    for (const bad of [
      { start: "25:00", end: "07:00" },
      { start: "9pm", end: "07:00" },
      { start: "07:00", end: "07:00" },
    ]) {
      const refused = await as(app, director).put("/api/notification-preferences", { quiet_hours: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await preferences()).json().quiet_hours).toEqual({ start: "21:00", end: "07:00" });
    expect((await quietHours(director, { start: "22:30", end: "06:15" })).json().quiet_hours).toEqual({
      start: "22:30",
      end: "06:15",
    });
    expect((await quietHours(director, null)).json()).toMatchObject({ quiet_hours: null, messages: true });
    expect((await preferences()).json().quiet_hours).toBeNull();
  });

  it("hold a push, let an emergency through, and send one summary per device when they end", async () => {
    const phone = service.device("parent-phone");
    const tablet = service.device("parent-tablet");
    await as(app, parent).post("/api/push/subscriptions", phone.subscription);
    await as(app, parent).post("/api/push/subscriptions", tablet.subscription);
    await quietHours(parent, { start: "11:30", end: "13:00" });
    await messageParent("Lunch went well");
    await messageParent("Please send a spare shirt");
    await deliver();
    expect(service.to("parent-phone")).toHaveLength(0);
    expect((await outbox()).map((row) => row.status)).toEqual(["held", "held", "held", "held"]);

    const alert = await as(app, director).post("/api/center-director/emergency/alert", {
      alert_type: "fire",
      message: "Smoke",
      severity: "high",
    });
    expect(alert.statusCode).toBe(201);
    await deliver();
    expect(service.to("parent-phone").map((push) => push.payload?.kind)).toEqual(["emergency"]);
    await as(app, director).post(`/api/emergency/alerts/${alert.json().alert.id}/resolve`, { resolution_notes: "ok" });
    await deliver();
    expect(service.to("parent-phone").map((push) => push.payload?.kind)).toEqual(["emergency", "emergency_resolved"]);
    service.clear();

    clock.advance(59 * MINUTE); // 12:59: still quiet
    await deliver();
    expect(service.to("parent-phone")).toHaveLength(0);
    clock.advance(2 * MINUTE); // 13:01
    await deliver();
    await deliver();
    for (const device of ["parent-phone", "parent-tablet"]) {
      const pushes = service.to(device);
      expect(pushes, device).toHaveLength(1);
      expect(pushes[0]?.payload).toEqual({
        title: "2 updates while you were away",
        body: "2 messages. Open Sprout to see them.",
        url: "/",
        kind: "summary",
        tag: "summary",
      });
      expect(JSON.stringify(pushes[0]?.payload)).not.toContain("shirt");
    }
    expect(await outbox()).toHaveLength(0);
    // Quiet hours turned off: nothing waits, even at what was a quiet time.
    [parent, teacher] = await Promise.all([signIn(app, DEMO_EMAILS.parent), signIn(app, DEMO_EMAILS.teacher)]);
    await quietHours(parent, { start: "13:00", end: "14:00" });
    await quietHours(parent, null);
    await messageParent("Pick-up at 4");
    await deliver();
    expect(service.to("parent-phone").map((push) => push.payload?.kind)).toEqual(["summary", "message"]);
  });

  it("that span midnight hold until the next morning, and two senders at once send one summary", async () => {
    await quietHours(parent, { start: "11:00", end: "10:00" });
    await messageParent("Nap was short");
    await deliver();
    const [held] = await outbox();
    // Tomorrow 10:00 in Bengaluru.
    expect(held?.nextAttemptAt.toISOString()).toBe("2026-11-21T04:30:00.000Z");
    const other = createPushSender({
      db,
      clock,
      vapid: { ...keys, subject: "mailto:ops@sprout.test" },
      allowedHosts: [service.host],
    });
    clock.set(new Date("2026-11-21T04:30:00.000Z"));
    await Promise.all([app.pushSender.deliverDue(), other.deliverDue(), app.pushSender.deliverDue()]);
    await Promise.all([deliver(), other.deliverDue()]);
    const pushes = service.to("parent-phone");
    expect(pushes.map((push) => push.payload?.title)).toEqual(["1 update while you were away"]);
    expect(service.to("parent-tablet")).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);
  });
});
