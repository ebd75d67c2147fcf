import { ASSESSMENT_MESSAGES as M } from "@sprout/shared/schemas/development/assessments";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app, database } = await createTestApp();
const db = database.db;

const coordinator = as(app, await signIn(app, DEMO_EMAILS.academic_coordinator));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));

const [me] = await query<{ home: string }>(
  db,
  "select center_id as home from users where email = 'coordinator@sprout.test'",
);
const home = me!.home;
const teacherRooms = (
  await query<{ id: string }>(
    db,
    `select ct.classroom_id as id from classroom_teachers ct join users u on u.id = ct.teacher_id
     where u.email = 'teacher@sprout.test' order by ct.classroom_id`,
  )
).map((row) => row.id);
const [otherRoom] = await query<{ id: string; name: string }>(
  db,
  `select id, name from classrooms where center_id = '${home}'
   and id not in (${teacherRooms.map((id) => `'${id}'`).join(", ")}) order by name limit 1`,
);
const [foreignRoom] = await query<{ id: string; center_id: string }>(
  db,
  `select id, center_id from classrooms where center_id <> '${home}' order by name limit 1`,
);
const termCount = async () =>
  Number((await query<{ n: string }>(db, "select count(*) as n from assessment_terms"))[0]!.n);

const valid = {
  center_id: home,
  name: "Monsoon term 2026",
  starts_on: "2026-07-01",
  ends_on: "2026-09-30",
  classroom_ids: [teacherRooms[0]!, otherRoom!.id],
};

