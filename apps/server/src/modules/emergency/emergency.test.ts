import type { EmergencyAlertEvent, EmergencyNoticeEvent } from "@sprout/shared/realtime/events";
import { EMERGENCY_MESSAGES, STAFF_INSTRUCTIONS } from "@sprout/shared/schemas/emergency";
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder, refusal, type TestSocket } from "../../../test/realtime-support.ts";
import { refuseAuditOf } from "../../../test/refuse-audit.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { emergencyAlerts } from "../../db/schema/emergency.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other] = await demoCentres(db);

/** A parent sign-in for a child of the other centre, linked the way admissions link one. */
async function otherCentreParent(email: string) {
  const user = await createCentreUser(db, other!.id, "parent", email);
  const [child] = await childrenOf(db, other!.id);
  const [link] = await db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, child!.id));
  await db.update(guardians).set({ userId: user.id }).where(eq(guardians.id, link!.guardianId));
  return user;
}

let director: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;
let owner: SignedIn;
let otherDirector: SignedIn;
let otherTeacher: SignedIn;
let otherParent: SignedIn;

beforeAll(async () => {
  await createCentreUser(db, other!.id, "center_director", "director.andheri@sprout.test");
  await createCentreUser(db, other!.id, "teacher", "teacher.andheri@sprout.test");
  await otherCentreParent("parent.andheri@sprout.test");
  [director, teacher, parent, owner, otherDirector, otherTeacher, otherParent] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, "director.andheri@sprout.test"),
    signIn(app, "teacher.andheri@sprout.test"),
    signIn(app, "parent.andheri@sprout.test"),
  ]);
});

const fire = {
  alert_type: "fire",
  severity: "high",
  message: "Smoke in the kitchen",
  location: "Ground floor",
  affected_areas: ["Kitchen", "Toddlers"],
};

describe("the realtime handshake", () => {
  it("refuses a socket without a token, with a forged token, or with another session's token", async () => {
    expect(await refusal(url, {})).toBe("Authentication required");
    expect(await refusal(url, { token: "not-a-token", sessionToken: teacher.sessionToken })).toBe(
      "Invalid or expired token",
    );
    expect(await refusal(url, { token: teacher.token, sessionToken: director.sessionToken })).toBe(
      "Session expired. Please log in again.",
    );
  });

  it("refuses a signed-out session, and drops a live socket whose session is revoked", async () => {
    const session = await signIn(app, DEMO_EMAILS.admin);
    const socket = await connect(url, session);
    const events = recorder(socket);
    const disconnected = new Promise((resolve) => socket.once("disconnect", resolve));
    expect((await as(app, session).post("/api/auth/logout")).statusCode).toBe(200);
    expect(await app.realtime.dropEndedSessions()).toBe(1);
    await disconnected;
    expect(events.events("error")).toEqual([{ event: "session", message: "Session expired. Please log in again." }]);
    expect(await refusal(url, { token: session.token, sessionToken: session.sessionToken })).toBe(
      "Session expired. Please log in again.",
    );
  });

  it("lets a socket join its own centre and refuses another centre with an error event", async () => {
    const socket = await connect(url, teacher);
    const events = recorder(socket);
    socket.emit("join-center", other!.id);
    expect(await events.next("error")).toEqual({ event: "join-center", message: "You cannot join this centre" });
    socket.emit("join-center", home!.id);
    expect(await events.next("joined")).toEqual({ center_id: home!.id });
    socket.emit("subscribe-dashboard", { centerId: other!.id, userId: teacher.user.id });
    expect(await events.next("error", (error) => error.event === "subscribe-dashboard")).toMatchObject({
      message: "You cannot join this centre",
    });
  });
});

