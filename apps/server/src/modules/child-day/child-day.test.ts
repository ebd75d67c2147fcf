import { CHILD_DAY_MESSAGES } from "@sprout/shared/schemas/child-day";
import { and, eq, gte, inArray, ne } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { demoRoomToday } from "../../../test/demo-today.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { TEST_START } from "../../../test/templates.ts";
import { attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { foodEntries, sleepEntries } from "../../db/schema/child-day.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { childRecordViews } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru
const YESTERDAY = "2026-11-19";

const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const parent = as(app, parentSession);
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const rooms = (await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id))).map(
  (row) => row.classroomId,
);
const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
const parentsChildren = (
  await db
    .select({ id: students.id, classroomId: students.classroomId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(guardians.userId, parentUser!.id))
).map((row) => row);
// The parent's first child is moved into the teacher's classroom so both sides meet.
const ownChild = parentsChildren[0]!;
await db.update(students).set({ classroomId: rooms[0]! }).where(eq(students.id, ownChild.id));
// The demo's day is under way at the test clock (12:00): most of the room is in since this
// morning, two children have not come.
const today = await demoRoomToday(db, rooms[0]!);
const classmates = today.present.filter((kid) => kid.id !== ownChild.id);
const notArrived = today.notArrived.filter((kid) => kid.id !== ownChild.id);
/** Meals the tests log (from the test clock on), not the demo's morning before it. */
const mealsSinceStart = (of: string[]) =>
  db
    .select()
    .from(foodEntries)
    .where(and(inArray(foodEntries.studentId, of), gte(foodEntries.createdAt, TEST_START)));
const [elsewhere] = await db
  .select({ id: students.id })
  .from(students)
  .where(
    and(
      eq(students.centerId, home!.id),
      ne(students.status, "left"),
      ne(students.classroomId, rooms[0]!),
      ne(students.classroomId, rooms[1]!),
    ),
  );
const [foreign] = await db.select({ id: students.id }).from(students).where(eq(students.centerId, other!.id));

describe("daily activities", () => {
  it("a teacher records lunch and a nap for a child of their classroom; the parent reads them", async () => {
    // This morning's snack (the demo's day) is there already; no lunch or nap yet at noon.
    const morning = (await parent.get(`/api/daily-activities/${ownChild.id}?date=${TODAY}`)).json();
    expect(morning.food.map((meal: { meal_type: string }) => meal.meal_type)).toEqual(["breakfast"]);
    expect(morning.sleep).toEqual([]);
    const lunch = await teacher.post("/api/daily-activities/food", {
      child_id: ownChild.id,
      date: TODAY,
      meal_type: "lunch",
      food_consumed: 75,
      notes: "Dal and rice",
    });
    expect(lunch.statusCode, lunch.body).toBe(201);
    const nap = await teacher.post("/api/daily-activities/sleep", {
      child_id: ownChild.id,
      date: TODAY,
      start_time: "13:00",
      end_time: "14:20",
    });
    expect(nap.statusCode, nap.body).toBe(201);

    const day = await parent.get(`/api/daily-activities/${ownChild.id}?date=${TODAY}`);
    expect(day.statusCode, day.body).toBe(200);
    const body = day.json();
    expect(body.can_record).toBe(false);
    expect(body.food).toMatchObject([
      { meal_type: "breakfast", food_consumed: morning.food[0].food_consumed },
      { meal_type: "lunch", food_consumed: 75, notes: "Dal and rice" },
    ]);
    expect(body.sleep).toMatchObject([{ start_time: "13:00", end_time: "14:20", duration_hours: 1.33 }]);

    const summary = (await parent.get(`/api/parents/child-day/${ownChild.id}`)).json();
    expect(summary).toMatchObject({ date: TODAY, sleep_minutes: 80, asleep: false });
    expect(summary.meals).toEqual([
      { meal_type: "breakfast", food_consumed: morning.food[0].food_consumed },
      { meal_type: "lunch", food_consumed: 75 },
    ]);

    // Every write is in the audit log.
    const audits = await db.select().from(auditLog).where(eq(auditLog.entity, "child_day"));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(["child_day.food_added", "child_day.sleep_added"]),
    );
  });

  it("refuses a second nap that overlaps, an end before the start, a bad percentage and a future date", async () => {
    const overlap = await teacher.post("/api/daily-activities/sleep", {
      child_id: ownChild.id,
      date: TODAY,
      start_time: "14:00",
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toBe(CHILD_DAY_MESSAGES.overlap);

    const backwards = await teacher.post("/api/daily-activities/sleep", {
      child_id: ownChild.id,
      date: TODAY,
      start_time: "15:00",
      end_time: "14:59",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe(CHILD_DAY_MESSAGES.endBeforeStart);

    for (const food_consumed of [101, -1, 50.5]) {
      const refused = await teacher.post("/api/daily-activities/food", {
        child_id: ownChild.id,
        date: TODAY,
        meal_type: "snack",
        food_consumed,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(CHILD_DAY_MESSAGES.percentRange);
    }

    const future = await teacher.post("/api/daily-activities/food", {
      child_id: ownChild.id,
      date: "2026-11-21",
      meal_type: "snack",
      food_consumed: 50,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(CHILD_DAY_MESSAGES.dateFuture);

    const snacks = await mealsSinceStart([ownChild.id]);
    expect(snacks.filter((meal) => meal.mealType === "snack")).toHaveLength(0);
  });

  it("two overlapping naps sent at once: exactly one is saved", async () => {
    const child = classmates[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        teacher.post("/api/daily-activities/sleep", { child_id: child, date: TODAY, start_time: "12:30" }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it("records one meal for a class at once, each child with what they ate", async () => {
    const kids = classmates.slice(1, 4); // checked in this morning, no lunch yet
    const entries = kids.map((kid, index) => ({ child_id: kid.id, food_consumed: index ? 100 : 50 }));
    const saved = await teacher.post("/api/daily-activities/batch", {
      kind: "food",
      date: TODAY,
      meal_type: "lunch",
      entries,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ kind: "food", saved: 3 });
    const list = (await teacher.get(`/api/daily-activities/classroom/${rooms[0]}`)).json();
    expect(list.can_record).toBe(true);
    // Lunch: these three, and the parent's child whose lunch the first test logged.
    const withLunch = list.children.filter((kid: { meals: string[] }) => kid.meals.includes("lunch"));
    expect(withLunch.map((kid: { id: string }) => kid.id).sort()).toEqual(
      [...entries.map((entry) => entry.child_id), ownChild.id].sort(),
    );
    const eaten = await db
      .select({ id: foodEntries.studentId, amount: foodEntries.foodConsumed })
      .from(foodEntries)
      .where(
        inArray(
          foodEntries.studentId,
          kids.map((kid) => kid.id),
        ),
      );
    expect(eaten).toContainEqual({ id: kids[0]!.id, amount: 50 });
  });

  it("teachers read and write only for their classrooms; another room's or centre's child is 404", async () => {
    const notMine = await teacher.post("/api/daily-activities/food", {
      child_id: elsewhere!.id,
      date: TODAY,
      meal_type: "lunch",
      food_consumed: 100,
    });
    expect(notMine.statusCode).toBe(404);
    expect((await teacher.get(`/api/daily-activities/${elsewhere!.id}`)).statusCode).toBe(404);
    // The batch is refused whole when one child is not theirs.
    const mixed = await teacher.post("/api/daily-activities/batch", {
      kind: "food",
      date: TODAY,
      meal_type: "snack",
      entries: [
        { child_id: classmates[5]!.id, food_consumed: 100 },
        { child_id: elsewhere!.id, food_consumed: 100 },
      ],
    });
    expect(mixed.statusCode).toBe(404);
    expect(await mealsSinceStart([classmates[5]!.id, elsewhere!.id])).toHaveLength(0);
    const far = await teacher.post("/api/stars", { child_id: foreign!.id, reason: "Shared the blocks" });
    expect(far.statusCode).toBe(404);
    expect((await teacher.get(`/api/daily-activities/${foreign!.id}`)).statusCode).toBe(404);
    // The director reads every child of the centre but does not record.
    const read = await director.get(`/api/daily-activities/${elsewhere!.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().can_record).toBe(false);
    expect((await director.get(`/api/daily-activities/${foreign!.id}`)).statusCode).toBe(404);
  });

  it("parents read only their own children, and write nothing", async () => {
    expect((await parent.get(`/api/daily-activities/${elsewhere!.id}`)).statusCode).toBe(404);
    expect((await parent.get(`/api/parents/child-day/${elsewhere!.id}`)).statusCode).toBe(404);
    expect((await parent.get(`/api/stars/${elsewhere!.id}`)).statusCode).toBe(404);
    const write = await parent.post("/api/daily-activities/food", {
      child_id: ownChild.id,
      date: TODAY,
      meal_type: "lunch",
      food_consumed: 100,
    });
    expect(write.statusCode).toBe(403);
  });

  it("stars, potty and health: the week's stars, a diaper change, medication and allergies", async () => {
    const before = (await parent.get(`/api/parents/child-day/${ownChild.id}`)).json();
    const starsBefore = (await parent.get(`/api/stars/${ownChild.id}`)).json().stars;
    const star = await teacher.post("/api/stars", { child_id: ownChild.id, reason: "Shared the blocks" });
    expect(star.statusCode, star.body).toBe(201);
    const noReason = await teacher.post("/api/stars", { child_id: ownChild.id, reason: "  " });
    expect(noReason.json().error).toBe(CHILD_DAY_MESSAGES.reasonRequired);
    expect(
      (
        await teacher.post("/api/daily-activities/potty", {
          child_id: ownChild.id,
          date: TODAY,
          type: "diaper_change",
          diaper_status: "wet",
        })
      ).statusCode,
    ).toBe(201);
    const medication = await teacher.post("/api/daily-activities/health", {
      child_id: ownChild.id,
      date: TODAY,
      kind: "medication",
      details: "Paracetamol syrup",
      dose: "",
      given_time: "",
      temperature_c: "",
    });
    // A dose is logged only against a medication a parent consented to (child-health.test.ts).
    expect(medication.json().error).toBe(CHILD_DAY_MESSAGES.healthKindRequired);
    const fever = await teacher.post("/api/daily-activities/health", {
      child_id: ownChild.id,
      date: TODAY,
      kind: "temperature",
      temperature_c: 50,
    });
    expect(fever.json().error).toBe(CHILD_DAY_MESSAGES.temperatureRange);
    const allergy = await teacher.post("/api/daily-activities/health", {
      child_id: ownChild.id,
      date: TODAY,
      kind: "allergy",
      details: "Peanuts",
      temperature_c: null,
    });
    expect(allergy.statusCode, allergy.body).toBe(201);

    const stars = (await parent.get(`/api/stars/${ownChild.id}`)).json();
    expect(stars.stars).toHaveLength(starsBefore.length + 1);
    expect(stars.stars).toContainEqual(
      expect.objectContaining({ reason: "Shared the blocks", awarded_by: teacherUser!.fullName }),
    );
    const summary = (await parent.get(`/api/parents/child-day/${ownChild.id}`)).json();
    expect(summary).toMatchObject({
      stars_this_week: before.stars_this_week + 1,
      potty_count: before.potty_count + 1,
      last_diaper_status: "wet",
      allergies: ["Peanuts"],
    });
    const list = (await teacher.get(`/api/daily-activities/classroom/${rooms[0]}`)).json();
    expect(list.children.find((kid: { id: string }) => kid.id === ownChild.id).allergies).toEqual(["Peanuts"]);
  });
});

describe("who is in today, and corrections", () => {
  const checkIn = (studentId: string, day = TODAY) =>
    db.insert(attendanceStays).values({
      organisationId: teacherUser!.organisationId,
      centerId: home!.id,
      studentId,
      classroomId: rooms[0]!,
      day,
      checkInAt: new Date(`${day}T08:30:00+05:30`),
    });
  const rowOf = async (id: string) =>
    (await teacher.get(`/api/daily-activities/classroom/${rooms[0]}`))
      .json()
      .children.find((kid: { id: string }) => kid.id === id);

  // In since this morning (with only a nap logged by the tests above), and two who have not come.
  const [present, away, unknown] = [classmates[0]!.id, notArrived[0]!.id, notArrived[1]!.id];

  it("the class list says who is checked in and who is marked absent", async () => {
    await db.insert(attendanceAbsences).values({
      studentId: away,
      day: TODAY,
      centerId: home!.id,
      reason: "sick",
      markedAt: new Date(`${TODAY}T09:00:00+05:30`),
    });
    expect(await rowOf(present)).toMatchObject({ checked_in: true, absent: false });
    expect(await rowOf(away)).toMatchObject({ checked_in: false, absent: true });
    expect(await rowOf(unknown)).toMatchObject({ checked_in: false, absent: false });
    // Yesterday nobody was in.
    const yesterday = (await teacher.get(`/api/daily-activities/classroom/${rooms[0]}?date=${YESTERDAY}`)).json();
    expect(yesterday.children.every((kid: { checked_in: boolean }) => !kid.checked_in)).toBe(true);
  });

  it("a child marked absent gets no meal, nap or potty; one not yet checked in still can, one at a time", async () => {
    const batch = await teacher.post("/api/daily-activities/batch", {
      kind: "food",
      date: TODAY,
      meal_type: "lunch",
      entries: [present, away].map((child_id) => ({ child_id, food_consumed: 100 })),
    });
    expect(batch.statusCode).toBe(409);
    expect(batch.json()).toMatchObject({ code: "NOT_HERE", details: { [away]: "absent" } });
    expect(batch.json().error).toMatch(/\(marked absent\)$/);
    for (const [path, body] of [
      ["/api/daily-activities/food", { meal_type: "lunch", food_consumed: 100 }],
      ["/api/daily-activities/sleep", { start_time: "13:00" }],
      ["/api/daily-activities/potty", { type: "bathroom", diaper_status: "dry" }],
    ] as const) {
      const refused = await teacher.post(path, { child_id: away, date: TODAY, ...body });
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json().error).toBe(CHILD_DAY_MESSAGES.markedAbsent);
    }
    expect(await mealsSinceStart([present, away])).toHaveLength(0);
    // Teachers forget to check children in: a deliberate log for one such child is accepted, but a
    // log for several ("the children in the room") takes only children checked in.
    const forgotten = await teacher.post("/api/daily-activities/batch", {
      kind: "food",
      date: TODAY,
      meal_type: "lunch",
      entries: [present, unknown].map((child_id) => ({ child_id, food_consumed: 100 })),
    });
    expect(forgotten.statusCode).toBe(409);
    expect(forgotten.json().details).toEqual({ [unknown]: "not_checked_in" });
    const one = await teacher.post("/api/daily-activities/food", {
      child_id: unknown,
      date: TODAY,
      meal_type: "lunch",
      food_consumed: 100,
    });
    expect(one.statusCode, one.body).toBe(201);
    // The absent child arrives after all: the check-in wins over the mark.
    await checkIn(away);
    expect(await rowOf(away)).toMatchObject({ checked_in: true, absent: false });
    const late = await teacher.post("/api/daily-activities/food", {
      child_id: away,
      date: TODAY,
      meal_type: "snack",
      food_consumed: 50,
    });
    expect(late.statusCode, late.body).toBe(201);
  });

  it("removes a wrong entry the same day without a reason; an earlier day's needs one; both are audited", async () => {
    const child = classmates[4]!.id;
    // The child's day answers with this morning's meals (the demo's) and the one logged now.
    const meals = (
      await teacher.post("/api/daily-activities/food", {
        child_id: child,
        date: TODAY,
        meal_type: "snack",
        food_consumed: 25,
      })
    ).json().food as { id: string; food_consumed: number; created_at: string }[];
    const today = meals.find((meal) => meal.created_at === TEST_START.toISOString())!;
    expect(today).toMatchObject({ food_consumed: 25 });
    const removed = await teacher.delete(`/api/daily-activities/food/${today.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().food).toEqual(meals.filter((meal) => meal.id !== today.id));

    const earlier = await teacher.post("/api/daily-activities/food", {
      child_id: child,
      date: YESTERDAY,
      meal_type: "lunch",
      food_consumed: 100,
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    const old = earlier.json().food[0];
    const noReason = await teacher.delete(`/api/daily-activities/food/${old.id}`);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(CHILD_DAY_MESSAGES.correctionReason);
    expect(await db.select().from(foodEntries).where(eq(foodEntries.id, old.id))).toHaveLength(1);
    // A parent or another classroom's teacher cannot remove it.
    expect((await parent.delete(`/api/daily-activities/food/${old.id}?reason=x`)).statusCode).toBe(403);

    const withReason = await teacher.delete(
      `/api/daily-activities/food/${old.id}?reason=${encodeURIComponent("Was absent, recorded by mistake")}`,
    );
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect(withReason.json()).toMatchObject({ date: YESTERDAY, food: [] });

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "child_day.food_removed"), inArray(auditLog.entityId, [today.id, old.id])));
    const byId = new Map(audits.map((row) => [row.entityId, row]));
    expect(byId.get(today.id)).toMatchObject({ actorId: teacherUser!.id, after: { reason: "", late: false } });
    expect(byId.get(old.id)).toMatchObject({
      actorId: teacherUser!.id,
      after: { reason: "Was absent, recorded by mistake", late: true },
      before: { mealType: "lunch", foodConsumed: 100, day: YESTERDAY },
    });
    expect((await teacher.delete(`/api/daily-activities/food/${old.id}?reason=again`)).statusCode).toBe(404);
  });

  it("wakes a sleeping child: the nap gets its end; an end before the start is refused", async () => {
    const child = classmates[5]!.id;
    const asleep = await teacher.post("/api/daily-activities/sleep", {
      child_id: child,
      date: TODAY,
      start_time: "12:40",
    });
    expect(asleep.statusCode, asleep.body).toBe(201);
    const nap = asleep.json().sleep[0];
    expect(nap).toMatchObject({ start_time: "12:40", end_time: null });
    expect((await rowOf(child)).asleep).toBe(true);

    const backwards = await teacher.post(`/api/daily-activities/sleep/${nap.id}/wake`, { end_time: "12:10" });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe(CHILD_DAY_MESSAGES.endBeforeStart);
    expect((await parent.post(`/api/daily-activities/sleep/${nap.id}/wake`, { end_time: "14:00" })).statusCode).toBe(
      403,
    );

    const woke = await teacher.post(`/api/daily-activities/sleep/${nap.id}/wake`, { end_time: "14:10" });
    expect(woke.statusCode, woke.body).toBe(200);
    expect(woke.json().sleep).toMatchObject([{ start_time: "12:40", end_time: "14:10", duration_hours: 1.5 }]);
    expect(await rowOf(child)).toMatchObject({ asleep: false, sleep_minutes: 90 });
    const [row] = await db.select().from(sleepEntries).where(eq(sleepEntries.id, nap.id));
    expect(row?.endTime).toBe("14:10");
  });

  it("a staff read of a child's stars is written to the access log", async () => {
    const views = async () => {
      // Reading the log flushes what is queued.
      await director.get(`/api/privacy/access-log?child_id=${ownChild.id}`);
      return db
        .select()
        .from(childRecordViews)
        .where(and(eq(childRecordViews.studentId, ownChild.id), eq(childRecordViews.viewerId, teacherUser!.id)));
    };
    const before = (await views()).length;
    expect((await teacher.get(`/api/stars/${ownChild.id}`)).statusCode).toBe(200);
    const after = await views();
    expect(after).toHaveLength(before + 1);
    expect(after.map((view) => view.kind)).toContain("health");
    expect(after.every((view) => view.viewerRole === "teacher")).toBe(true);
    // A parent reading their own child's stars is not an access to record.
    const parentBefore = (await db.select().from(childRecordViews).where(eq(childRecordViews.viewerId, parentUser!.id)))
      .length;
    expect((await parent.get(`/api/stars/${ownChild.id}`)).statusCode).toBe(200);
    await director.get(`/api/privacy/access-log?child_id=${ownChild.id}`);
    expect(await db.select().from(childRecordViews).where(eq(childRecordViews.viewerId, parentUser!.id))).toHaveLength(
      parentBefore,
    );
  });
});

describe("observation logs", () => {
  const form = (fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) => {
    const parts = Object.entries(fields).map(
      ([name, value]) => `--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
    if (file) {
      chunks.push(
        Buffer.from(
          `--sprout\r\nContent-Disposition: form-data; name="attachments"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.content,
        Buffer.from("\r\n"),
      );
    }
    chunks.push(Buffer.from("--sprout--\r\n"));
    return Buffer.concat(chunks);
  };
  const multipart = (session: Awaited<ReturnType<typeof signIn>>, method: "POST" | "PUT", url: string, body: Buffer) =>
    app.inject({
      method,
      url,
      headers: { ...session.headers, "content-type": "multipart/form-data; boundary=sprout" },
      payload: body,
    });

  it("a teacher logs an observation with a photo; the parent reads it and opens the photo, others cannot", async () => {
    const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3a7" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera" } } })
      .toBuffer();
    const created = await multipart(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form(
        { child_id: ownChild.id, date: TODAY, milestone: "Physical development", notes: "Climbed the frame" },
        { name: "frame.jpg", type: "image/jpeg", content: photo },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const log = created.json();
    expect(log).toMatchObject({ milestone: "Physical development", notes: "Climbed the frame", can_edit: true });
    expect(log.attachments).toHaveLength(1);

    // Newest first, before the demo's earlier logs of the child.
    const logs = (await parent.get(`/api/observation-logs?child_id=${ownChild.id}`)).json();
    expect(logs.logs[0].id).toBe(log.id);
    expect(logs.logs.slice(1).map((entry: { id: string }) => entry.id)).not.toContain(log.id);
    expect(logs.logs[0].can_edit).toBe(false);
    const download = await parent.get(log.attachments[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/jpeg");
    expect(download.rawPayload.includes(Buffer.from("secret-camera"))).toBe(false);

    // Staff of another centre: the log and its photo do not exist for them.
    await createCentreUser(db, other!.id, "teacher", "stranger.teacher@sprout.test");
    const stranger = as(app, await signIn(app, "stranger.teacher@sprout.test"));
    expect((await stranger.get(log.attachments[0].url)).statusCode).toBe(404);
    expect((await director.get(log.attachments[0].url)).statusCode).toBe(200);
  });

  it("refuses a missing child or date, a non-image file, and a log for another classroom's child", async () => {
    const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
    const noChild = await multipart(teacherSession, "POST", "/api/observation-logs", form({ date: TODAY }));
    expect(noChild.statusCode).toBe(400);
    expect(noChild.json().error).toBe(CHILD_DAY_MESSAGES.observationChildRequired);
    const noDate = await multipart(teacherSession, "POST", "/api/observation-logs", form({ child_id: ownChild.id }));
    expect(noDate.json().error).toBe(CHILD_DAY_MESSAGES.dateRequired);
    const script = await multipart(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form(
        { child_id: ownChild.id, date: TODAY },
        { name: "x.html", type: "image/png", content: Buffer.from("<script>alert(1)</script>") },
      ),
    );
    expect(script.statusCode).toBe(415);
    const notMine = await multipart(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form({ child_id: elsewhere!.id, date: TODAY }),
    );
    expect(notMine.statusCode).toBe(404);
  });

  it("another family's parent gets 404 for the log's file and the child's list; a PDF is served as it was sent", async () => {
    const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const created = await multipart(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form(
        { child_id: ownChild.id, date: TODAY, milestone: "Cognitive development", notes: "Sorted by colour" },
        { name: "assessment.pdf", type: "application/pdf", content: pdf },
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const log = created.json();
    expect(log.attachments).toMatchObject([{ name: "assessment.pdf", mime_type: "application/pdf" }]);
    const download = await parent.get(log.attachments[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const neighbour = await createCentreUser(db, home!.id, "parent", "observation.neighbour@sprout.test");
    const [guardian] = await db
      .insert(guardians)
      .values({ centerId: home!.id, firstName: "Neighbour", lastName: "Parent", userId: neighbour.id })
      .returning();
    await db
      .insert(studentGuardians)
      .values({ studentId: classmates[0]!.id, guardianId: guardian!.id, relation: "Mother" });
    const otherFamily = as(app, await signIn(app, neighbour.email));
    expect((await otherFamily.get(log.attachments[0].url)).statusCode).toBe(404);
    expect((await otherFamily.get(`/api/observation-logs?child_id=${ownChild.id}`)).statusCode).toBe(404);
    expect((await otherFamily.get(`/api/daily-activities/${ownChild.id}`)).statusCode).toBe(404);
    // Their own list holds their own child's logs only.
    const theirs = (await otherFamily.get("/api/observation-logs")).json();
    expect(theirs.logs.every((entry: { child_id: string }) => entry.child_id === classmates[0]!.id)).toBe(true);
  });

  it("refuses an observation dated in the future", async () => {
    const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
    const future = await multipart(
      teacherSession,
      "POST",
      "/api/observation-logs",
      form({ child_id: ownChild.id, date: "2026-11-21", notes: "Tomorrow" }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(CHILD_DAY_MESSAGES.dateFuture);
  });

  it("edits and deletes a log; parents cannot", async () => {
    const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
    const created = (
      await multipart(teacherSession, "POST", "/api/observation-logs", form({ child_id: ownChild.id, date: TODAY }))
    ).json();
    const edited = await multipart(
      teacherSession,
      "PUT",
      `/api/observation-logs/${created.id}`,
      form({ child_id: ownChild.id, date: TODAY, milestone: "Literacy", notes: "Named five letters" }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ milestone: "Literacy", notes: "Named five letters" });
    expect((await parent.delete(`/api/observation-logs/${created.id}`)).statusCode).toBe(403);
    // The parent's open list hears of the deletion as it heard of the log.
    const parentSocket = recorder(await connect(await listen(app), parentSession));
    expect((await teacher.delete(`/api/observation-logs/${created.id}`)).statusCode).toBe(204);
    await parentSocket.next(
      "child-day-update",
      (event: { kind: string; child_id: string }) => event.kind === "observation" && event.child_id === ownChild.id,
    );
    expect((await teacher.delete(`/api/observation-logs/${created.id}`)).statusCode).toBe(404);
  });
});
