import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { childConsents } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { runUnreadReminders } from "./reminders.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other] = await demoCentres(db);
const HOUR = 3_600_000;

let teacher: SignedIn;
let parent: SignedIn;
let director: SignedIn;
let threadId: string;
let teacherId: string;
let aanyaRoom: string;
let aanyaId: string;

beforeAll(async () => {
  [teacher, parent, director] = await Promise.all([
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.center_director),
  ]);
  const [demoParent] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
  const [child] = await db
    .select({ id: students.id, classroomId: students.classroomId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(guardians.userId, demoParent!.id), eq(students.firstName, "Aanya")));
  aanyaRoom = child!.classroomId!;
  aanyaId = child!.id;
  // The demo teacher teaches Aanya's room.
  teacherId = teacher.user.id;
  const [room] = await db
    .select()
    .from(classroomTeachers)
    .where(and(eq(classroomTeachers.classroomId, child!.classroomId!), eq(classroomTeachers.teacherId, teacherId)));
  expect(room).toBeDefined();
  const opened = await as(app, parent).post("/api/messaging/threads", { child_id: child!.id, teacher_id: teacherId });
  threadId = opened.json().id;
});

const bell = async (who: SignedIn) => (await as(app, who).get("/api/notifications")).json();

describe("the bell", () => {
  it("gets a line live for a new message, only for its recipient, and opening it reads them all", async () => {
    const parentSocket = recorder(await connect(url, parent));
    const before = await bell(parent);
    const sent = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parent.user.id,
      content: `<i>Aanya</i> ate well today. ${"x".repeat(300)}`,
    });
    expect(sent.statusCode).toBe(201);
    expect(await parentSocket.next("notification")).toMatchObject({ kind: "message" });
    const after = await bell(parent);
    expect(after.unread).toBe(before.unread + 1);
    const line = after.notifications[0];
    expect(line).toMatchObject({ kind: "message", link: "/messaging", read: false });
    expect(line.title).toContain("Message from");
    expect(line.body.startsWith("<i>Aanya</i> ate well today.")).toBe(true);
    expect(line.body.length).toBeLessThanOrEqual(140);
    // The sender's own bell does not ring for their own message.
    expect((await bell(teacher)).notifications.some((n: { kind: string }) => n.kind === "message")).toBe(false);

    const opened = await as(app, parent).post("/api/notifications/read");
    expect(opened.json().marked).toBe(after.unread);
    expect((await bell(parent)).unread).toBe(0);
    expect((await as(app, parent).post("/api/notifications/read")).json().marked).toBe(0);
  });

  it("rings for a new announcement and for the centre's answer to feedback", async () => {
    expect(
      (
        await as(app, teacher).post("/api/classroom-announcements", {
          classroom_id: aanyaRoom,
          title: "Sports day",
          message: "Wear white",
        })
      ).statusCode,
    ).toBe(201);
    // The test clock stands still, so lines are found by kind rather than by position.
    const lineOf = async (kind: string) =>
      (await bell(parent)).notifications.find((n: { kind: string }) => n.kind === kind);
    expect(await lineOf("announcement")).toMatchObject({ body: "Wear white", link: "/classroom-announcements" });
    expect((await bell(teacher)).notifications.some((n: { kind: string }) => n.kind === "announcement")).toBe(false);

    const sent = await as(app, parent).post("/api/parent-feedback", {
      child_id: aanyaId,
      category: "food",
      rating: 4,
      comment: "Lunch is good",
    });
    expect(sent.statusCode).toBe(201);
    await as(app, director).post(`/api/parent-feedback/${sent.json().id}/respond`, { response: "Thank you!" });
    expect(await lineOf("feedback_response")).toMatchObject({ body: "Thank you!" });
  });

  it("refuses a caller who is not signed in", async () => {
    expect((await app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
  });

  it("says its lines in the reader's language: a parent who chose Hindi reads a Hindi line", async () => {
    const [sender] = await db.select({ name: users.fullName }).from(users).where(eq(users.email, DEMO_EMAILS.teacher));
    const sent = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parent.user.id,
      content: "Aanya painted a sun today.",
    });
    expect(sent.statusCode).toBe(201);
    const painted = async () =>
      (await bell(parent)).notifications.find((line: { body: string }) => line.body === "Aanya painted a sun today.");
    expect(await painted()).toMatchObject({ title: `Message from ${sender!.name}` });
    expect((await as(app, parent).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    // The same stored line, read back in Hindi; the teacher's own words stay as written.
    expect(await painted()).toMatchObject({ title: `${sender!.name} का संदेश` });
    await db.update(users).set({ language: null }).where(eq(users.id, parent.user.id));
    await as(app, parent).post("/api/notifications/read");
  });
});

