import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { demoRoomToday } from "../../../test/demo-today.ts";
import { form, pngPhoto, sendForm } from "../../../test/digital-portfolio-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn, type testClock } from "../../../test/harness.ts";
import { type PushServiceStandIn, startPushService } from "../../../test/push-service.ts";
import { refuseAuditOf } from "../../../test/refuse-audit.ts";
import type { Database } from "../../db/client.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { pushOutbox } from "../../db/schema/push.ts";
import { runMarkOverdue } from "../billing/overdue-job.ts";
import { runFeeReminders } from "../fee-collection/reminders.ts";

// Each kind a family can switch off reaches the guardian's phone, naming the child, never the content.
let app: FastifyInstance;
let db: Database;
let clock: ReturnType<typeof testClock>;
let service: PushServiceStandIn;
let parent: SignedIn;
let teacher: SignedIn;
let aanya: { id: string; firstName: string };
const TODAY = "2026-11-20";

const deliver = async () => {
  await app.pushSender.flush();
  return app.pushSender.deliverDue();
};
const received = () => service.to("parent-phone").map((push) => push.payload);
const choose = (change: Record<string, boolean>) => as(app, parent).put("/api/notification-preferences", change);
const lunch = (notes: string) =>
  as(app, teacher).post("/api/daily-activities/food", {
    child_id: aanya.id,
    date: TODAY,
    meal_type: "lunch",
    food_consumed: 75,
    notes,
  });

beforeAll(async () => {
  service = await startPushService();
  ({
    app,
    clock,
    database: { db },
  } = await createTestApp({
    push: { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@sprout.test", allowedHosts: [service.host] },
  }));
  [parent, teacher] = await Promise.all([signIn(app, DEMO_EMAILS.parent), signIn(app, DEMO_EMAILS.teacher)]);
  const [child] = await db
    .select({ id: students.id, firstName: students.firstName })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(students.firstName, "Aanya"), eq(guardians.userId, parent.user.id)));
  aanya = child!;
  // Noon is outside the default quiet hours; the parent's phone is subscribed throughout.
  await as(app, parent).post("/api/push/subscriptions", service.device("parent-phone").subscription);
});
afterAll(async () => service?.close());
beforeEach(async () => {
  await deliver();
  service.clear();
});

describe("the child's day", () => {
  it("a meal, a nap and potty reach the guardian, tagged per child and kind, and stop when turned off", async () => {
    expect((await lunch("Dal and rice, asked for more")).statusCode).toBe(201);
    const nap = await as(app, teacher).post("/api/daily-activities/sleep", {
      child_id: aanya.id,
      date: TODAY,
      start_time: "12:30",
    });
    expect(nap.statusCode, nap.body).toBe(201);
    const potty = await as(app, teacher).post("/api/daily-activities/potty", {
      child_id: aanya.id,
      date: TODAY,
      type: "diaper_change",
      diaper_status: "wet",
    });
    expect(potty.statusCode, potty.body).toBe(201);
    await deliver();
    expect(received()).toEqual([
      {
        title: "Aanya: lunch recorded",
        body: "Open Sprout to see the day.",
        url: "/dashboard",
        kind: "food",
        tag: `food:${aanya.id}`,
      },
      expect.objectContaining({ title: "Aanya: nap recorded", kind: "sleep", tag: `sleep:${aanya.id}` }),
      expect.objectContaining({ title: "Aanya: potty recorded", kind: "potty", tag: `potty:${aanya.id}` }),
    ]);
    expect(JSON.stringify(received())).not.toContain("Dal");
    service.clear();
    await choose({ daily_activities: false });
    expect((await lunch("Second helping")).statusCode).toBe(201);
    await deliver();
    expect(received()).toEqual([]);
    await choose({ daily_activities: true });
  });

  it("reaches a guardian who reads Hindi in Hindi, and one who reads English in English", async () => {
    await as(app, parent).put("/api/account/preferences", { language: "hi" });
    expect((await lunch("Khichdi")).statusCode).toBe(201);
    await deliver();
    expect(received()).toEqual([
      expect.objectContaining({ title: "Aanya: दोपहर का खाना दर्ज किया गया", body: "आज का दिन देखने के लिए Sprout खोलें।" }),
    ]);
    service.clear();
    await as(app, parent).put("/api/account/preferences", { language: "en" });
    expect((await lunch("Curd rice")).statusCode).toBe(201);
    await deliver();
    expect(received()).toEqual([expect.objectContaining({ title: "Aanya: lunch recorded" })]);
  });

  it("a classmate's meal reaches no other family", async () => {
    const [room] = await db.select({ id: students.classroomId }).from(students).where(eq(students.id, aanya.id));
    const classmate = (await demoRoomToday(db, room!.id!)).present.find((kid) => kid.id !== aanya.id)!;
    const meal = await as(app, teacher).post("/api/daily-activities/food", {
      child_id: classmate.id,
      date: TODAY,
      meal_type: "lunch",
      food_consumed: 50,
    });
    expect(meal.statusCode, meal.body).toBe(201);
    await deliver();
    expect(received()).toEqual([]);
  });

  it("a meal whose write is rolled back sends nothing", async () => {
    const allow = await refuseAuditOf(db, "child_day.food_added");
    try {
      expect((await lunch("Refused")).statusCode).toBe(500);
    } finally {
      await allow();
    }
    await deliver();
    expect(received()).toEqual([]);
    expect(await db.select().from(pushOutbox)).toHaveLength(0);
  });
});

