import { randomUUID } from "node:crypto";
import { OFFLINE_MESSAGES, OFFLINE_WRITES } from "@sprout/shared/offline";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_TODAY } from "../../test/demo-today.ts";
import { createSecondInstance, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../test/harness.ts";
import { attendanceAbsences, attendanceStays } from "../db/schema/attendance.ts";
import { foodEntries, observationLogs, sleepEntries } from "../db/schema/child-day.ts";
import { classroomTeachers, students } from "../db/schema/children.ts";
import { idempotencyKeys } from "../db/schema/idempotency.ts";
import { users } from "../db/schema/users.ts";
import { runPrune } from "../jobs/prune.ts";
import { AREA_PRUNES } from "../scheduled-jobs.ts";
import { IDEMPOTENCY_MESSAGES } from "./idempotency.ts";

const context = await createTestApp();
const { app, database, clock } = context;
const db = database.db;
const DAY = 86_400_000;

let teacher: SignedIn;
let director: SignedIn;
/** Children of the teacher's first room, none of them checked in or marked absent today. */
let expected: string[];

const send = (who: SignedIn, url: string, payload: unknown, key: string | undefined, server: FastifyInstance = app) =>
  server.inject({
    method: "POST",
    url,
    headers: { ...who.headers, ...(key && { "idempotency-key": key }) },
    payload: payload as Record<string, unknown>,
  });
const staysOf = (childId: string) =>
  db
    .select()
    .from(attendanceStays)
    .where(and(eq(attendanceStays.studentId, childId), eq(attendanceStays.day, DEMO_TODAY)));

beforeAll(async () => {
  [teacher, director] = await Promise.all([signIn(app, DEMO_EMAILS.teacher), signIn(app, DEMO_EMAILS.center_director)]);
  const [me] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
  const [room] = await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, me!.id));
  const kids = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.classroomId, room!.classroomId), eq(students.status, "active")));
  expected = kids.map((kid) => kid.id);
  // The demo's morning in this room is taken back: every child starts the day not yet here.
  await db.delete(attendanceStays).where(inArray(attendanceStays.studentId, expected));
  await db.delete(attendanceAbsences).where(inArray(attendanceAbsences.studentId, expected));
  expect(expected.length).toBeGreaterThanOrEqual(6);
});