describe("opening a term", () => {
  it("refuses bad input and changes nothing", async () => {
    const before = await termCount();
    const backwards = await coordinator.post("/api/development/terms", { ...valid, ends_on: "2026-06-30" });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe(M.termDates);
    const sameDay = await coordinator.post("/api/development/terms", { ...valid, ends_on: valid.starts_on });
    expect(sameDay.statusCode).toBe(400);
    expect((await coordinator.post("/api/development/terms", { ...valid, classroom_ids: [] })).statusCode).toBe(400);
    expect((await coordinator.post("/api/development/terms", { ...valid, name: "  " })).statusCode).toBe(400);
    expect((await coordinator.post("/api/development/terms", { ...valid, starts_on: "2026-02-30" })).statusCode).toBe(
      400,
    );
    const otherCentreRoom = await coordinator.post("/api/development/terms", {
      ...valid,
      classroom_ids: [teacherRooms[0]!, foreignRoom!.id],
    });
    expect(otherCentreRoom.statusCode).toBe(400);
    expect(otherCentreRoom.json().error).toBe(M.classroomNotInCentre);
    expect(await termCount()).toBe(before);
  });

  it("opens a term with the centre's framework, audited; a second of the same name is 409", async () => {
    const opened = await coordinator.post("/api/development/terms", valid);
    expect(opened.statusCode, opened.body).toBe(201);
    const term = opened.json();
    expect(term).toMatchObject({
      name: valid.name,
      starts_on: "2026-07-01",
      ends_on: "2026-09-30",
      framework_key: "ncf-fs-2022",
      framework_name: "NCF-FS 2022",
      can_edit: true,
      can_publish: true,
    });
    expect(term.classrooms.map((room: { id: string }) => room.id).sort()).toEqual(valid.classroom_ids.sort());
    const audit = await query<{ after: { name: string } }>(
      db,
      `select after from audit_log where action = 'assessment_term.opened' and entity_id = '${term.id}'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.name).toBe(valid.name);
    const again = await director.post("/api/development/terms", { ...valid, name: "MONSOON term 2026" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(M.termNameTaken);
  });

  it("only the roles that open terms may, and a parent reads none", async () => {
    expect((await teacher.post("/api/development/terms", { ...valid, name: "Teacher's term" })).statusCode).toBe(403);
    expect((await parent.post("/api/development/terms", { ...valid, name: "Parent's term" })).statusCode).toBe(403);
    expect((await parent.get("/api/development/terms")).statusCode).toBe(403);
  });
});

describe("reading and changing terms", () => {
  it("a teacher sees only terms covering her classrooms, and only her classrooms of them", async () => {
    const own = (await coordinator.post("/api/development/terms", { ...valid, name: "Rooms A" })).json();
    const notHers = (
      await coordinator.post("/api/development/terms", { ...valid, name: "Rooms B", classroom_ids: [otherRoom!.id] })
    ).json();
    const list = await teacher.get(`/api/development/terms?center_id=${home}&limit=100`);
    expect(list.statusCode).toBe(200);
    const names = list.json().terms.map((term: { name: string }) => term.name);
    expect(names).toContain("Rooms A");
    expect(names).not.toContain("Rooms B");
    const seen = (await teacher.get(`/api/development/terms/${own.id}`)).json();
    expect(seen.classrooms.map((room: { id: string }) => room.id)).toEqual([teacherRooms[0]]);
    expect(seen.can_edit).toBe(false);
    expect((await teacher.get(`/api/development/terms/${notHers.id}`)).statusCode).toBe(404);
    const all = (await coordinator.get(`/api/development/terms?limit=100`)).json();
    expect(all.terms.map((term: { name: string }) => term.name)).toEqual(
      expect.arrayContaining(["Rooms A", "Rooms B"]),
    );
    expect(all.pagination.total).toBeGreaterThanOrEqual(3);
  });

  it("pages the list", async () => {
    const first = (await coordinator.get("/api/development/terms?limit=1&page=1")).json();
    const second = (await coordinator.get("/api/development/terms?limit=1&page=2")).json();
    expect(first.terms).toHaveLength(1);
    expect(second.terms).toHaveLength(1);
    expect(first.terms[0].id).not.toBe(second.terms[0].id);
    expect(first.pagination.totalPages).toBe(first.pagination.total);
  });

  it("changes name, dates and classrooms (audited); bad dates change nothing", async () => {
    const term = (await coordinator.post("/api/development/terms", { ...valid, name: "To change" })).json();
    const changed = await coordinator.patch(`/api/development/terms/${term.id}`, {
      name: "Changed",
      ends_on: "2026-10-15",
      classroom_ids: [otherRoom!.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: "Changed", ends_on: "2026-10-15" });
    expect(changed.json().classrooms).toEqual([{ id: otherRoom!.id, name: otherRoom!.name }]);
    const bad = await coordinator.patch(`/api/development/terms/${term.id}`, { ends_on: "2026-06-01" });
    expect(bad.statusCode).toBe(400);
    expect((await coordinator.get(`/api/development/terms/${term.id}`)).json().ends_on).toBe("2026-10-15");
    const audit = await query<{ before: { name: string }; after: { name: string } }>(
      db,
      `select before, after from audit_log where action = 'assessment_term.changed' and entity_id = '${term.id}'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { name: "To change" }, after: { name: "Changed" } });
    expect((await teacher.patch(`/api/development/terms/${term.id}`, { name: "Mine" })).statusCode).toBe(403);
  });

  it("another centre's term is not found", async () => {
    const [row] = await query<{ id: string }>(
      db,
      `insert into assessment_terms (center_id, name, starts_on, ends_on, framework_key, created_at)
       values ('${foreignRoom!.center_id}', 'Elsewhere', '2026-07-01', '2026-09-30', 'ncf-fs-2022', now()) returning id`,
    );
    // The demo coordinator works at one centre: another is outside her scope.
    expect((await coordinator.get(`/api/development/terms/${row!.id}`)).statusCode).toBe(404);
    expect((await coordinator.patch(`/api/development/terms/${row!.id}`, { name: "Mine" })).statusCode).toBe(404);
    const list = (await coordinator.get("/api/development/terms?limit=100")).json();
    expect(list.terms.map((term: { name: string }) => term.name)).not.toContain("Elsewhere");
  });
});
