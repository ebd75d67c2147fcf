import { LESSON_PLAN_MESSAGES } from "@sprout/shared/schemas/lesson-plans";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classrooms, classroomTeachers, students } from "../../db/schema/children.ts";
import { lessonPlans } from "../../db/schema/lesson-plans.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru

const coordinator = as(app, await signIn(app, DEMO_EMAILS.academic_coordinator));
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const roomNamed = async (centreId: string, name: string) => {
  const [room] = await db
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.centerId, centreId), eq(classrooms.name, name)));
  return room!;
};
// The demo teacher leads Toddlers and assists in Pre-Kindy; the parent's Aanya is in Toddlers and Kabir in Pre-Kindy.
const toddlers = await roomNamed(home!.id, "Toddlers");
const creche = await roomNamed(home!.id, "Creche");
const otherToddlers = await roomNamed(other!.id, "Toddlers");
const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const teacherRooms = await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id));

const plan = (overrides: Record<string, unknown> = {}) => ({
  topic: "Colours of the rainbow",
  date: TODAY,
  classroom_id: toddlers.id,
  objectives: ["Name five colours", "", "Sort blocks by colour"],
  activities: ["Finger painting", "Colour hunt in the garden"],
  resources: ["Paint", "Coloured blocks"],
  notes: "Aarav is allergic to some paints: use the crayons",
  ...overrides,
});