describe("Idempotency-Key on the writes a device may queue offline", () => {
  it("answers the same key again with the first answer and checks the child in once", async () => {
    const key = randomUUID();
    const child = expected[0]!;
    const first = await send(teacher, "/api/attendance/check-in", { student_id: child }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(teacher, "/api/attendance/check-in", { student_id: child }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await staysOf(child)).toHaveLength(1);
    // Without the key the same tap is a second check-in, which the roster refuses.
    expect((await send(teacher, "/api/attendance/check-in", { student_id: child }, undefined)).statusCode).toBe(409);
  });

  it("keeps a refusal as the answer too", async () => {
    const child = expected[0]!; // checked in above
    const key = randomUUID();
    const refused = await send(teacher, "/api/attendance/check-in", { student_id: child }, key);
    expect(refused.statusCode).toBe(409);
    const again = await send(teacher, "/api/attendance/check-in", { student_id: child }, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
  });

  it("refuses the same key for a different request with 422 and changes nothing", async () => {
    const key = randomUUID();
    const [one, two] = [expected[1]!, expected[2]!];
    expect((await send(teacher, "/api/attendance/check-in", { student_id: one }, key)).statusCode).toBe(200);
    const other = await send(teacher, "/api/attendance/check-in", { student_id: two }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", error: IDEMPOTENCY_MESSAGES.reused });
    expect(await staysOf(two)).toHaveLength(0);
  });

  it("is the caller's own: another person's same key is another request", async () => {
    const key = randomUUID();
    const [one, two] = [expected[3]!, expected[4]!];
    expect((await send(teacher, "/api/attendance/check-in", { student_id: one }, key)).statusCode).toBe(200);
    const theirs = await send(director, "/api/attendance/check-in", { student_id: two }, key);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await staysOf(two)).toHaveLength(1);
  });

  it("sends requests with one key that arrive at once to one check-in (two instances on PostgreSQL)", async () => {
    const second = database.url ? await createSecondInstance(context) : app;
    const key = randomUUID();
    const child = expected[5]!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        send(teacher, "/api/attendance/check-in", { student_id: child }, key, index % 2 ? second : app),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await staysOf(child)).toHaveLength(1);
  });

  it("refuses a key that is not a UUID, and a key on a write no device queues", async () => {
    const bad = await send(teacher, "/api/attendance/check-in", { student_id: expected[6] ?? expected[0] }, "tap-1");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(IDEMPOTENCY_MESSAGES.badKey);
    const undo = await send(
      teacher,
      "/api/attendance/undo",
      { student_id: expected[0], action: "check_in" },
      randomUUID(),
    );
    expect(undo.statusCode).toBe(400);
    expect(undo.json().error).toBe(IDEMPOTENCY_MESSAGES.notTaken);
    expect(await staysOf(expected[0]!)).toHaveLength(1);
  });

  it("takes an observation's text as JSON with a key, recorded once; refuses a key on one with photos (multipart)", async () => {
    const key = randomUUID();
    const child = expected[0]!;
    const note = { child_id: child, date: DEMO_TODAY, notes: `Built a tower of nine blocks ${key}` };
    const first = await send(teacher, "/api/observation-logs", note, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(teacher, "/api/observation-logs", note, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const logs = await db.select().from(observationLogs).where(eq(observationLogs.notes, note.notes));
    expect(logs).toHaveLength(1);
    // Bad input as JSON is refused as the form's is, and records nothing.
    const noChild = await send(teacher, "/api/observation-logs", { date: DEMO_TODAY, notes: "x" }, randomUUID());
    expect(noChild.statusCode).toBe(400);

    const upload = await app.inject({
      method: "POST",
      url: "/api/observation-logs",
      headers: {
        ...teacher.headers,
        "idempotency-key": randomUUID(),
        "content-type": "multipart/form-data; boundary=sprout",
      },
      payload: `--sprout\r\nContent-Disposition: form-data; name="child_id"\r\n\r\n${child}\r\n--sprout--\r\n`,
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().error).toBe(IDEMPOTENCY_MESSAGES.notTaken);
  });

  it("ends a nap with the class's wake-up once, however often the queued wake-up is sent", async () => {
    const child = expected[1]!; // checked in above
    const nap = await send(
      teacher,
      "/api/daily-activities/batch",
      { kind: "sleep", date: DEMO_TODAY, child_ids: [child], start_time: "00:01", end_time: "" },
      randomUUID(),
    );
    expect(nap.statusCode, nap.body).toBe(201);
    const key = randomUUID();
    const wake = { kind: "wake", date: DEMO_TODAY, child_ids: [child], end_time: "00:02" };
    const first = await send(teacher, "/api/daily-activities/batch", wake, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(teacher, "/api/daily-activities/batch", wake, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const naps = await db
      .select()
      .from(sleepEntries)
      .where(and(eq(sleepEntries.studentId, child), eq(sleepEntries.day, DEMO_TODAY)));
    expect(naps.filter((entry) => entry.startTime === "00:01").map((entry) => entry.endTime)).toEqual(["00:02"]);
  });

  it("names only routes that exist", () => {
    const routes = new Set(app.routeAccess.map((route) => `${route.method} ${route.url}`));
    for (const write of OFFLINE_WRITES) expect(routes, write).toContain(write);
  });

  it("keeps answers for a week, then the prune job removes them", async () => {
    const [kept] = await db.select().from(idempotencyKeys).limit(1);
    expect(kept?.statusCode).not.toBeNull();
    const start = clock.now();
    clock.set(new Date(start.getTime() + 6 * DAY));
    await runPrune(db, clock, AREA_PRUNES);
    expect((await db.select().from(idempotencyKeys)).length).toBeGreaterThan(0);
    clock.set(new Date(start.getTime() + 8 * DAY));
    await runPrune(db, clock, AREA_PRUNES);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
    clock.set(start);
  });
});

describe("the time of a tap that waited on the device", () => {
  it("keeps the check-in's tap time, and refuses one in the future or on an earlier day", async () => {
    [teacher] = await Promise.all([signIn(app, DEMO_EMAILS.teacher)]);
    const child = expected[7] ?? expected[6]!;
    const now = clock.now().getTime();
    const future = await send(
      teacher,
      "/api/attendance/check-in",
      { student_id: child, tapped_at: new Date(now + 10 * 60_000).toISOString() },
      randomUUID(),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(OFFLINE_MESSAGES.tapInFuture);
    const yesterday = await send(
      teacher,
      "/api/attendance/check-in",
      { student_id: child, tapped_at: new Date(now - DAY).toISOString() },
      randomUUID(),
    );
    expect(yesterday.statusCode).toBe(409);
    expect(yesterday.json().error).toBe(OFFLINE_MESSAGES.tapBeforeDay);
    expect(await staysOf(child)).toHaveLength(0);

    const tapped = new Date(now - 48 * 60_000);
    const late = await send(
      teacher,
      "/api/attendance/check-in",
      { student_id: child, tapped_at: tapped.toISOString() },
      randomUUID(),
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().check_in_at).toBe(tapped.toISOString());
    expect((await staysOf(child))[0]!.checkInAt.toISOString()).toBe(tapped.toISOString());
  });

  it("keeps a meal logged for the class at the time it was tapped", async () => {
    const eaters = [expected[0]!, expected[1]!];
    const tapped = new Date(clock.now().getTime() - 30 * 60_000);
    const saved = await send(
      teacher,
      "/api/daily-activities/batch",
      {
        kind: "food",
        date: DEMO_TODAY,
        meal_type: "lunch",
        tapped_at: tapped.toISOString(),
        entries: eaters.map((child_id) => ({ child_id, food_consumed: 100 })),
      },
      randomUUID(),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const meals = await db.select().from(foodEntries).where(inArray(foodEntries.studentId, eaters));
    const logged = meals.filter((meal) => meal.mealType === "lunch" && meal.createdAt.getTime() === tapped.getTime());
    expect(logged).toHaveLength(2);
  });
});
