import { INCIDENT_MESSAGES } from "@sprout/shared/schemas/incidents";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { refuseAuditOf } from "../../../test/refuse-audit.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other] = await demoCentres(db);
const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
// A teacher reports for the children of her classrooms (ADR 0046): Aanya and a classmate are in
// the demo teacher's first room, and another child of the centre is in a room she does not teach.
const [teacherRoom] = await db
  .select({ id: classroomTeachers.classroomId })
  .from(classroomTeachers)
  .innerJoin(users, eq(users.id, classroomTeachers.teacherId))
  .where(eq(users.email, DEMO_EMAILS.teacher));
const teacherRooms = (
  await db
    .select({ id: classroomTeachers.classroomId })
    .from(classroomTeachers)
    .innerJoin(users, eq(users.id, classroomTeachers.teacherId))
    .where(eq(users.email, DEMO_EMAILS.teacher))
).map((row) => row.id);
await db.update(students).set({ classroomId: teacherRoom!.id }).where(eq(students.id, aanya!.id));
const classmate = (await childrenOf(db, home!.id)).find(
  (child) => child.lastName !== "Malhotra" && child.classroomId === teacherRoom!.id,
)!;
const otherRoomChild = (await childrenOf(db, home!.id)).find(
  (child) => child.classroomId !== null && !teacherRooms.includes(child.classroomId),
)!;
const otherChild = (await childrenOf(db, other!.id))[0]!;

let director: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;
let otherDirector: SignedIn;
let otherParent: SignedIn;

beforeAll(async () => {
  await createCentreUser(db, other!.id, "center_director", "director.andheri@sprout.test");
  const user = await createCentreUser(db, other!.id, "parent", "parent.andheri@sprout.test");
  const [link] = await db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, otherChild.id));
  await db.update(guardians).set({ userId: user.id }).where(eq(guardians.id, link!.guardianId));
  [director, teacher, parent, otherDirector, otherParent] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, "director.andheri@sprout.test"),
    signIn(app, "parent.andheri@sprout.test"),
  ]);
});

const report = () => ({
  child_ids: [aanya!.id, classmate.id],
  incident_type: "injury",
  occurred_at: new Date(clock.now().getTime() - 2 * 3600_000).toISOString(),
  location: "Playground slide",
  description: "Slipped on the slide ladder and grazed her knee.",
  first_aid: "Cleaned with saline, plaster applied, ice pack for 10 minutes.",
  witnesses: "Ms Priya, Ms Rekha",
  severity: "medium",
});

