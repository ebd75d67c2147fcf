import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { draft, openTerm, publish } from "../../../test/development-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { lessonPlanCompetencies } from "../../db/schema/development.ts";
import { lessonPlans } from "../../db/schema/lesson-plans.ts";
import { lowerMedian } from "./progress.ts";

const { app, database } = await createTestApp();
const db = database.db;

// The demo terms (modules/development/demo-seed.ts) make way for this file's own, whose every
// level the assertions know.
await query(db, "delete from assessment_terms");
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const coordinator = as(app, await signIn(app, DEMO_EMAILS.academic_coordinator));

const [room] = await query<{ id: string; center_id: string }>(
  db,
  `select c.id, c.center_id from classrooms c join classroom_teachers ct on ct.classroom_id = c.id
   join users t on t.id = ct.teacher_id where t.email = 'teacher@sprout.test' order by c.name limit 1`,
);
const [mine] = await query<{ id: string }>(
  db,
  `select s.id from students s join student_guardians sg on sg.student_id = s.id join guardians g on g.id = sg.guardian_id
   join users u on u.id = g.user_id where u.email = 'parent@sprout.test' and s.class_id = '${room!.id}' limit 1`,
);
const others = await query<{ id: string }>(
  db,
  `select id from students where class_id = '${room!.id}' and status = 'active' and id <> '${mine!.id}'
   order by first_name limit 3`,
);
const [otherRoom] = await query<{ id: string; class_id: string }>(
  db,
  `select id, class_id from students where center_id = '${room!.center_id}' and status = 'active' and class_id not in
     (select classroom_id from classroom_teachers ct join users t on t.id = ct.teacher_id where t.email = 'teacher@sprout.test')
   order by first_name limit 1`,
);
const child = mine!.id;
const term = (name: string, startsOn: string, endsOn: string) =>
  openTerm(db, { centerId: room!.center_id, name, startsOn, endsOn, classroomIds: [room!.id, otherRoom!.class_id] });
// Opened out of date order: the answer still reads them by date.
const term2 = await term("Term 2", "2026-10-01", "2027-01-31");
const term1 = await term("Term 1", "2026-06-01", "2026-09-30");
const term3 = await term("Term 3", "2027-02-01", "2027-03-31");

await publish(db, {
  term: term1,
  childId: child,
  classroomId: room!.id,
  levels: [
    { competency_code: "C-1.1", level: "stream" },
    { competency_code: "C-9.1", level: "stream" },
  ],
});
await publish(db, {
  term: term2,
  childId: child,
  classroomId: room!.id,
  levels: [
    { competency_code: "C-1.1", level: "mountain" },
    { competency_code: "C-1.2", level: "sky" },
    { competency_code: "C-9.1", level: "mountain" },
  ],
});
// Term 3 is still a draft for the child: never shown.
await draft(db, { term: term3, childId: child, classroomId: room!.id });

// The class in term 2: C-9.1 (rhymes) is at the lowest level for three of four children.
for (const [index, other] of others.entries()) {
  await publish(db, {
    term: term2,
    childId: other.id,
    classroomId: room!.id,
    levels: [
      { competency_code: "C-1.1", level: index === 0 ? "sky" : "mountain" },
      { competency_code: "C-9.1", level: "stream" },
    ],
  });
}
await publish(db, {
  term: term2,
  childId: otherRoom!.id,
  classroomId: otherRoom!.class_id,
  levels: [{ competency_code: "C-9.1", level: "sky" }],
});
const [plan] = await db
  .insert(lessonPlans)
  .values({
    centerId: room!.center_id,
    classroomId: room!.id,
    day: "2026-11-24",
    topic: "Action rhymes in a circle",
    createdAt: new Date(),
    updatedAt: new Date(),
  })
  .returning({ id: lessonPlans.id });
await db
  .insert(lessonPlanCompetencies)
  .values({ planId: plan!.id, frameworkKey: "ncf-fs-2022", competencyCode: "C-9.1" });

describe("progress over time", () => {
  it("gives each competency's level in each published term, terms in date order", async () => {
    const response = await parent.get(`/api/children/${child}/development-progress`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.terms.map((entry: { name: string }) => entry.name)).toEqual(["Term 1", "Term 2"]);
    expect(body.scale.map((level: { key: string }) => level.key)).toEqual(["stream", "mountain", "sky"]);
    const pd = body.domains.find((domain: { code: string }) => domain.code === "PD");
    expect(pd.competencies).toEqual([
      expect.objectContaining({ code: "C-1.1", levels: [0, 1] }),
      expect.objectContaining({ code: "C-1.2", levels: [null, 2] }),
    ]);
    const lld = body.domains.find((domain: { code: string }) => domain.code === "LLD");
    expect(lld.competencies[0]).toMatchObject({ code: "C-9.1", levels: [0, 1] });
    expect((await teacher.get(`/api/children/${child}/development-progress`)).statusCode).toBe(200);
    expect((await teacher.get(`/api/children/${otherRoom!.id}/development-progress`)).statusCode).toBe(404);
    expect((await parent.get(`/api/children/${others[0]!.id}/development-progress`)).statusCode).toBe(404);
  });
});

describe("a classroom's distribution of levels", () => {
  it("counts children per level in each domain and names the competencies to plan for", async () => {
    const response = await coordinator.get(`/api/development/terms/${term2.id}/distribution?classroom_id=${room!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.children).toBe(1 + others.length);
    const pd = body.domains.find((domain: { code: string }) => domain.code === "PD");
    // The child: mountain and sky → lower middle mountain; the others: one sky, the rest mountain.
    expect(pd.counts).toEqual([0, others.length, 1]);
    expect(pd.assessed).toBe(1 + others.length);
    expect(pd.weakest).toEqual([]);
    const lld = body.domains.find((domain: { code: string }) => domain.code === "LLD");
    expect(lld.counts).toEqual([others.length, 1, 0]);
    expect(lld.shares[0]).toBeCloseTo(others.length / (others.length + 1), 3);
    expect(lld.weakest).toEqual([
      expect.objectContaining({
        code: "C-9.1",
        at_lowest: others.length,
        assessed: others.length + 1,
        // This file's plan, beside the demo plans tagged with the same competency.
        lesson_plans: expect.arrayContaining([{ id: plan!.id, day: "2026-11-24", topic: "Action rhymes in a circle" }]),
      }),
    ]);
    // The whole term counts the other room's child too.
    expect((await coordinator.get(`/api/development/terms/${term2.id}/distribution`)).json().children).toBe(
      others.length + 2,
    );
  });

  it("keeps to the caller's rooms", async () => {
    const theirs = (await teacher.get(`/api/development/terms/${term2.id}/distribution`)).json();
    expect(theirs.children).toBe(1 + others.length);
    const refused = await teacher.get(
      `/api/development/terms/${term2.id}/distribution?classroom_id=${otherRoom!.class_id}`,
    );
    expect(refused.statusCode).toBe(404);
    expect((await parent.get(`/api/development/terms/${term2.id}/distribution`)).statusCode).toBe(403);
    expect((await coordinator.get(`/api/development/terms/${crypto.randomUUID()}/distribution`)).statusCode).toBe(404);
  });

  it("takes the lower middle of a child's levels", () => {
    expect(lowerMedian([2])).toBe(2);
    expect(lowerMedian([1, 2])).toBe(1);
    expect(lowerMedian([2, 0, 1])).toBe(1);
    expect(lowerMedian([0, 2, 2, 2])).toBe(2);
  });
});
