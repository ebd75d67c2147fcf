import type { ChildDayUpdateEvent } from "@sprout/shared/realtime/events";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { connect, listen, recorder } from "../../test/realtime-support.ts";
import { classrooms, classroomTeachers, guardians, studentGuardians, students } from "../db/schema/children.ts";

/**
 * Issue 31, point 3: a child's day reaches that child's own family and the staff who may read the
 * child (the teachers of its classroom, the centre's leadership), and nobody else: not another
 * family of the same classroom, not a teacher of another room. On PostgreSQL with REDIS_URL the
 * events go through Redis.
 */
const { app, database } = await createTestApp({ redisUrl: process.env.DATABASE_URL && process.env.REDIS_URL });
const db = database.db;
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru
const [home] = await demoCentres(db);
const rooms = await db.select().from(classrooms).where(eq(classrooms.centerId, home!.id));
const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
const ownRoom = rooms.find((room) => room.id === aanya!.classroomId)!;
const otherRoom = rooms.find((room) => room.id !== ownRoom.id)!;
const [classmate] = await db
  .select()
  .from(students)
  .where(and(eq(students.classroomId, ownRoom.id), ne(students.id, aanya!.id), eq(students.status, "active")));

// Another family of Aanya's classroom, a teacher of her room and a teacher of another room.
const neighbour = await createCentreUser(db, home!.id, "parent", "child-day-events.neighbour@sprout.test");
const [guardian] = await db
  .insert(guardians)
  .values({ centerId: home!.id, firstName: "Neha", lastName: "Neighbour", userId: neighbour.id })
  .returning();
await db.insert(studentGuardians).values({ studentId: classmate!.id, guardianId: guardian!.id, relation: "Mother" });
const roomTeacher = await createCentreUser(db, home!.id, "teacher", "child-day-events.room@sprout.test");
const otherTeacher = await createCentreUser(db, home!.id, "teacher", "child-day-events.other@sprout.test");
await db.insert(classroomTeachers).values([
  { classroomId: ownRoom.id, teacherId: roomTeacher.id, role: "assistant" },
  { classroomId: otherRoom.id, teacherId: otherTeacher.id, role: "assistant" },
]);

const recorderSession = await signIn(app, roomTeacher.email);
const teacher = as(app, recorderSession);
const url = await listen(app);
const listenAs = async (email: string) => recorder(await connect(url, await signIn(app, email)));
const parent = await listenAs(DEMO_EMAILS.parent);
const otherFamily = await listenAs(neighbour.email);
const director = await listenAs(DEMO_EMAILS.center_director);
const coordinator = await listenAs(DEMO_EMAILS.academic_coordinator);
const sameRoom = await listenAs(roomTeacher.email);
const anotherRoom = await listenAs(otherTeacher.email);
const finance = await listenAs(DEMO_EMAILS.financial_manager);

const dayEvents = (socket: typeof parent) => socket.events("child-day-update") as ChildDayUpdateEvent[];
const about = (socket: typeof parent, childId: string) => dayEvents(socket).filter((e) => e.child_id === childId);
/** Resolves once the socket has heard an entry of `kind` for the child. */
const hears = (socket: typeof parent, childId: string, kind: ChildDayUpdateEvent["kind"]) =>
  socket.next("child-day-update", (event: ChildDayUpdateEvent) => event.child_id === childId && event.kind === kind);

describe("a child's day reaches only those who may read the child", () => {
  it("the classmate's potty, then Aanya's star: each family hears only its own child, with ids and a kind", async () => {
    const potty = await teacher.post("/api/daily-activities/potty", {
      child_id: classmate!.id,
      date: TODAY,
      type: "bathroom",
      diaper_status: "dry",
    });
    expect(potty.statusCode, potty.body).toBe(201);
    const star = await teacher.post("/api/stars", { child_id: aanya!.id, reason: "Helped tidy the blocks" });
    expect(star.statusCode, star.body).toBe(201);

    // Events reach a socket in the order they were sent, so once Aanya's star has arrived on a
    // socket, anything it was sent about the classmate has arrived before it.
    const heard = await hears(parent, aanya!.id, "star");
    expect(heard).toEqual({ child_id: aanya!.id, date: expect.any(String), kind: "star" });
    expect(about(parent, classmate!.id)).toEqual([]);
    await hears(otherFamily, classmate!.id, "potty");
    expect(about(otherFamily, aanya!.id)).toEqual([]);

    // Staff who read both children hear both.
    for (const staff of [director, coordinator, sameRoom]) {
      await hears(staff, aanya!.id, "star");
      expect(about(staff, classmate!.id).map((event) => event.kind)).toEqual(["potty"]);
    }
  });

  it("a teacher of another room and a finance manager hear nothing of the room's children", async () => {
    // A star in the other teacher's own room: once it has arrived, the earlier ones would have too.
    const [ownChild] = await db
      .select()
      .from(students)
      .where(and(eq(students.classroomId, otherRoom.id), eq(students.status, "active")));
    await db.insert(classroomTeachers).values({ classroomId: otherRoom.id, teacherId: roomTeacher.id });
    const star = await teacher.post("/api/stars", { child_id: ownChild!.id, reason: "Shared the crayons" });
    expect(star.statusCode, star.body).toBe(201);
    await hears(anotherRoom, ownChild!.id, "star");
    expect(about(anotherRoom, aanya!.id)).toEqual([]);
    expect(about(anotherRoom, classmate!.id)).toEqual([]);
    await hears(director, ownChild!.id, "star");
    expect(dayEvents(finance)).toEqual([]);
  });

  it("a refused entry (its transaction rolled back) sends nothing", async () => {
    const before = dayEvents(parent).length;
    const nap = { child_id: aanya!.id, date: TODAY, start_time: "10:00", end_time: "10:40" };
    const first = await teacher.post("/api/daily-activities/sleep", nap);
    expect(first.statusCode, first.body).toBe(201);
    // The overlap is found inside the write's transaction, which then rolls back.
    const overlapping = await teacher.post("/api/daily-activities/sleep", { ...nap, start_time: "10:20" });
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    const star = await teacher.post("/api/stars", { child_id: aanya!.id, reason: "Waited for a turn" });
    expect(star.statusCode).toBe(201);
    await parent.next("child-day-update", () => dayEvents(parent).length >= before + 2);
    const kinds = dayEvents(parent)
      .slice(before)
      .map((event) => event.kind);
    expect(kinds).toEqual(["sleep", "star"]);
  });
});
