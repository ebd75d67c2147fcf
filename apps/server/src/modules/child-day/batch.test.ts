import { CHILD_DAY_MESSAGES } from "@sprout/shared/schemas/child-day";
import { and, eq, gte, inArray, ne, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { demoRoomToday } from "../../../test/demo-today.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { TEST_START } from "../../../test/templates.ts";
import { attendanceAbsences } from "../../db/schema/attendance.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { pottyEntries, sleepEntries, stars } from "../../db/schema/child-day.ts";
import { classroomTeachers, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";

/**
 * One log for several children (issue 30, point 9): each child gets the entry, the audit row and
 * the event a one-child log gives; children not here are refused by name; nothing is half written.
 */
const { app, database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const teacher = as(app, teacherSession);
const directorSession = await signIn(app, DEMO_EMAILS.center_director);
const director = as(app, directorSession);
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));

const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const rooms = (await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id))).map(
  (row) => row.classroomId,
);
const room = rooms[0]!;
// The demo's day is under way at the test clock (12:00): most of the room arrived this morning.
const { present: kids, notArrived } = await demoRoomToday(db, room);
const nameOf = (kid: { firstName: string; lastName: string }) => `${kid.firstName} ${kid.lastName}`.trim();
// A child of the teacher's own centre, in a room they do not teach.
const [notTheirs] = await db
  .select({ id: students.id })
  .from(students)
  .where(and(eq(students.centerId, home!.id), ne(students.status, "left"), notInArray(students.classroomId, rooms)));
const [foreign] = await db.select({ id: students.id }).from(students).where(eq(students.centerId, other!.id));

const ids = (from: number, to: number) => kids.slice(from, to).map((kid) => kid.id);
// What these tests wrote (from the test clock on), not the demo's morning before it.
const napsOf = (of: string[]) =>
  db
    .select()
    .from(sleepEntries)
    .where(and(inArray(sleepEntries.studentId, of), gte(sleepEntries.createdAt, TEST_START)));
const pottyOf = (of: string[]) =>
  db
    .select()
    .from(pottyEntries)
    .where(and(inArray(pottyEntries.studentId, of), gte(pottyEntries.createdAt, TEST_START)));
const starsOf = (of: string[]) =>
  db
    .select()
    .from(stars)
    .where(and(inArray(stars.studentId, of), gte(stars.createdAt, TEST_START)));