describe("emergency alerts", () => {
  let sockets: Record<"director" | "teacher" | "parent" | "otherTeacher" | "otherParent", TestSocket>;
  let heard: Record<keyof typeof sockets, ReturnType<typeof recorder>>;
  let alertId: string;

  beforeAll(async () => {
    const entries = await Promise.all(
      (
        [
          ["director", director],
          ["teacher", teacher],
          ["parent", parent],
          ["otherTeacher", otherTeacher],
          ["otherParent", otherParent],
        ] as const
      ).map(async ([name, session]) => [name, await connect(url, session)] as const),
    );
    sockets = Object.fromEntries(entries) as typeof sockets;
    heard = Object.fromEntries(entries.map(([name, socket]) => [name, recorder(socket)])) as typeof heard;
  });

  it("refuses an alert without a type or a message with the spec's message, and stores nothing", async () => {
    for (const body of [
      { message: "Smoke" },
      { alert_type: "fire", message: "   " },
      { alert_type: "flood", message: "x" },
    ]) {
      const response = await as(app, director).post("/api/center-director/emergency/alert", body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: EMERGENCY_MESSAGES.required, code: "VALIDATION_ERROR" });
    }
    const unknownArea = await as(app, director).post("/api/center-director/emergency/alert", {
      ...fire,
      affected_areas: ["Roof"],
    });
    expect(unknownArea.statusCode).toBe(400);
    expect(await db.select().from(emergencyAlerts)).toHaveLength(0);
  });

  it("offers the spec's areas and the centre's own classrooms", async () => {
    const response = await as(app, director).get("/api/emergency/areas");
    expect(response.json().areas).toEqual(
      expect.arrayContaining(["Main Entrance", "Parking Lot", "Toddlers", "Kindy"]),
    );
  });

  it("stores, audits and pushes the alert to the centre's staff, and a calm notice to its families only", async () => {
    const response = await as(app, director).post("/api/center-director/emergency/alert", fire);
    expect(response.statusCode).toBe(201);
    const { alert } = response.json();
    alertId = alert.id;
    // Fire always evacuates, and the instructions were filled in for the type.
    expect(alert).toMatchObject({ requires_evacuation: true, instructions: STAFF_INSTRUCTIONS.fire, severity: "high" });

    const staffEvent = await heard.teacher.next<EmergencyAlertEvent>("emergency-alert");
    // Ids and kinds only: the words are fetched through the API, which knows who may read them.
    expect(staffEvent).toMatchObject({ id: alertId, type: "fire", severity: "high" });
    expect(JSON.stringify(staffEvent)).not.toMatch(/Smoke|Ground floor/);
    expect(await heard.director.next("emergency-alert")).toMatchObject({ id: alertId });
    const notice = await heard.parent.next<EmergencyNoticeEvent>("emergency-notice");
    expect(Object.keys(notice).sort()).toEqual(["id", "triggered_at", "type"]);

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, alertId));
    expect(audit).toMatchObject({ action: "emergency.trigger", actorId: director.user.id });

    // The owner now alerts the other centre. Socket.IO keeps each socket's events in order, so
    // if the first alert had reached the other centre's sockets, it would have arrived before this.
    const second = await as(app, owner).post("/api/center-director/emergency/alert", {
      alert_type: "power_outage",
      message: "Power cut across the block",
      center_id: other!.id,
    });
    expect(second.statusCode).toBe(201);
    const secondId = second.json().alert.id;
    expect(await heard.otherTeacher.next("emergency-alert")).toMatchObject({ id: secondId });
    expect(await heard.otherParent.next("emergency-notice")).toMatchObject({ id: secondId });
    expect(heard.otherTeacher.seen.map((entry) => entry.event)).toEqual(["emergency-alert"]);
    expect(heard.otherParent.seen.map((entry) => entry.event)).toEqual(["emergency-notice"]);
    // Families never get the staff event.
    expect(heard.parent.events("emergency-alert")).toEqual([]);
    expect(heard.otherParent.events("emergency-alert")).toEqual([]);
  });

  it("answers the active alerts by role: staff get instructions, parents the notice", async () => {
    const staff = (await as(app, teacher).get("/api/emergency/active")).json();
    expect(staff.alerts.map((alert: { id: string }) => alert.id)).toEqual([alertId]);
    const family = (await as(app, parent).get("/api/emergency/active")).json();
    expect(family.alerts).toEqual([]);
    expect(family.notices).toHaveLength(1);
    expect(JSON.stringify(family)).not.toContain("Smoke in the kitchen");
  });

  it("records acknowledgements once each and shows them to the director live", async () => {
    const first = await as(app, teacher).post(`/api/emergency/alerts/${alertId}/acknowledge`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ acknowledged_by_me: true, acknowledgements: [{ name: "Priya Sharma" }] });
    expect(await heard.director.next("emergency-acknowledged")).toEqual({
      alert_id: alertId,
      user_id: teacher.user.id,
      acknowledged_at: expect.any(String),
    });
    const again = await as(app, teacher).post(`/api/emergency/alerts/${alertId}/acknowledge`);
    expect(again.json().acknowledgements).toHaveLength(1);
    // Families do not acknowledge; another centre's staff do not see the alert at all.
    expect((await as(app, parent).post(`/api/emergency/alerts/${alertId}/acknowledge`)).statusCode).toBe(403);
    expect((await as(app, otherDirector).post(`/api/emergency/alerts/${alertId}/acknowledge`)).statusCode).toBe(404);
  });

  it("lets only the director or owner resolve, pushes the resolution and keeps the timeline", async () => {
    expect(
      (await as(app, teacher).post(`/api/emergency/alerts/${alertId}/resolve`, { resolution_notes: "x" })).statusCode,
    ).toBe(403);
    expect(
      (await as(app, otherDirector).post(`/api/emergency/alerts/${alertId}/resolve`, { resolution_notes: "x" }))
        .statusCode,
    ).toBe(404);
    const blank = await as(app, director).post(`/api/emergency/alerts/${alertId}/resolve`, { resolution_notes: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(EMERGENCY_MESSAGES.resolutionRequired);

    const notes = "False alarm from the toaster; all children back inside";
    const resolved = await as(app, director).post(`/api/emergency/alerts/${alertId}/resolve`, {
      resolution_notes: notes,
    });
    expect(resolved.statusCode).toBe(200);
    expect(await heard.teacher.next("emergency-resolved")).toEqual({ alert_id: alertId });
    expect(await heard.parent.next("emergency-resolved")).toEqual({ alert_id: alertId });
    expect(
      (await as(app, director).post(`/api/emergency/alerts/${alertId}/resolve`, { resolution_notes: notes }))
        .statusCode,
    ).toBe(409);
    expect((await as(app, teacher).post(`/api/emergency/alerts/${alertId}/acknowledge`)).statusCode).toBe(409);

    expect((await as(app, teacher).get("/api/emergency/active")).json().alerts).toEqual([]);
    const past = (await as(app, director).get("/api/emergency/alerts?status=resolved")).json();
    expect(past.pagination).toMatchObject({ total_items: 1, current_page: 1 });
    expect(past.alerts[0]).toMatchObject({
      id: alertId,
      triggered_by: "Sunita Iyer",
      resolved_by: "Sunita Iyer",
      resolution_notes: notes,
      acknowledgements: [{ name: "Priya Sharma" }],
    });
    // The other centre's alert is not in this director's lists.
    expect((await as(app, director).get("/api/emergency/alerts?status=active")).json().alerts).toEqual([]);
    expect((await as(app, director).get(`/api/emergency/alerts?center_id=${other!.id}`)).statusCode).toBe(404);
  });

  it("e-mails every parent of the centre once for a critical alert", async () => {
    // The demo parent reads Sprout in Hindi: their mail comes in Hindi, the others' in English.
    expect((await as(app, parent).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    const response = await as(app, director).post("/api/center-director/emergency/alert", {
      alert_type: "intruder",
      severity: "critical",
      message: "Unknown adult at the gate",
    });
    expect(response.statusCode).toBe(201);
    const expected = await db
      .selectDistinct({ email: sql<string>`lower(${guardians.email})` })
      .from(guardians)
      .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
      .innerJoin(students, eq(students.id, studentGuardians.studentId))
      .where(and(eq(students.centerId, home!.id), ne(students.status, "left"), isNotNull(guardians.email)));
    const sent = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          expected.map((row) => row.email),
        ),
      );
    expect(sent.length).toBe(expected.length);
    expect(sent.map((mail) => mail.to)).toContain("parent@sprout.test");
    const english = sent.find((mail) => mail.to !== "parent@sprout.test")!;
    expect(english.subject).toBe("Important: Intruder at Sprout Koramangala");
    expect(english.text).toContain("Dear parent,");
    const hindi = sent.find((mail) => mail.to === "parent@sprout.test")!;
    expect(hindi.subject).toBe("ज़रूरी सूचना: Sprout Koramangala में घुसपैठिया");
    expect(hindi.text).toContain("प्रिय अभिभावक,");
    expect(hindi.text).toContain("कृपया अपना फ़ोन अपने पास रखें।");
    await db.update(users).set({ language: null }).where(eq(users.id, parent.user.id));
    // No parent of another centre was written to.
    const [otherParentUser] = await db.select().from(users).where(eq(users.email, "parent.andheri@sprout.test"));
    expect(sent.map((mail) => mail.to)).not.toContain(otherParentUser!.email);
  });
});

