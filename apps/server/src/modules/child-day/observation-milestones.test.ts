import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CENTRE_MILESTONES_MAX, CHILD_DAY_MESSAGES, MILESTONE_SOURCE } from "@sprout/shared/schemas/child-day";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { PNG } from "../../../test/matrix.ts";
import { centreMilestones, observationAttachments, observationLogs } from "../../db/schema/child-day.ts";
import { classroomTeachers, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import { createFileStore } from "../../files/store.ts";

const folder = await mkdtemp(path.join(tmpdir(), "sprout-observations-"));
const { app, database } = await createTestApp({ files: createFileStore(folder) });
const db = database.db;
const [home, other] = await demoCentres(db);
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru

const coordinator = as(app, await signIn(app, DEMO_EMAILS.academic_coordinator));
const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const teacher = as(app, teacherSession);
const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const [room] = await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id));
const [child] = await db
  .select({ id: students.id })
  .from(students)
  .where(and(eq(students.classroomId, room!.classroomId), ne(students.status, "left")));
const [foreignChild] = await db
  .select({ id: students.id })
  .from(students)
  .where(and(eq(students.centerId, other!.id), ne(students.status, "left")));
const foreignCoordinatorUser = await createCentreUser(
  db,
  other!.id,
  "academic_coordinator",
  "milestones.elsewhere@sprout.test",
);
const foreignSession = await signIn(app, foreignCoordinatorUser.email);
const foreignCoordinator = as(app, foreignSession);