describe("the unread-message reminder", () => {
  const mailed: OutgoingMail[] = [];
  const mail = async (message: OutgoingMail) => void mailed.push(message);
  /** Moves the test clock; sessions are signed in again since their access tokens age with it. */
  const later = async (ms: number) => {
    clock.advance(ms);
    [teacher, parent] = await Promise.all([signIn(app, DEMO_EMAILS.teacher), signIn(app, DEMO_EMAILS.parent)]);
  };

  it("the centre's leadership sets the hours; bad input and another centre are refused", async () => {
    const get = await as(app, director).get(`/api/communication/reminder-setting?center_id=${home!.id}`);
    expect(get.json()).toEqual({ center_id: home!.id, unread_reminder_hours: 24 });
    const bad = await as(app, director).put("/api/communication/reminder-setting", {
      center_id: home!.id,
      unread_reminder_hours: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain("At least 1 hour");
    const foreign = await as(app, director).put("/api/communication/reminder-setting", {
      center_id: other!.id,
      unread_reminder_hours: 2,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await as(app, teacher).put("/api/communication/reminder-setting", {
          center_id: home!.id,
          unread_reminder_hours: 2,
        })
      ).statusCode,
    ).toBe(403);
    const set = await as(app, director).put("/api/communication/reminder-setting", {
      center_id: home!.id,
      unread_reminder_hours: 2,
    });
    expect(set.json()).toEqual({ center_id: home!.id, unread_reminder_hours: 2 });
  });

  it("mails a parent once about messages left unread past the centre's hours, never about read ones", async () => {
    await as(app, parent).post(`/api/messaging/threads/${threadId}/read`);
    const send = async (content: string) => {
      const sent = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
        recipient_id: parent.user.id,
        content,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    };
    await send("Please bring a raincoat");
    await send("And wellies");
    await later(HOUR);
    expect(await runUnreadReminders(db, clock, mail)).toMatchObject({ ran: true, mailed: 0 });

    await later(HOUR + 1000);
    expect(await runUnreadReminders(db, clock, mail)).toMatchObject({ ran: true, mailed: 1 });
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.to).toBe(DEMO_EMAILS.parent);
    expect(mailed[0]!.subject).toBe("You have 2 unread messages on Sprout");
    expect(mailed[0]!.text).toContain("Please bring a raincoat");
    expect(mailed[0]!.text).toContain("And wellies");

    // Never twice for the same message, and a message read in time is never mailed about.
    await later(5 * HOUR);
    expect((await runUnreadReminders(db, clock, mail)).mailed).toBe(0);
    await send("Read this one");
    // Reading the thread reads the two already mailed about as well as the new one.
    expect((await as(app, parent).post(`/api/messaging/threads/${threadId}/read`)).json().marked).toBe(3);
    await later(3 * HOUR);
    expect((await runUnreadReminders(db, clock, mail)).mailed).toBe(0);
    expect(mailed).toHaveLength(1);
  });

  it("mails nothing about a child whose family refused message e-mails", async () => {
    await db
      .insert(childConsents)
      .values({ studentId: aanyaId, purpose: "messages_digest", given: false, givenAt: clock.now() })
      .onConflictDoUpdate({ target: [childConsents.studentId, childConsents.purpose], set: { given: false } });
    const sent = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parent.user.id,
      content: "Sports day on Friday",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await later(3 * HOUR);
    const before = mailed.length;
    expect((await runUnreadReminders(db, clock, mail)).mailed).toBe(0);
    expect(mailed).toHaveLength(before);

    await db
      .update(childConsents)
      .set({ given: true })
      .where(and(eq(childConsents.studentId, aanyaId), eq(childConsents.purpose, "messages_digest")));
    expect((await runUnreadReminders(db, clock, mail)).mailed).toBe(1);
    expect(mailed.at(-1)!.text).toContain("Sports day on Friday");
  });

  it("reaches the outbox through the app's mailer", async () => {
    const sent = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parent.user.id,
      content: "Pick-up at 3 today",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await later(3 * HOUR);
    const before = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_EMAILS.parent))).length;
    expect((await runUnreadReminders(db, clock, (m) => app.mailer.send(m))).mailed).toBe(1);
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_EMAILS.parent));
    expect(rows).toHaveLength(before + 1);
    expect(rows.some((row) => row.subject === "You have an unread message on Sprout")).toBe(true);
  });

  it("writes to a parent who chose Hindi in Hindi", async () => {
    expect((await as(app, parent).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    const sent = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parent.user.id,
      content: "Bring crayons tomorrow",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await later(3 * HOUR);
    expect((await runUnreadReminders(db, clock, mail)).mailed).toBe(1);
    const hindi = mailed.at(-1)!;
    expect(hindi.subject).toBe("Sprout पर आपका एक संदेश अभी पढ़ा नहीं गया है");
    expect(hindi.text).toContain("Sprout (संदेश) में ये संदेश आपका इंतज़ार कर रहे हैं:");
    expect(hindi.text).toContain("Bring crayons tomorrow");
    await db.update(users).set({ language: null }).where(eq(users.id, parent.user.id));
  });
});