describe("lesson plans", () => {
  it("refuses a plan without topic or date with the spec's messages, and changes nothing", async () => {
    const before = await db.select().from(lessonPlans);
    const noTopic = await coordinator.post("/api/lesson-plans", plan({ topic: "  " }));
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json()).toMatchObject({
      error: LESSON_PLAN_MESSAGES.topicRequired,
      details: { topic: "Topic is required" },
    });
    const noDate = await coordinator.post("/api/lesson-plans", plan({ date: "" }));
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().details).toEqual({ date: "Date is required" });
    const badDate = await coordinator.post("/api/lesson-plans", plan({ date: "2026-02-30" }));
    expect(badDate.statusCode).toBe(400);
    expect(await db.select().from(lessonPlans)).toHaveLength(before.length);
  });

  it("a coordinator creates a plan (blank lines dropped, audited); a teacher of the room checks off two parts", async () => {
    const created = await coordinator.post("/api/lesson-plans", plan());
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      topic: "Colours of the rainbow",
      date: TODAY,
      classroom_name: "Toddlers",
      objectives: ["Name five colours", "Sort blocks by colour"],
      checkoff_status: { objectives_done: false, activities_done: false, resources_done: false },
      can_edit: true,
      can_checkoff: false,
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
    expect(audit).toMatchObject({ action: "lesson_plan.created" });

    const listed = (await teacher.get(`/api/lesson-plans?classroom_id=${toddlers.id}`)).json();
    expect(listed.lesson_plans.find((item: { id: string }) => item.id === body.id)).toMatchObject({
      can_checkoff: true,
      can_edit: false,
    });
    expect((await teacher.patch(`/api/lesson-plans/${body.id}/checkoff`, { objectives_done: true })).statusCode).toBe(
      200,
    );
    const second = await teacher.patch(`/api/lesson-plans/${body.id}/checkoff`, { activities_done: true });
    expect(second.json().checkoff_status).toEqual({
      objectives_done: true,
      activities_done: true,
      resources_done: false,
    });
    const empty = await teacher.patch(`/api/lesson-plans/${body.id}/checkoff`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(LESSON_PLAN_MESSAGES.checkoffRequired);
  });

  // 403, not 404: the teacher reads this plan (it is in their list, can_checkoff false), so its
  // existence is no secret; the answer says why they may not tick it.
  it("a teacher reads another room's plan but may not check it off; nobody else of the centre checks off", async () => {
    const created = (await admin.post("/api/lesson-plans", plan({ classroom_id: creche.id, topic: "Sounds" }))).json();
    expect(teacherRooms.map((room) => room.classroomId)).not.toContain(creche.id);
    const listed = (await teacher.get(`/api/lesson-plans?classroom_id=${creche.id}`)).json();
    expect(listed.lesson_plans[0]).toMatchObject({ id: created.id, can_checkoff: false });
    const refused = await teacher.patch(`/api/lesson-plans/${created.id}/checkoff`, { resources_done: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(LESSON_PLAN_MESSAGES.notYourClassroom);
    expect(
      (await director.patch(`/api/lesson-plans/${created.id}/checkoff`, { resources_done: true })).statusCode,
    ).toBe(403);
    const [row] = await db.select().from(lessonPlans).where(eq(lessonPlans.id, created.id));
    expect(row!.resourcesDone).toBe(false);
  });

  it("an admin edits and deletes; a director reads only", async () => {
    const created = (await admin.post("/api/lesson-plans", plan({ topic: "Shapes" }))).json();
    const edited = await admin.put(`/api/lesson-plans/${created.id}`, plan({ topic: "Shapes and sizes" }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().topic).toBe("Shapes and sizes");
    expect((await director.put(`/api/lesson-plans/${created.id}`, plan())).statusCode).toBe(403);
    expect((await director.delete(`/api/lesson-plans/${created.id}`)).statusCode).toBe(403);
    const read = (await director.get("/api/lesson-plans")).json();
    expect(read.lesson_plans.some((item: { id: string }) => item.id === created.id)).toBe(true);
    expect((await admin.delete(`/api/lesson-plans/${created.id}`)).statusCode).toBe(204);
    expect(await db.select().from(lessonPlans).where(eq(lessonPlans.id, created.id))).toHaveLength(0);
  });

  it("another centre's plan and classroom are not found", async () => {
    const [foreign] = await db
      .insert(lessonPlans)
      .values({
        centerId: other!.id,
        classroomId: otherToddlers.id,
        day: TODAY,
        topic: "Another centre's plan",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    expect((await coordinator.put(`/api/lesson-plans/${foreign!.id}`, plan())).statusCode).toBe(404);
    expect((await coordinator.delete(`/api/lesson-plans/${foreign!.id}`)).statusCode).toBe(404);
    expect(
      (await teacher.patch(`/api/lesson-plans/${foreign!.id}/checkoff`, { objectives_done: true })).statusCode,
    ).toBe(404);
    expect((await coordinator.post("/api/lesson-plans", plan({ classroom_id: otherToddlers.id }))).statusCode).toBe(
      404,
    );
    const listed = (await coordinator.get("/api/lesson-plans?limit=50")).json();
    expect(listed.lesson_plans.some((item: { id: string }) => item.id === foreign!.id)).toBe(false);
  });

  it("a parent reads only their children's rooms' plans: topic and activities, no staff notes", async () => {
    const listed = (await parent.get("/api/lesson-plans?limit=50")).json();
    expect(listed.lesson_plans.length).toBeGreaterThan(0);
    for (const item of listed.lesson_plans) {
      expect(item.classroom_name).not.toBe("Creche");
      expect(item).not.toHaveProperty("notes");
      expect(item).not.toHaveProperty("objectives");
      expect(item).not.toHaveProperty("checkoff_status");
    }
    const today = await parent.get("/api/lesson-plans/today");
    expect(today.json().date).toBe(TODAY);
    expect(today.json().lesson_plans.map((item: { topic: string }) => item.topic)).toContain("Colours of the rainbow");
    const [otherFamily] = await db
      .select({ id: lessonPlans.id })
      .from(lessonPlans)
      .where(eq(lessonPlans.classroomId, creche.id));
    expect(listed.lesson_plans.some((item: { id: string }) => item.id === otherFamily!.id)).toBe(false);
    const stranger = await parent.get(`/api/lesson-plans/today?child_id=${crypto.randomUUID()}`);
    expect(stranger.statusCode).toBe(404);
    // Another family's child of the same centre, in a room with plans today: not there for this parent.
    const [crecheChild] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.classroomId, creche.id), ne(students.status, "left")));
    const notTheirs = await parent.get(`/api/lesson-plans/today?child_id=${crecheChild!.id}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.body).not.toContain("Sounds");
  });

  it("a teacher's today lists their classrooms' plans only; the week view filters by dates", async () => {
    const today = (await teacher.get("/api/lesson-plans/today")).json();
    const rooms = teacherRooms.map((room) => room.classroomId);
    expect(today.lesson_plans.length).toBeGreaterThan(0);
    for (const item of today.lesson_plans) expect(rooms).toContain(item.classroom_id);
    await coordinator.post("/api/lesson-plans", plan({ date: "2026-11-30", topic: "Next week" }));
    const week = (
      await coordinator.get(`/api/lesson-plans?classroom_id=${toddlers.id}&from=2026-11-16&to=2026-11-22`)
    ).json();
    expect(week.lesson_plans.map((item: { topic: string }) => item.topic)).not.toContain("Next week");
    expect(
      week.lesson_plans.every((item: { date: string }) => item.date >= "2026-11-16" && item.date <= "2026-11-22"),
    ).toBe(true);
    const backwards = await coordinator.get("/api/lesson-plans?from=2026-11-22&to=2026-11-16");
    expect(backwards.statusCode).toBe(400);
  });

  it("pages on the server", async () => {
    const first = (await coordinator.get("/api/lesson-plans?limit=2&page=1")).json();
    expect(first.lesson_plans).toHaveLength(2);
    expect(first.pagination.total_items).toBeGreaterThan(2);
    expect((await coordinator.get("/api/lesson-plans?limit=500")).statusCode).toBe(400);
  });
});