describe("billing", () => {
  it("an invoice issued, due soon and overdue each reach the guardian, and stop when billing is off", async () => {
    const [admin, finance] = await Promise.all([
      signIn(app, DEMO_EMAILS.admin),
      signIn(app, DEMO_EMAILS.financial_manager),
    ]);
    const issue = async () => {
      const request = await as(app, admin).post("/api/invoices/requests", {
        child_id: aanya.id,
        amount: 1500,
        dueDate: "2026-11-25",
      });
      expect(request.statusCode, request.body).toBe(201);
      const approved = await as(app, finance).post(`/api/invoices/requests/${request.json().request.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
    };
    await issue();
    await deliver();
    expect(received()).toEqual([
      {
        title: "Aanya: new invoice",
        body: "Open Sprout to see it.",
        url: "/billing",
        kind: "invoice_issued",
        tag: `invoice:${aanya.id}`,
      },
    ]);
    expect(JSON.stringify(received())).not.toContain("1500");
    service.clear();
    try {
      // The 23rd in Bengaluru: due on the 25th, so the fee reminder "due in 3 days" (once, whatever
      // the job's reruns); it carries what the overdue job's "due soon" push used to.
      clock.set(new Date("2026-11-23T04:00:00Z"));
      const remind = () =>
        runFeeReminders(db, clock, { queueMail: (tx, message) => app.mailer.send(message, tx), push: app.pushQueue });
      expect((await remind()).pushed).toBeGreaterThanOrEqual(1);
      expect((await remind()).pushed).toBe(0);
      await deliver();
      // (The demo's other invoices may fall due or overdue on these days as well.)
      expect(received()).toContainEqual(
        expect.objectContaining({ title: "Aanya: fees due soon", kind: "invoice_due_in_3_days", url: "/billing" }),
      );
      service.clear();
      clock.set(new Date("2026-11-26T04:00:00Z"));
      expect((await runMarkOverdue(db, clock, app.pushQueue)).overdue).toBeGreaterThanOrEqual(1);
      await deliver();
      expect(received()).toContainEqual(
        expect.objectContaining({
          title: "Aanya: invoice overdue",
          kind: "invoice_overdue",
          tag: `invoice:${aanya.id}`,
        }),
      );
    } finally {
      clock.set(new Date("2026-11-20T06:30:00Z"));
    }
    service.clear();
    parent = await signIn(app, DEMO_EMAILS.parent);
    await choose({ billing: false });
    await issue();
    await deliver();
    expect(received()).toEqual([]);
    await choose({ billing: true });
  });
});

describe("photos", () => {
  it("a photo of the child reaches the guardian once their consent allows it, and stops when photos are off", async () => {
    await as(app, parent).put(`/api/digital-portfolio/consent/${aanya.id}`, { consent: "own" });
    const upload = async () =>
      sendForm(
        app,
        teacher,
        "/api/digital-portfolio/upload",
        form({ childId: aanya.id, title: "Painting with Ravi" }, [
          { field: "file", name: "art.png", type: "image/png", content: await pngPhoto() },
        ]),
      );
    expect((await upload()).statusCode).toBe(201);
    await deliver();
    expect(received()).toEqual([
      {
        title: "Aanya: a new photo",
        body: "Open Sprout to see it.",
        url: "/digital-portfolio",
        kind: "photo",
        tag: `photos:${aanya.id}`,
      },
    ]);
    expect(JSON.stringify(received())).not.toContain("Painting");
    service.clear();
    await choose({ photos: false });
    expect((await upload()).statusCode).toBe(201);
    await deliver();
    expect(received()).toEqual([]);
  });
});
