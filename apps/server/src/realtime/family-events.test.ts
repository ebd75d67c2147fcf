import type { ChildUpdateEvent } from "@sprout/shared/realtime/events";
import type { ParentDay, Roster } from "@sprout/shared/schemas/attendance";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../test/children-support.ts";
import { demoRoomToday } from "../../test/demo-today.ts";
import { form, pngPhoto, sendForm } from "../../test/digital-portfolio-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { connect, listen, recorder } from "../../test/realtime-support.ts";
import { attendanceStays } from "../db/schema/attendance.ts";
import { classrooms, guardians, studentGuardians, students } from "../db/schema/children.ts";

/**
 * Issue 30, point 2: arrivals, departures and photos reach the child's own family live, and no
 * other family of the classroom. On PostgreSQL with REDIS_URL the events go through Redis.
 */
const { app, database } = await createTestApp({ redisUrl: process.env.DATABASE_URL && process.env.REDIS_URL });
const db = database.db;
const [home] = await demoCentres(db);
const [toddlers] = await db
  .select()
  .from(classrooms)
  .where(and(eq(classrooms.centerId, home!.id), eq(classrooms.name, "Toddlers")));
const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
// Aanya came this morning (the demo's day) and went to the doctor at 11:30: she is out now, and
// the tests bring her back.
const closed = await db
  .update(attendanceStays)
  .set({ checkOutAt: new Date("2026-11-20T06:00:00Z"), collectedByName: "Nandini Malhotra" })
  .where(and(eq(attendanceStays.studentId, aanya!.id), isNull(attendanceStays.checkOutAt)))
  .returning();
if (closed.length !== 1) throw new Error("the demo's Aanya should be in this morning");
// Another family of the same classroom, with a sign-in of their own: a child who has not come yet.
const [classmate] = (await demoRoomToday(db, toddlers!.id)).notArrived;
const neighbour = await createCentreUser(db, home!.id, "parent", "family-events.neighbour@sprout.test");
const [guardian] = await db
  .insert(guardians)
  .values({ centerId: home!.id, firstName: "Neha", lastName: "Neighbour", userId: neighbour.id })
  .returning();
await db.insert(studentGuardians).values({ studentId: classmate!.id, guardianId: guardian!.id, relation: "Mother" });

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const teacher = as(app, teacherSession);
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const parent = as(app, parentSession);
const otherSession = await signIn(app, neighbour.email);
const otherParent = as(app, otherSession);

const url = await listen(app);
const mine = recorder(await connect(url, parentSession));
const theirs = recorder(await connect(url, otherSession));

const updates = (socket: typeof mine) => socket.events("child-update") as ChildUpdateEvent[];
/** Resolves once the socket has received `count` child updates in all (already, or when they come). */
const received = async (socket: typeof mine, count: number) => {
  await socket.next("child-update", () => updates(socket).length >= count);
  return updates(socket);
};
const photo = async (childId: string, extra: Record<string, string> = {}) =>
  sendForm(
    app,
    teacherSession,
    "/api/digital-portfolio/upload",
    form({ childId, title: "Sand pit", ...extra }, [
      { field: "file", name: "sand.png", type: "image/png", content: await pngPhoto() },
    ]),
  );
const todayOf = async (childId: string) =>
  ((await parent.get("/api/parents/attendance/today")).json() as ParentDay).children.find(
    (child) => child.student_id === childId,
  );