describe("alerts and their audit entries", () => {
  it("an alert is neither raised nor resolved when its audit entry cannot be written", async () => {
    const countAlerts = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(emergencyAlerts))[0]!.n;
    const before = await countAlerts();
    const activeIds = async () =>
      ((await as(app, teacher).get("/api/emergency/active")).json().alerts as { id: string }[]).map((a) => a.id);
    const activeBefore = await activeIds();
    const undoTrigger = await refuseAuditOf(db, "emergency.trigger");
    const refused = await as(app, director).post("/api/center-director/emergency/alert", fire);
    await undoTrigger();
    expect(refused.statusCode).toBe(500);
    expect(await countAlerts()).toBe(before);
    expect(await activeIds()).toEqual(activeBefore);

    const raised = await as(app, director).post("/api/center-director/emergency/alert", fire);
    expect(raised.statusCode).toBe(201);
    const alertId = raised.json().alert.id as string;
    const undoResolve = await refuseAuditOf(db, "emergency.resolve");
    const notResolved = await as(app, director).post(`/api/emergency/alerts/${alertId}/resolve`, {
      resolution_notes: "All clear",
    });
    await undoResolve();
    expect(notResolved.statusCode).toBe(500);
    expect(await activeIds()).toContain(alertId);
    const resolved = await as(app, director).post(`/api/emergency/alerts/${alertId}/resolve`, {
      resolution_notes: "All clear",
    });
    expect(resolved.statusCode).toBe(200);
    expect(await activeIds()).not.toContain(alertId);
    const entries = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, alertId));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["emergency.resolve", "emergency.trigger"]);
  });
});
