import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoIds } from "../../../test/demo-ids.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { multipartBody } from "../../../test/matrix.ts";
import { observationLogs } from "../../db/schema/child-day.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { lessonPlanCompetencies, observationCompetencies } from "../../db/schema/development.ts";
import { users } from "../../db/schema/users.ts";
import { createFileStore } from "../../files/store.ts";

const folder = await mkdtemp(path.join(tmpdir(), "sprout-tagging-"));
const { app, database } = await createTestApp({ files: createFileStore(folder) });
const db = database.db;
const ids = await demoIds(db);
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const teacher = as(app, teacherSession);
const coordinator = as(app, await signIn(app, DEMO_EMAILS.academic_coordinator));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));

// The parent's own child is in the demo teacher's classroom; another family's child of the same centre.
const child = ids.parentChild;
const [parentUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAILS.parent));
const own = db
  .select({ id: studentGuardians.studentId })
  .from(studentGuardians)
  .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
  .where(eq(guardians.userId, parentUser!.id));
const [otherFamily] = await db
  .select({ id: students.id })
  .from(students)
  .where(and(eq(students.centerId, ids.homeCentre), notInArray(students.id, own)))
  .limit(1);

const send = (session: SignedIn, method: "POST" | "PUT", url: string, fields: Record<string, string>) =>
  app.inject({
    method,
    url,
    headers: { ...session.headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: multipartBody({ fields }),
  });
const codes = (body: { competencies: { code: string }[] }) => body.competencies.map((tag) => tag.code);
const logCount = async () => (await db.select({ total: count() }).from(observationLogs))[0]!.total;

describe("observations tagged with competencies", () => {
  let logId = "";

  it("a teacher tags a log as she writes it; the answer names each competency and its domain", async () => {
    const created = await send(teacherSession, "POST", "/api/observation-logs", {
      child_id: child,
      date: TODAY,
      notes: "Walked along the balance beam and helped a friend down",
      competencies: "C-3.2, C-4.4,C-3.2",
    });
    expect(created.statusCode, created.body).toBe(201);
    logId = created.json().id;
    expect(created.json().competencies).toEqual([
      {
        framework_key: "ncf-fs-2022",
        code: "C-3.2",
        text: expect.stringMatching(/^Shows balance, coordination/),
        domain_code: "PD",
        domain_name: "Physical Development",
      },
      expect.objectContaining({ code: "C-4.4", domain_code: "SED" }),
    ]);
    // A log written without tags stays valid.
    const plain = await send(teacherSession, "POST", "/api/observation-logs", {
      child_id: child,
      date: TODAY,
      notes: "Napped well",
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().competencies).toEqual([]);
  });

  it("edits the tags later; an edit that leaves them out keeps them", async () => {
    const edited = await send(teacherSession, "PUT", `/api/observation-logs/${logId}`, {
      child_id: child,
      date: TODAY,
      notes: "Walked along the balance beam and told the class about it",
      competencies: "C-3.2,C-9.1",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(codes(edited.json())).toEqual(["C-3.2", "C-9.1"]);
    const kept = await send(teacherSession, "PUT", `/api/observation-logs/${logId}`, {
      child_id: child,
      date: TODAY,
      notes: "Walked along the balance beam",
    });
    expect(codes(kept.json())).toEqual(["C-3.2", "C-9.1"]);
  });

  it("filters a child's logs by domain and by competency", async () => {
    type Log = { id: string; child_id: string; competencies: { code: string; domain_code: string }[] };
    const list = async (query: string) => {
      const answer = await teacher.get(`/api/observation-logs?child_id=${child}&limit=50&${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().logs as Log[];
    };
    const all = await list("");
    // The demo's own logs of the child are tagged too; some are left without tags.
    expect(all.map((log) => log.id)).toContain(logId);
    for (const [query, keep] of [
      ["domain=PD", (log: Log) => log.competencies.some((tag) => tag.domain_code === "PD")],
      ["domain=LLD", (log: Log) => log.competencies.some((tag) => tag.domain_code === "LLD")],
      ["domain=SED", (log: Log) => log.competencies.some((tag) => tag.domain_code === "SED")],
      ["competency=C-9.1", (log: Log) => log.competencies.some((tag) => tag.code === "C-9.1")],
      ["competency=C-4.4", (log: Log) => log.competencies.some((tag) => tag.code === "C-4.4")],
    ] as const) {
      const filtered = await list(query);
      expect(
        filtered.map((log) => log.id),
        query,
      ).toEqual(all.filter(keep).map((log) => log.id));
      expect(filtered.every((log) => log.child_id === child)).toBe(true);
    }
    expect((await list("domain=PD")).map((log) => log.id)).toContain(logId);
    expect((await list("domain=SED")).map((log) => log.id)).not.toContain(logId);
    expect((await list("competency=C-9.1")).map((log) => log.id)).toContain(logId);
    expect((await list("domain=XYZ")).length).toBe(0);
    expect(all.some((log) => log.competencies.length === 0)).toBe(true);
  });

  it("refuses an unknown code with 400 naming it, and writes nothing", async () => {
    const logs = await logCount();
    const tags = await db.select().from(observationCompetencies);
    const refused = await send(teacherSession, "POST", "/api/observation-logs", {
      child_id: child,
      date: TODAY,
      notes: "Sang a song",
      competencies: "C-3.2,C-99.9",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain("C-99.9");
    const edit = await send(teacherSession, "PUT", `/api/observation-logs/${logId}`, {
      child_id: child,
      date: TODAY,
      notes: "Changed",
      competencies: "CG-3",
    });
    expect(edit.statusCode).toBe(400);
    expect(await logCount()).toBe(logs);
    expect(await db.select().from(observationCompetencies)).toEqual(tags);
    const [log] = await db.select().from(observationLogs).where(eq(observationLogs.id, logId));
    expect(log!.notes).toBe("Walked along the balance beam");
  });

  it("keeps another classroom's logs from a teacher and another family's from a parent (404)", async () => {
    expect((await teacher.get(`/api/observation-logs?child_id=${ids.otherRoomStudent}&domain=PD`)).statusCode).toBe(
      404,
    );
    const tagging = await send(teacherSession, "POST", "/api/observation-logs", {
      child_id: ids.otherRoomStudent,
      date: TODAY,
      competencies: "C-3.2",
    });
    expect(tagging.statusCode).toBe(404);
    expect((await parent.get(`/api/observation-logs?child_id=${otherFamily!.id}`)).statusCode).toBe(404);
  });

  it("a parent sees the tags on their own child's logs", async () => {
    const read = await parent.get(`/api/observation-logs?child_id=${child}&competency=C-9.1&limit=50`);
    expect(read.statusCode, read.body).toBe(200);
    const mine = read.json().logs.find((log: { id: string }) => log.id === logId);
    expect(codes(mine)).toEqual(["C-3.2", "C-9.1"]);
    // Deleting the log takes its tags with it.
    expect((await teacher.delete(`/api/observation-logs/${logId}`)).statusCode).toBe(204);
    expect(await db.select().from(observationCompetencies).where(eq(observationCompetencies.logId, logId))).toEqual([]);
  });
});

describe("lesson plans tagged with competencies", () => {
  it("a coordinator tags a plan; the list filters by competency; an unknown code is 400", async () => {
    const plan = {
      topic: "Balancing games",
      date: "2026-11-24",
      classroom_id: ids.teacherClassroom,
      activities: ["Walk the line", "Statues"],
      competencies: ["C-3.2", "C-3.1"],
    };
    const created = await coordinator.post("/api/lesson-plans", plan);
    expect(created.statusCode, created.body).toBe(201);
    expect(codes(created.json())).toEqual(["C-3.1", "C-3.2"]);
    const id = created.json().id;
    const filtered = await teacher.get("/api/lesson-plans?competency=C-3.2");
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().lesson_plans.map((entry: { id: string }) => entry.id)).toContain(id);
    expect(
      filtered
        .json()
        .lesson_plans.every((entry: { competencies: { code: string }[] }) =>
          entry.competencies.some((tag) => tag.code === "C-3.2"),
        ),
    ).toBe(true);
    const edited = await coordinator.put(`/api/lesson-plans/${id}`, { ...plan, competencies: ["C-9.2"] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(codes(edited.json())).toEqual(["C-9.2"]);
    expect(
      (await teacher.get("/api/lesson-plans?competency=C-3.2")).json().lesson_plans.map((e: { id: string }) => e.id),
    ).not.toContain(id);
    const before = await db.select().from(lessonPlanCompetencies);
    const refused = await coordinator.put(`/api/lesson-plans/${id}`, { ...plan, competencies: ["C-0.0"] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain("C-0.0");
    expect(await db.select().from(lessonPlanCompetencies)).toEqual(before);
  });
});
