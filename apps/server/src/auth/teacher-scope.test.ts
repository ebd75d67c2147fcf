import { and, asc, eq, inArray, ne, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { classroomTeachers, students } from "../db/schema/children.ts";
import { users } from "../db/schema/users.ts";

/**
 * A teacher reads the children of the classrooms she is assigned to and no other (ADR 0046): the
 * rest of her centre answers 404 as another centre does; the centre's leadership keeps the whole
 * centre; a teacher with no classroom gets empty lists. The permission matrix walks every route
 * with another room's ids; this file follows one child of each side through the areas.
 */
const { app, database } = await createTestApp();
const db = database.db;
const [home] = await demoCentres(db);

const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const rooms = (await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id))).map(
  (row) => row.classroomId,
);
const onRoll = and(eq(students.centerId, home!.id), ne(students.status, "left"));
const [mine] = await db
  .select()
  .from(students)
  .where(and(onRoll, inArray(students.classroomId, rooms)))
  .orderBy(asc(students.studentId))
  .limit(1);
const [theirs] = await db
  .select()
  .from(students)
  .where(and(onRoll, notInArray(students.classroomId, rooms)))
  .orderBy(asc(students.studentId))
  .limit(1);

const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const leaders = await Promise.all(
  (["center_director", "academic_coordinator", "admin"] as const).map(async (role) =>
    as(app, await signIn(app, DEMO_EMAILS[role])),
  ),
);
await createCentreUser(db, home!.id, "teacher", "roomless.teacher@sprout.test");
const roomless = as(app, await signIn(app, "roomless.teacher@sprout.test"));

/** Every read of one child that a teacher of the child's room makes. */
const childReads = (id: string) => [
  `/api/daily-activities/${id}`,
  `/api/daily-activities/${id}/timeline`,
  `/api/stars/${id}`,
  `/api/child-health/${id}`,
  `/api/observation-logs?child_id=${id}`,
  `/api/attendance/children/${id}/pickup-people`,
  `/api/digital-portfolio/child/${id}`,
];

describe("a teacher reads her classrooms", () => {
  it("the demo teacher has a classroom, a child in it, and a room of her centre she does not teach", () => {
    expect(rooms.length).toBeGreaterThan(0);
    expect(mine).toBeDefined();
    expect(theirs).toBeDefined();
  });

  it("opens every record of a child of her room, and none of a child of another room of her centre", async () => {
    for (const url of childReads(mine!.id)) {
      const response = await teacher.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    for (const url of childReads(theirs!.id)) {
      const response = await teacher.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
    }
    const room = await teacher.get(`/api/daily-activities/classroom/${theirs!.classroomId}`);
    expect(room.statusCode).toBe(404);
    const roster = await teacher.get(`/api/attendance/roster?classroom_id=${theirs!.classroomId}`);
    expect(roster.statusCode).toBe(404);
  });

  it("writes nothing for another room's child: the answer is 404 and nothing is stored", async () => {
    const writes = [
      teacher.post("/api/daily-activities/food", {
        child_id: theirs!.id,
        date: "2026-11-20",
        meal_type: "lunch",
        food_consumed: 100,
      }),
      teacher.post("/api/stars", { child_id: theirs!.id, reason: "Shared the blocks" }),
      teacher.post(`/api/child-health/${theirs!.id}/standing`, { kind: "allergy", details: "Peanuts" }),
      teacher.post("/api/attendance/check-in", { student_id: theirs!.id }),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode, response.body).toBe(404);
    const health = (await leaders[0]!.get(`/api/child-health/${theirs!.id}`)).json();
    expect(health.allergies.map((item: { details: string }) => item.details)).not.toContain("Peanuts");
  });

  it("lists only her rooms' children: the children list, the family list and the photo picker", async () => {
    const listed = (await teacher.get("/api/students?limit=100")).json() as { id: string; class_id: string }[];
    expect(listed.map((child) => child.id)).toContain(mine!.id);
    expect(listed.every((child) => rooms.includes(child.class_id))).toBe(true);
    const families = (await teacher.get("/api/messaging/families")).json().families as { child_id: string }[];
    expect(families.map((row) => row.child_id)).not.toContain(theirs!.id);
    const pickable = (await teacher.get("/api/digital-portfolio/children")).json();
    const ids = (Array.isArray(pickable) ? pickable : pickable.children).map((child: { id: string }) => child.id);
    expect(ids).not.toContain(theirs!.id);
    const ratios = (await teacher.get("/api/attendance/rooms")).json().rooms as { classroom_id: string }[];
    expect(ratios.map((room) => room.classroom_id).sort()).toEqual([...rooms].sort());
  });

  it("the director, the coordinator and the admin keep their centre-wide view", async () => {
    for (const leader of leaders) {
      for (const url of [
        `/api/daily-activities/${theirs!.id}`,
        `/api/child-health/${theirs!.id}`,
        `/api/observation-logs?child_id=${theirs!.id}`,
        `/api/daily-activities/classroom/${theirs!.classroomId}`,
      ]) {
        const response = await leader.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
    }
  });

  it("a teacher with no classroom gets empty lists and no child", async () => {
    expect((await roomless.get("/api/daily-activities/my-classrooms")).json()).toEqual([]);
    expect((await roomless.get("/api/students")).json()).toEqual([]);
    expect((await roomless.get("/api/observation-logs")).json().logs).toEqual([]);
    expect((await roomless.get("/api/attendance/rooms")).json().rooms).toEqual([]);
    expect((await roomless.get("/api/messaging/families")).json().families).toEqual([]);
    expect((await roomless.get("/api/incidents/children")).json()).toEqual([]);
    expect((await roomless.get("/api/incidents")).json().incidents).toEqual([]);
    expect((await roomless.get(`/api/daily-activities/${mine!.id}`)).statusCode).toBe(404);
    expect((await roomless.get(`/api/child-health/${mine!.id}`)).statusCode).toBe(404);
  });

  it("a new assignment opens the room at once (the scope is read per request)", async () => {
    const [user] = await db.select().from(users).where(eq(users.email, "roomless.teacher@sprout.test"));
    await db
      .insert(classroomTeachers)
      .values({ classroomId: theirs!.classroomId!, teacherId: user!.id, role: "assistant" });
    expect((await roomless.get(`/api/daily-activities/${theirs!.id}`)).statusCode).toBe(200);
    expect((await roomless.get(`/api/daily-activities/${mine!.id}`)).statusCode).toBe(404);
  });
});
