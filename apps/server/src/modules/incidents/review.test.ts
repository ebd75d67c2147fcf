import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { notifications } from "../../db/schema/communication.ts";
import { incidents } from "../../db/schema/incidents.ts";
import { users } from "../../db/schema/users.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { createLeadership } from "../communication/leadership.ts";
import { runReviewReminders } from "./review-reminders.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other] = await demoCentres(db);
const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
// Aanya and a classmate are in the demo teacher's first room: she reports for her rooms' children.
const [teacherRoom] = await db
  .select({ id: classroomTeachers.classroomId })
  .from(classroomTeachers)
  .innerJoin(users, eq(users.id, classroomTeachers.teacherId))
  .where(eq(users.email, DEMO_EMAILS.teacher));
await db.update(students).set({ classroomId: teacherRoom!.id }).where(eq(students.id, aanya!.id));
const classmate = (await childrenOf(db, home!.id)).find(
  (child) => child.lastName !== "Malhotra" && child.classroomId === teacherRoom!.id,
)!;
const classmateName = () => `${classmate.firstName} ${classmate.lastName}`;
/** Who may mark parents notified at the home centre: the reminder's audience. */
const managers = await createLeadership(db)(home!.id, "incidents.manage");

let director: SignedIn;
let owner: SignedIn;
let superAdmin: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;
let classmateParent: SignedIn;
let otherDirector: SignedIn;

beforeAll(async () => {
  await createCentreUser(db, other!.id, "center_director", "director.review@sprout.test");
  // The classmate's guardian gets a sign-in: another family named in the same report.
  const user = await createCentreUser(db, home!.id, "parent", "classmate.parent@sprout.test");
  const [link] = await db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, classmate.id));
  await db.update(guardians).set({ userId: user.id }).where(eq(guardians.id, link!.guardianId));
  [director, owner, superAdmin, teacher, parent, classmateParent, otherDirector] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.super_admin),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, "classmate.parent@sprout.test"),
    signIn(app, "director.review@sprout.test"),
  ]);
});

const report = (location: string, childIds = [aanya!.id]) => ({
  child_ids: childIds,
  incident_type: "injury",
  occurred_at: new Date(clock.now().getTime() - 3600_000).toISOString(),
  location,
  description: "Bumped his head on the climbing frame.",
  first_aid: "Cold compress for ten minutes.",
  witnesses: "",
  severity: "low",
});
const setting = (session: SignedIn, review: boolean, centerId = home!.id) =>
  as(app, session).put("/api/incidents/review-setting", { center_id: centerId, review_before_parents: review });
const file = async (location: string, childIds?: string[]) => {
  const response = await as(app, teacher).post("/api/incidents", report(location, childIds));
  expect(response.statusCode).toBe(201);
  return response.json();
};
const parentLocations = async (session: SignedIn) =>
  (await as(app, session).get("/api/parents/incidents"))
    .json()
    .incidents.map((item: { location: string }) => item.location);