describe("incident reports", () => {
  let incidentId: string;

  it("refuses incomplete reports with clear messages and stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...report(), child_ids: [] }, INCIDENT_MESSAGES.childrenRequired],
      [{ ...report(), incident_type: undefined }, INCIDENT_MESSAGES.typeRequired],
      [{ ...report(), description: "  " }, INCIDENT_MESSAGES.descriptionRequired],
      [
        { ...report(), occurred_at: new Date(clock.now().getTime() + 86_400_000).toISOString() },
        INCIDENT_MESSAGES.occurredFuture,
      ],
      [{ ...report(), child_ids: [otherChild.id] }, INCIDENT_MESSAGES.childNotInCentre],
      // Date.parse reads 30 February as 2 March; the report must not be filed on another day.
      [{ ...report(), occurred_at: "2026-02-30T10:00" }, INCIDENT_MESSAGES.occurredRequired],
    ];
    for (const [body, message] of cases) {
      const response = await as(app, teacher).post("/api/incidents", body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect((await as(app, director).get("/api/incidents")).json().pagination.total_items).toBe(0);
  });

  it("lets a teacher report for children of the centre and tells the centre's staff at once", async () => {
    const directorSocket = recorder(await connect(url, director));
    const response = await as(app, teacher).post("/api/incidents", report());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    incidentId = body.id;
    expect(body).toMatchObject({ status: "open", reported_by: "Priya Sharma", parents_notified_at: null });
    expect(body.children.map((child: { id: string }) => child.id).sort()).toEqual([aanya!.id, classmate.id].sort());
    // The report's id only: what it says is read through the API by those who may.
    expect(await directorSocket.next("new-incident")).toEqual({ id: incidentId });
  });

  it("hides a centre's reports from another centre", async () => {
    expect((await as(app, otherDirector).get(`/api/incidents/${incidentId}`)).statusCode).toBe(404);
    expect((await as(app, otherDirector).get("/api/incidents")).json().incidents).toEqual([]);
    expect(
      (await as(app, otherDirector).post(`/api/incidents/${incidentId}/resolve`, { resolution_notes: "x" })).statusCode,
    ).toBe(404);
  });

  it("attaches photos re-encoded without their metadata, and refuses other files", async () => {
    const withExif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Somebody", ImageDescription: "GPS here" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const upload = (content: Buffer, name: string) => {
      const form = new FormData();
      form.append("photo", new Blob([new Uint8Array(content)]), name);
      const request = new Request("http://x", { method: "POST", body: form });
      return request.arrayBuffer().then((payload) =>
        app.inject({
          method: "POST",
          url: `/api/incidents/${incidentId}/photos`,
          headers: { ...teacher.headers, "content-type": request.headers.get("content-type")! },
          payload: Buffer.from(payload),
        }),
      );
    };
    const added = await upload(withExif, "knee.jpg");
    expect(added.statusCode).toBe(201);
    const [photo] = added.json().photos;
    const stored = await app.inject({ method: "GET", url: photo.url, headers: director.headers });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    const pdf = await upload(Buffer.from("%PDF-1.4 not a photo"), "report.pdf");
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toBe(INCIDENT_MESSAGES.photoType);
  });

  it("lists with filters and paging, and counts this month, pending and critical", async () => {
    const critical = await as(app, director).post("/api/incidents", {
      ...report(),
      child_ids: [classmate.id],
      incident_type: "illness",
      severity: "critical",
      occurred_at: new Date(clock.now().getTime() - 40 * 86_400_000).toISOString(),
    });
    expect(critical.statusCode).toBe(201);
    const list = (query: string) =>
      as(app, director)
        .get(`/api/incidents?${query}`)
        .then((response) => response.json());
    expect((await list("")).pagination.total_items).toBe(2);
    expect((await list("severity=critical")).incidents.map((item: { id: string }) => item.id)).toEqual([
      critical.json().id,
    ]);
    expect((await list(`child_id=${aanya!.id}`)).incidents.map((item: { id: string }) => item.id)).toEqual([
      incidentId,
    ]);
    expect((await list("from=2026-11-01&to=2026-11-30")).pagination.total_items).toBe(1);
    const firstPage = await list("limit=5&page=1");
    expect(firstPage.incidents[0].id).toBe(incidentId);
    expect((await as(app, director).get("/api/incidents?limit=500")).statusCode).toBe(400);
    expect((await as(app, director).get("/api/incidents/counts")).json()).toEqual({
      this_month: 1,
      pending: 2,
      critical: 1,
    });
    expect((await as(app, teacher).get("/api/incidents/counts")).statusCode).toBe(403);
  });

  it("keeps a report and audits a correction, with its reason in the history", async () => {
    const corrected = await as(app, director).put(`/api/incidents/${incidentId}`, {
      ...report(),
      child_ids: [aanya!.id],
      location: "Playground climbing frame",
      correction_reason: "Wrong equipment named",
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().location).toBe("Playground climbing frame");
    expect(corrected.json().history.map((event: { action: string }) => event.action)).toEqual([
      "reported",
      "photo_added",
      "corrected",
    ]);
    expect(corrected.json().history[2].note).toBe("Wrong equipment named");
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, incidentId), eq(auditLog.action, "incident.corrected")));
    expect(audit!.before).toMatchObject({ location: "Playground slide" });
    expect(
      (await as(app, teacher).put(`/api/incidents/${incidentId}`, { ...report(), correction_reason: "x" })).statusCode,
    ).toBe(403);
    // Put the classmate back for the parent checks below.
    await as(app, director).put(`/api/incidents/${incidentId}`, {
      ...report(),
      correction_reason: "Both children were involved",
    });
  });

  it("shows the report to the involved child's parent only after notifying, without other children", async () => {
    expect((await as(app, parent).get("/api/parents/incidents")).json().incidents).toEqual([]);
    const parentSocket = recorder(await connect(url, parent));
    const notified = await as(app, director).post(`/api/incidents/${incidentId}/notify-parents`);
    expect(notified.statusCode).toBe(200);
    expect(notified.json().parents_notified_at).not.toBeNull();
    expect(await parentSocket.next("incident-report")).toEqual({ id: incidentId });

    const page = (await as(app, parent).get("/api/parents/incidents")).json();
    expect(page.incidents).toHaveLength(1);
    const [mine] = page.incidents;
    expect(mine.children.map((child: { name: string }) => child.name)).toEqual(["Aanya Malhotra"]);
    expect(JSON.stringify(page)).not.toContain(classmate.firstName);
    expect(mine).not.toHaveProperty("witnesses");
    expect(mine.acknowledged_at).toBeNull();
    const photo = await app.inject({ method: "GET", url: mine.photos[0].url, headers: parent.headers });
    expect(photo.statusCode).toBe(200);

    expect((await as(app, otherParent).get("/api/parents/incidents")).json().incidents).toEqual([]);
    expect((await as(app, otherParent).post(`/api/parents/incidents/${incidentId}/acknowledge`)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: mine.photos[0].url, headers: otherParent.headers })).statusCode,
    ).toBe(404);

    const acknowledged = await as(app, parent).post(`/api/parents/incidents/${incidentId}/acknowledge`);
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().acknowledged_at).not.toBeNull();
    const staffView = (await as(app, director).get(`/api/incidents/${incidentId}`)).json();
    expect(staffView.parent_acknowledgements).toEqual([{ name: "Vikram Malhotra", at: expect.any(String) }]);
  });

  it("lets only the director or owner resolve, once", async () => {
    expect(
      (await as(app, teacher).post(`/api/incidents/${incidentId}/resolve`, { resolution_notes: "Healed" })).statusCode,
    ).toBe(403);
    const blank = await as(app, director).post(`/api/incidents/${incidentId}/resolve`, { resolution_notes: "" });
    expect(blank.json().error).toBe(INCIDENT_MESSAGES.resolutionRequired);
    const resolved = await as(app, director).post(`/api/incidents/${incidentId}/resolve`, {
      resolution_notes: "Healed well",
    });
    expect(resolved.json()).toMatchObject({
      status: "resolved",
      resolved_by: "Sunita Iyer",
      resolution_notes: "Healed well",
    });
    expect(
      (await as(app, director).post(`/api/incidents/${incidentId}/resolve`, { resolution_notes: "Again" })).statusCode,
    ).toBe(409);
    expect((await as(app, director).get("/api/incidents/counts")).json()).toMatchObject({ pending: 1 });
  });
});