describe("a child's own family hears of arrivals, departures and photos live", () => {
  it("a check-in reaches the child's parent with ids and a kind only; the refetched home shows the arrival", async () => {
    const checkedIn = await teacher.post("/api/attendance/check-in", { student_id: aanya!.id });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    // What changed, not what it is: no time, no name, no status.
    expect(await received(mine, 1)).toEqual([{ child_id: aanya!.id, kind: "attendance" }]);
    // The staff's own event stays with the staff.
    expect(mine.events("attendance-update")).toEqual([]);
    // She is back in; the day's arrival is still this morning's (the demo's 08:40).
    expect(checkedIn.json().check_in_at).toBe("2026-11-20T06:30:00.000Z");
    expect(await todayOf(aanya!.id)).toMatchObject({ status: "in", check_in_at: closed[0]!.checkInAt.toISOString() });
  });

  it("a refused check-in (its transaction rolled back) sends nothing; a photo of the child and its removal do", async () => {
    const before = updates(mine).length;
    const again = await teacher.post("/api/attendance/check-in", { student_id: aanya!.id });
    expect(again.statusCode).toBe(409);

    // Events reach a socket in the order they were sent: one sent for the refusal would arrive
    // before the photo's.
    expect((await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "own" })).statusCode).toBe(200);
    const added = await photo(aanya!.id);
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json().items[0] as { id: string };
    expect((await received(mine, before + 1)).slice(before)).toEqual([{ child_id: aanya!.id, kind: "portfolio" }]);
    const gallery = (await parent.get(`/api/digital-portfolio/child/${aanya!.id}`)).json();
    expect(gallery.items.map((entry: { id: string }) => entry.id)).toContain(item.id);

    expect((await teacher.delete(`/api/digital-portfolio/${item.id}`)).statusCode).toBe(204);
    expect((await received(mine, before + 2)).slice(before)).toEqual([
      { child_id: aanya!.id, kind: "portfolio" },
      { child_id: aanya!.id, kind: "portfolio" },
    ]);
    const after = (await parent.get(`/api/digital-portfolio/child/${aanya!.id}`)).json();
    expect(after.items.map((entry: { id: string }) => entry.id)).not.toContain(item.id);
  });

  it("a check-out reaches the family; the refetched home shows gone home and who collected", async () => {
    const before = updates(mine).length;
    const roster = (await teacher.get(`/api/attendance/roster?classroom_id=${toddlers!.id}`)).json() as Roster;
    const collector = roster.children
      .find((child) => child.student_id === aanya!.id)!
      .pickup_people.find((person) => person.name.startsWith("Nandini"))!;
    const out = await teacher.post("/api/attendance/check-out", {
      student_id: aanya!.id,
      pickup_person_id: collector.id,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await received(mine, before + 1)).slice(before)).toEqual([{ child_id: aanya!.id, kind: "attendance" }]);
    expect(await todayOf(aanya!.id)).toMatchObject({
      status: "out",
      check_out_at: out.json().check_out_at,
      collected_by: collector.name,
    });
  });

  it("a group photo tells each family about its own child", async () => {
    await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "group" });
    await otherParent.put(`/api/digital-portfolio/consent/${classmate!.id}`, { consent: "group" });
    const before = updates(mine).length;
    const group = await photo(aanya!.id, { taggedChildIds: classmate!.id });
    expect(group.statusCode, group.body).toBe(201);
    expect(await received(theirs, 1)).toEqual([{ child_id: classmate!.id, kind: "portfolio" }]);
    expect((await received(mine, before + 1)).slice(before)).toEqual([{ child_id: aanya!.id, kind: "portfolio" }]);
  });

  it("the other family of the classroom hears nothing about Aanya, and hers nothing about theirs", async () => {
    const before = updates(mine).length;
    // Aanya's photo, then the classmate's arrival, then Aanya's return: each socket's last event is
    // its own child's, so anything sent to it about the other child would already have arrived.
    expect((await photo(aanya!.id)).statusCode).toBe(201);
    expect((await teacher.post("/api/attendance/check-in", { student_id: classmate!.id })).statusCode).toBe(200);
    expect((await teacher.post("/api/attendance/check-in", { student_id: aanya!.id })).statusCode).toBe(200);

    expect(await received(theirs, 2)).toEqual([
      { child_id: classmate!.id, kind: "portfolio" },
      { child_id: classmate!.id, kind: "attendance" },
    ]);
    expect(theirs.seen.some((entry) => JSON.stringify(entry.payload ?? null).includes(aanya!.id))).toBe(false);
    expect((await received(mine, before + 2)).slice(before)).toEqual([
      { child_id: aanya!.id, kind: "portfolio" },
      { child_id: aanya!.id, kind: "attendance" },
    ]);
    expect(mine.seen.some((entry) => JSON.stringify(entry.payload ?? null).includes(classmate!.id))).toBe(false);
    // And what they may fetch of her is nothing.
    expect((await otherParent.get(`/api/digital-portfolio/child/${aanya!.id}`)).statusCode).toBe(404);
  });
});