describe("the centre's review setting", () => {
  it("is on by default, read by reporters, changed only by the centre's leadership, and audited", async () => {
    const read = await as(app, teacher).get(`/api/incidents/review-setting?center_id=${home!.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      center_id: home!.id,
      review_before_parents: true,
      updated_by: null,
      updated_at: null,
    });
    expect((await setting(teacher, false)).statusCode).toBe(403);
    expect((await setting(otherDirector, false)).statusCode).toBe(404);
    const bad = await as(app, director).put("/api/incidents/review-setting", {
      center_id: home!.id,
      review_before_parents: "no",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Please say whether reports are reviewed first");
    expect((await as(app, director).get(`/api/incidents/review-setting?center_id=${home!.id}`)).json()).toMatchObject({
      review_before_parents: true,
      updated_by: null,
    });

    for (const [session, name] of [
      [owner, "owner"],
      [superAdmin, "super admin"],
    ] as const) {
      const changed = await setting(session, false);
      expect(changed.statusCode, name).toBe(200);
      expect(changed.json()).toMatchObject({ review_before_parents: false, updated_at: clock.now().toISOString() });
      expect((await setting(session, true)).statusCode, name).toBe(200);
    }
    const changed = await setting(director, false);
    expect(changed.json()).toMatchObject({ review_before_parents: false, updated_by: "Sunita Iyer" });
    const audits = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "incident.review_setting"), eq(auditLog.entityId, home!.id)));
    expect(audits.at(-1)).toEqual({ before: { review_before_parents: true }, after: { review_before_parents: false } });
    expect((await setting(director, true)).json().review_before_parents).toBe(true);
  });

  it("on: a teacher's report waits for a manager, and the family sees it only once marked", async () => {
    const filed = await file("Reviewed sandpit");
    expect(filed).toMatchObject({ parents_notified_at: null, parent_status: "awaiting_review" });
    expect(await parentLocations(parent)).not.toContain("Reviewed sandpit");
    await as(app, director).post(`/api/incidents/${filed.id}/notify-parents`);
    expect(await parentLocations(parent)).toContain("Reviewed sandpit");
  });

  it("off: a teacher's report reaches the family at once, by the same path and audit as marking it", async () => {
    await setting(director, false);
    try {
      const parentSocket = recorder(await connect(url, parent));
      const directorSocket = recorder(await connect(url, director));
      const filed = await file("Unreviewed slide");
      expect(filed).toMatchObject({ parents_notified_at: clock.now().toISOString(), parent_status: "notified" });
      expect(await parentSocket.next("incident-report")).toEqual({ id: filed.id });
      expect(await directorSocket.next("incident-update")).toEqual({ id: filed.id });
      expect(await parentLocations(parent)).toContain("Unreviewed slide");

      const [notified] = await db
        .select({ actor: auditLog.actorId, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, filed.id), eq(auditLog.action, "incident.parents_notified")));
      expect(notified).toEqual({ actor: teacher.user.id, after: { sent_on_reporting: true } });
      const details = (await as(app, director).get(`/api/incidents/${filed.id}`)).json();
      expect(details.history.map((event: { action: string }) => event.action)).toEqual([
        "reported",
        "parents_notified",
      ]);
      expect(details.history[1]).toMatchObject({ by: "Priya Sharma", note: expect.stringContaining("not review") });
      // Marking it again changes nothing.
      const again = await as(app, director).post(`/api/incidents/${filed.id}/notify-parents`);
      expect(again.json().parents_notified_at).toBe(filed.parents_notified_at);
    } finally {
      await setting(director, true);
    }
  });
});

describe("the review reminder", () => {
  const mailed: OutgoingMail[] = [];
  const run = () =>
    runReviewReminders(db, clock, {
      mail: async (message) => {
        mailed.push(message);
      },
      realtime: app.realtime.publisher,
    });
  /** Files a report as if `minutes` ago (the clock stays put: sign-ins last 15 minutes). */
  const filedAgo = async (minutes: number, location: string, childIds?: string[]) => {
    const filed = await file(location, childIds);
    await db
      .update(incidents)
      .set({ createdAt: new Date(clock.now().getTime() - minutes * 60_000) })
      .where(eq(incidents.id, filed.id));
    return filed;
  };
  let young: { id: string };
  const remindersAbout = (id: string) =>
    db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.kind, "incident"), eq(notifications.link, `/incidents?report=${id}`)));

  it("tells the centre's managers once about a report waiting more than 30 minutes, however often it runs", async () => {
    // Reports of the tests before that still wait are reminded about first, out of the way.
    await db
      .update(incidents)
      .set({ createdAt: new Date(clock.now().getTime() - 3600_000) })
      .where(eq(incidents.centerId, home!.id));
    await run();
    mailed.length = 0;
    // The owner reads Sprout in Hindi: their reminder comes in Hindi, the director's in English.
    expect((await as(app, owner).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);

    const waiting = await filedAgo(31, "Waiting by the gate", [aanya!.id, classmate.id]);
    young = await filedAgo(29, "Young report by the tap");
    const directorSocket = recorder(await connect(url, director));
    const runs = await Promise.all([run(), run()]);
    const again = await run();
    expect(runs.reduce((sum, outcome) => sum + outcome.reminded, 0) + again.reminded).toBe(1);

    // The director and the owner are the managers here; the teacher who reported is not.
    expect(managers).toContain(director.user.id);
    expect(managers).not.toContain(teacher.user.id);
    const lines = await remindersAbout(waiting.id);
    expect(lines.map((line) => line.userId).sort()).toEqual([...managers].sort());
    expect(lines[0]!.title).toBe(`Incident report waiting for review: Injury, Aanya Malhotra, ${classmateName()}`);
    expect(await directorSocket.next("notification")).toMatchObject({ kind: "incident" });
    expect(await remindersAbout(young.id)).toEqual([]);
    const emails = await db.select({ email: users.email }).from(users).where(inArray(users.id, managers));
    expect(mailed.map((message) => message.to).sort()).toEqual(emails.map((row) => row.email).sort());
    const english = mailed.find((message) => message.to === DEMO_EMAILS.center_director)!;
    expect(english.subject).toBe("An incident report is waiting for your review");
    expect(english.text).toContain("Injury: Aanya Malhotra");
    expect(english.text).toContain("reported by Priya Sharma");
    const hindi = mailed.find((message) => message.to === DEMO_EMAILS.owner)!;
    expect(hindi.subject).toBe("एक घटना रिपोर्ट आपकी समीक्षा का इंतज़ार कर रही है");
    expect(hindi.text).toContain("नमस्ते");
    expect(hindi.text).toContain("चोट: Aanya Malhotra");
    expect(hindi.text).toContain("Priya Sharma ने रिपोर्ट किया");
    await db.update(users).set({ language: null }).where(eq(users.id, owner.user.id));
    const [row] = await db
      .select({ at: incidents.reviewRemindedAt })
      .from(incidents)
      .where(eq(incidents.id, waiting.id));
    expect(row!.at).toEqual(clock.now());
  });

  it("reminds about the younger report once it too has waited, and not about one shared or resolved", async () => {
    await db
      .update(incidents)
      .set({ createdAt: new Date(clock.now().getTime() - 31 * 60_000) })
      .where(eq(incidents.id, young.id));
    const shared = await filedAgo(45, "Shared before the reminder");
    await as(app, director).post(`/api/incidents/${shared.id}/notify-parents`);
    const resolved = await filedAgo(45, "Resolved before the reminder");
    await as(app, director).post(`/api/incidents/${resolved.id}/resolve`, { resolution_notes: "Checked, fine" });
    mailed.length = 0;
    expect((await run()).reminded).toBe(1);
    expect(await remindersAbout(young.id)).toHaveLength(managers.length);
    expect(await remindersAbout(shared.id)).toEqual([]);
    expect(await remindersAbout(resolved.id)).toEqual([]);
  });

  it("sends nothing for a centre whose reports are not reviewed first", async () => {
    const filedWhileOn = await filedAgo(45, "Filed before review was switched off");
    await setting(director, false);
    try {
      mailed.length = 0;
      expect((await run()).reminded).toBe(0);
      expect(mailed).toEqual([]);
      expect(await remindersAbout(filedWhileOn.id)).toEqual([]);
    } finally {
      await setting(director, true);
    }
  });
});

describe("acknowledged, in every list", () => {
  it("staff see who acknowledged and when; each parent sees only their own family's acknowledgements", async () => {
    const filed = await file("Acknowledged at the swings", [aanya!.id, classmate.id]);
    await as(app, director).post(`/api/incidents/${filed.id}/notify-parents`);
    const itemIn = async (session: SignedIn) =>
      (await as(app, session).get("/api/incidents?limit=50"))
        .json()
        .incidents.find((item: { id: string }) => item.id === filed.id);
    expect(await itemIn(director)).toMatchObject({ parent_status: "notified", parent_acknowledgements: [] });

    clock.advance(5 * 60_000);
    const acknowledged = await as(app, parent).post(`/api/parents/incidents/${filed.id}/acknowledge`);
    const at = clock.now().toISOString();
    expect(acknowledged.json()).toMatchObject({
      acknowledged_at: at,
      acknowledgements: [{ name: "Vikram Malhotra", at }],
    });
    for (const session of [director, teacher, owner]) {
      expect(await itemIn(session)).toMatchObject({
        parent_status: "acknowledged",
        parent_acknowledgements: [{ name: "Vikram Malhotra", at }],
      });
    }
    expect((await as(app, teacher).get(`/api/incidents/${filed.id}`)).json()).toMatchObject({
      parent_status: "acknowledged",
      parent_acknowledgements: [{ name: "Vikram Malhotra", at }],
    });

    // The classmate's parent reads the same report: their own child only, and no other family's name.
    const theirs = (await as(app, classmateParent).get("/api/parents/incidents"))
      .json()
      .incidents.find((item: { id: string }) => item.id === filed.id);
    expect(theirs).toMatchObject({ acknowledged_at: null, acknowledgements: [] });
    expect(theirs).not.toHaveProperty("parent_status");
    expect(JSON.stringify(theirs)).not.toContain("Vikram");
    expect(JSON.stringify(theirs)).not.toContain("Aanya");

    const mine = (await as(app, parent).get("/api/parents/incidents"))
      .json()
      .incidents.find((item: { id: string }) => item.id === filed.id);
    expect(mine).toMatchObject({ acknowledged_at: at, acknowledgements: [{ name: "Vikram Malhotra", at }] });
    expect(mine).not.toHaveProperty("parent_acknowledgements");
  });
});