describe("incident changes and their audit entries", () => {
  /** Calls with the audit log refusing `action`; the change must not stay either. */
  async function refused(action: string, call: () => Promise<{ statusCode: number }>) {
    const undo = await refuseAuditOf(db, action);
    try {
      expect((await call()).statusCode).toBe(500);
    } finally {
      await undo();
    }
  }

  it("notifying, acknowledging and resolving each roll back when their audit entry fails", async () => {
    const created = await as(app, director).post("/api/incidents", report());
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;

    await refused("incident.parents_notified", () => as(app, director).post(`/api/incidents/${id}/notify-parents`));
    expect((await as(app, director).get(`/api/incidents/${id}`)).json().parents_notified_at).toBeNull();
    expect((await as(app, director).post(`/api/incidents/${id}/notify-parents`)).statusCode).toBe(200);

    await refused("incident.parent_acknowledged", () =>
      as(app, parent).post(`/api/parents/incidents/${id}/acknowledge`),
    );
    expect((await as(app, director).get(`/api/incidents/${id}`)).json().parent_acknowledgements).toEqual([]);
    expect((await as(app, parent).post(`/api/parents/incidents/${id}/acknowledge`)).statusCode).toBe(200);

    await refused("incident.resolved", () =>
      as(app, director).post(`/api/incidents/${id}/resolve`, { resolution_notes: "Healed" }),
    );
    expect((await as(app, director).get(`/api/incidents/${id}`)).json().status).not.toBe("resolved");
    const resolved = await as(app, director).post(`/api/incidents/${id}/resolve`, { resolution_notes: "Healed" });
    expect(resolved.json().status).toBe("resolved");
  });
});

describe("a teacher's reports (ADR 0046)", () => {
  it("a teacher reports, reads and lists only what concerns the children of her classrooms", async () => {
    const otherRoom = await as(app, teacher).post("/api/incidents", { ...report(), child_ids: [otherRoomChild.id] });
    expect(otherRoom.statusCode, otherRoom.body).toBe(404);
    const options = (await as(app, teacher).get("/api/incidents/children")).json();
    expect(options.length).toBeGreaterThan(0);
    expect(options.map((child: { id: string }) => child.id)).not.toContain(otherRoomChild.id);
    // A report the director files about another room's child is not the teacher's to read.
    const theirs = await as(app, director).post("/api/incidents", { ...report(), child_ids: [otherRoomChild.id] });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await as(app, teacher).get(`/api/incidents/${theirs.json().id}`)).statusCode).toBe(404);
    const own = await as(app, teacher).post("/api/incidents", report());
    expect(own.statusCode, own.body).toBe(201);
    const listed = (await as(app, teacher).get("/api/incidents")).json().incidents.map((row: { id: string }) => row.id);
    expect(listed).toContain(own.json().id);
    expect(listed).not.toContain(theirs.json().id);
    expect((await as(app, director).get(`/api/incidents/${theirs.json().id}`)).statusCode).toBe(200);
  });
});