const form = (fields: Record<string, string>, files: { name: string; content: Buffer }[] = []) => {
  const chunks: Buffer[] = Object.entries(fields).map((entry) =>
    Buffer.from(`--sprout\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`),
  );
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--sprout\r\nContent-Disposition: form-data; name="attachments"; filename="${file.name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from("--sprout--\r\n"));
  return Buffer.concat(chunks);
};
const send = (session: SignedIn, method: "POST" | "PUT", url: string, body: Buffer) =>
  app.inject({
    method,
    url,
    headers: { ...session.headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: body,
  });
const listOf = async (caller: typeof teacher, centerId: string) =>
  (await caller.get(`/api/observation-logs/milestones?center_id=${centerId}`)).json();

describe("a centre's milestone list", () => {
  it("a coordinator adds a milestone; a teacher picks it and the log keeps its source after it leaves the list", async () => {
    const added = await coordinator.post("/api/observation-logs/milestones", {
      center_id: home!.id,
      name: "Counts to ten",
      area: "Mathematics",
      source: "Centre's own",
    });
    expect(added.statusCode, added.body).toBe(201);

    const list = await listOf(teacher, home!.id);
    expect(list.can_manage).toBe(false);
    expect(list.milestones.slice(0, 7).every((item: { source: string }) => item.source === MILESTONE_SOURCE)).toBe(
      true,
    );
    expect(list.milestones).toContainEqual({
      id: added.json().id,
      name: "Counts to ten",
      area: "Mathematics",
      source: "Centre's own",
      built_in: false,
    });

    const created = await send(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form({ child_id: child!.id, date: TODAY, milestone: "counts to ten", notes: "Counted the blocks" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ milestone: "Counts to ten", milestone_source: "Centre's own" });
    const framework = await send(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form({ child_id: child!.id, date: TODAY, milestone: "Literacy" }),
    );
    expect(framework.json().milestone_source).toBe(MILESTONE_SOURCE);

    expect((await coordinator.delete(`/api/observation-logs/milestones/${added.json().id}`)).statusCode).toBe(204);
    expect((await listOf(teacher, home!.id)).milestones.map((item: { name: string }) => item.name)).not.toContain(
      "Counts to ten",
    );
    // Saving the log again after the milestone left the list keeps the source it was written with.
    const edited = await send(
      teacherSession,
      "PUT",
      `/api/observation-logs/${created.json().id}`,
      form({ child_id: child!.id, date: TODAY, milestone: "Counts to ten", notes: "Counted to twelve" }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ milestone_source: "Centre's own", notes: "Counted to twelve" });
  });

  it("refuses a milestone without a source, outside the framework's areas, twice, or from a teacher", async () => {
    const base = {
      center_id: home!.id,
      name: "Hops on one foot",
      area: "Physical development",
      source: "Centre's own",
    };
    const noSource = await coordinator.post("/api/observation-logs/milestones", { ...base, source: " " });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().error).toBe(CHILD_DAY_MESSAGES.milestoneSourceRequired);
    const noName = await coordinator.post("/api/observation-logs/milestones", { ...base, name: "" });
    expect(noName.json().error).toBe(CHILD_DAY_MESSAGES.milestoneNameRequired);
    const badArea = await coordinator.post("/api/observation-logs/milestones", { ...base, area: "Astrophysics" });
    expect(badArea.statusCode).toBe(400);
    expect(badArea.json().error).toBe(CHILD_DAY_MESSAGES.milestoneAreaUnknown);
    expect((await coordinator.post("/api/observation-logs/milestones", base)).statusCode).toBe(201);
    const again = await coordinator.post("/api/observation-logs/milestones", { ...base, name: "hops ON one foot" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CHILD_DAY_MESSAGES.milestoneDuplicate);
    const builtIn = await coordinator.post("/api/observation-logs/milestones", { ...base, name: "Literacy" });
    expect(builtIn.statusCode).toBe(409);
    expect((await teacher.post("/api/observation-logs/milestones", { ...base, name: "Claps" })).statusCode).toBe(403);
    const names = (await listOf(coordinator, home!.id)).milestones.map((item: { name: string }) => item.name);
    expect(names.filter((name: string) => name.toLowerCase() === "hops on one foot")).toHaveLength(1);
    expect(names).not.toContain("Claps");
  });

  it("another centre neither sees, removes, extends nor uses this centre's milestones", async () => {
    const added = (
      await coordinator.post("/api/observation-logs/milestones", {
        center_id: home!.id,
        name: "Builds a tower of six",
        source: "Centre's own",
      })
    ).json();
    expect((await foreignCoordinator.get(`/api/observation-logs/milestones?center_id=${home!.id}`)).statusCode).toBe(
      404,
    );
    expect((await foreignCoordinator.delete(`/api/observation-logs/milestones/${added.id}`)).statusCode).toBe(404);
    const intrude = await foreignCoordinator.post("/api/observation-logs/milestones", {
      center_id: home!.id,
      name: "Intruder",
      source: "Elsewhere",
    });
    expect(intrude.statusCode).toBe(404);
    const theirs = await listOf(foreignCoordinator, other!.id);
    expect(theirs.can_manage).toBe(true);
    expect(theirs.milestones.map((item: { name: string }) => item.name)).not.toContain("Builds a tower of six");
    // Typed by hand there, the name is the teacher's own words: no source from this centre's list.
    const used = await send(
      foreignSession,
      "POST",
      "/api/observation-logs",
      form({ child_id: foreignChild!.id, date: TODAY, milestone: "Builds a tower of six" }),
    );
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().milestone_source).toBe("");
    expect((await listOf(coordinator, home!.id)).milestones.map((item: { name: string }) => item.name)).toContain(
      "Builds a tower of six",
    );
  });
});

describe("the limit of a centre's own milestones", () => {
  it("holds when many are added at once, and the same name twice at once is one milestone", async () => {
    const own = async () =>
      (await db.select().from(centreMilestones).where(eq(centreMilestones.centerId, other!.id))).length;
    // Fill the other centre to five short of the limit, then send twenty at once.
    const before = await own();
    await db.insert(centreMilestones).values(
      Array.from({ length: CENTRE_MILESTONES_MAX - 5 - before }, (_, index) => ({
        centerId: other!.id,
        name: `Filled ${index}`,
        source: "Centre's own",
        createdAt: new Date("2026-11-19T05:00:00Z"),
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        foreignCoordinator.post("/api/observation-logs/milestones", {
          center_id: other!.id,
          name: `At once ${index}`,
          source: "Centre's own",
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBe(5);
    expect(answers.filter((answer) => answer.statusCode === 400).length).toBe(15);
    expect(await own()).toBe(CENTRE_MILESTONES_MAX);

    await db.delete(centreMilestones).where(eq(centreMilestones.centerId, other!.id));
    const twice = await Promise.all(
      [1, 2, 3].map(() =>
        foreignCoordinator.post("/api/observation-logs/milestones", {
          center_id: other!.id,
          name: "Claps a rhythm",
          source: "Centre's own",
        }),
      ),
    );
    expect(twice.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await own()).toBe(1);
  });
});

describe("editing a log's attachments", () => {
  it("removes an attachment and adds another in one save; the removed file is deleted", async () => {
    const created = await send(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form({ child_id: child!.id, date: TODAY, notes: "Painting" }, [{ name: "paint.png", content: PNG }]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const log = created.json();
    const [stored] = await db.select().from(observationAttachments).where(eq(observationAttachments.logId, log.id));
    expect(await readdir(folder)).toContain(stored!.storedName);

    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const unknown = await send(
      teacherSession,
      "PUT",
      `/api/observation-logs/${log.id}`,
      form({ child_id: child!.id, date: TODAY, notes: "Changed?", remove_attachments: "not-an-id" }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(CHILD_DAY_MESSAGES.attachmentUnknown);
    const [untouched] = await db.select().from(observationLogs).where(eq(observationLogs.id, log.id));
    expect(untouched!.notes).toBe("Painting");

    const edited = await send(
      teacherSession,
      "PUT",
      `/api/observation-logs/${log.id}`,
      form({ child_id: child!.id, date: TODAY, notes: "Painting, with the report", remove_attachments: stored!.id }, [
        { name: "report.pdf", content: pdf },
      ]),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().attachments).toMatchObject([{ name: "report.pdf", mime_type: "application/pdf" }]);
    expect((await teacher.get(log.attachments[0].url)).statusCode).toBe(404);
    expect(await readdir(folder)).not.toContain(stored!.storedName);
  });
});