describe("one log for several children", () => {
  it("has a room of at least seven children in and two who have not come to log for", () => {
    expect(kids.length).toBeGreaterThanOrEqual(7);
    expect(notArrived.length).toBeGreaterThanOrEqual(2);
  });

  it("a nap for three children: each child's day shows it, with its own audit row and event", async () => {
    const three = ids(0, 3);
    const base = await listen(app);
    const staffRoom = recorder(await connect(base, directorSession));

    const saved = await teacher.post("/api/daily-activities/batch", {
      kind: "sleep",
      date: TODAY,
      child_ids: three,
      start_time: "13:00",
      notes: "Story, then lights out",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({ kind: "sleep", date: TODAY, saved: 3, child_ids: three });

    const naps = await napsOf(three);
    expect(naps).toHaveLength(3);
    expect(new Set(naps.map((nap) => nap.id)).size).toBe(3);
    for (const child of three) {
      const day = (await director.get(`/api/daily-activities/${child}`)).json();
      expect(day.sleep).toMatchObject([{ start_time: "13:00", end_time: null, notes: "Story, then lights out" }]);
      await staffRoom.next("child-day-update", (event: { child_id: string; kind: string }) => {
        return event.child_id === child && event.kind === "sleep";
      });
    }
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "child_day.sleep_added"),
          inArray(
            auditLog.entityId,
            naps.map((nap) => nap.id),
          ),
        ),
      );
    expect(audits).toHaveLength(3);
    for (const audit of audits) {
      const nap = naps.find((row) => row.id === audit.entityId)!;
      expect(audit).toMatchObject({ actorId: teacherUser!.id, entity: "child_day" });
      expect(audit.after).toEqual({
        child_id: nap.studentId,
        date: TODAY,
        start_time: "13:00",
        end_time: "",
        notes: "Story, then lights out",
      });
    }

    // They wake together: each open nap gets the end; the class list shows them awake.
    const woke = await teacher.post("/api/daily-activities/batch", {
      kind: "wake",
      date: TODAY,
      child_ids: three,
      end_time: "14:30",
    });
    expect(woke.statusCode, woke.body).toBe(201);
    expect((await napsOf(three)).map((nap) => nap.endTime)).toEqual(["14:30", "14:30", "14:30"]);
    const list = (await teacher.get(`/api/daily-activities/classroom/${room}`)).json();
    for (const child of list.children.filter((kid: { id: string }) => three.includes(kid.id)))
      expect(child).toMatchObject({ asleep: false, sleep_minutes: 90, checked_in: true, gone_home: false });
    const ended = await db.select().from(auditLog).where(eq(auditLog.action, "child_day.sleep_ended"));
    expect(ended.filter((row) => naps.some((nap) => nap.id === row.entityId))).toHaveLength(3);

    // A second nap that overlaps for one of them refuses the whole batch and names that child.
    await teacher.post("/api/daily-activities/sleep", { child_id: kids[3]!.id, date: TODAY, start_time: "15:00" });
    const overlap = await teacher.post("/api/daily-activities/batch", {
      kind: "sleep",
      date: TODAY,
      child_ids: [...three, kids[3]!.id],
      start_time: "15:10",
      end_time: "15:40",
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().details).toEqual({ [kids[3]!.id]: "asleep" });
    expect(overlap.json().error).toBe(`${CHILD_DAY_MESSAGES.batchAsleep} ${nameOf(kids[3]!)} (already asleep then)`);
    expect(await napsOf(three)).toHaveLength(3);
    // Waking children who are not asleep is refused the same way.
    const awake = await teacher.post("/api/daily-activities/batch", {
      kind: "wake",
      date: TODAY,
      child_ids: [three[0], kids[3]!.id],
      end_time: "15:30",
    });
    expect(awake.statusCode).toBe(409);
    expect(awake.json().details).toEqual({ [three[0]!]: "not_asleep" });
  });

  it("potty and a star for several children: one entry and one audit row each", async () => {
    const some = ids(4, 7);
    const potty = await teacher.post("/api/daily-activities/batch", {
      kind: "potty",
      date: TODAY,
      child_ids: some,
      type: "bathroom",
      diaper_status: "dry",
    });
    expect(potty.statusCode, potty.body).toBe(201);
    expect(await pottyOf(some)).toHaveLength(3);
    const star = await teacher.post("/api/daily-activities/batch", {
      kind: "star",
      date: TODAY,
      child_ids: some,
      reason: "Tidied the reading corner together",
    });
    expect(star.statusCode, star.body).toBe(201);
    const awarded = await starsOf(some);
    expect(awarded.map((row) => row.reason)).toEqual(Array(3).fill("Tidied the reading corner together"));
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "child_day.star_awarded"),
          inArray(
            auditLog.entityId,
            awarded.map((row) => row.id),
          ),
        ),
      );
    expect(audits).toHaveLength(3);
    for (const child of some) {
      const week = (await teacher.get(`/api/stars/${child}`)).json();
      expect(week.stars).toMatchObject([
        { reason: "Tidied the reading corner together", awarded_by: expect.any(String) },
      ]);
    }
  });

  it("children not here are refused by name, and nothing is written for the others", async () => {
    const present = kids[0]!.id;
    const [away, unknown] = notArrived.map((kid) => kid.id);
    await db.insert(attendanceAbsences).values({
      studentId: away!,
      day: TODAY,
      centerId: home!.id,
      reason: "sick",
      markedAt: new Date(`${TODAY}T09:00:00+05:30`),
    });
    const refused = await teacher.post("/api/daily-activities/batch", {
      kind: "potty",
      date: TODAY,
      child_ids: [present, away, unknown],
      type: "diaper_change",
      diaper_status: "wet",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "NOT_HERE",
      details: { [away!]: "absent", [unknown!]: "not_checked_in" },
    });
    const byId = new Map([...kids, ...notArrived].map((kid) => [kid.id, nameOf(kid)]));
    expect(refused.json().error).toContain(`${byId.get(away!)} (marked absent)`);
    expect(refused.json().error).toContain(`${byId.get(unknown!)} (not checked in)`);
    expect(refused.json().error).not.toContain(byId.get(present));
    expect(await pottyOf([present, away!, unknown!])).toHaveLength(0);
    // Leaving them out, the same log goes through.
    const again = await teacher.post("/api/daily-activities/batch", {
      kind: "potty",
      date: TODAY,
      child_ids: [present],
      type: "diaper_change",
      diaper_status: "wet",
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("a child of another centre, or of a room the teacher does not teach, refuses the whole batch", async () => {
    const mine = ids(0, 2); // checked in this morning
    const far = await teacher.post("/api/daily-activities/batch", {
      kind: "star",
      date: TODAY,
      child_ids: [...mine, foreign!.id],
      reason: "Shared the blocks",
    });
    expect(far.statusCode).toBe(404);
    const near = await teacher.post("/api/daily-activities/batch", {
      kind: "star",
      date: TODAY,
      child_ids: [...mine, notTheirs!.id],
      reason: "Shared the blocks",
    });
    // Another room of her own centre is not found for her, as another centre is (ADR 0046).
    expect(near.statusCode).toBe(404);
    expect(await starsOf([...mine, foreign!.id, notTheirs!.id])).toHaveLength(0);
    // Parents and the director read; they do not log.
    const body = { kind: "star", date: TODAY, child_ids: mine, reason: "Shared the blocks" };
    expect((await parent.post("/api/daily-activities/batch", body)).statusCode).toBe(403);
    expect((await director.post("/api/daily-activities/batch", body)).statusCode).toBe(403);
  });

  it("refuses bad input with 400: no children, a child named twice, an unknown kind, a future date", async () => {
    const mine = ids(0, 1);
    for (const body of [
      { kind: "star", date: TODAY, child_ids: [], reason: "Kind" },
      { kind: "star", date: TODAY, child_ids: [mine[0], mine[0]], reason: "Kind" },
      { kind: "dance", date: TODAY, child_ids: mine },
      { kind: "sleep", date: TODAY, child_ids: mine, start_time: "14:00", end_time: "13:00" },
    ]) {
      const response = await teacher.post("/api/daily-activities/batch", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const future = await teacher.post("/api/daily-activities/batch", {
      kind: "star",
      date: "2026-11-21",
      child_ids: mine,
      reason: "Kind",
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(CHILD_DAY_MESSAGES.dateFuture);
    expect(await starsOf(mine)).toHaveLength(0);
  });

  it("the same nap sent four times at once is saved once for each child", async () => {
    const two = ids(4, 6); // checked in this morning, no nap yet
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        teacher.post("/api/daily-activities/batch", {
          kind: "sleep",
          date: TODAY,
          child_ids: two,
          start_time: "12:00",
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await napsOf(two)).toHaveLength(2);
  });
});
