import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { demoNotArrived } from "../../../test/demo-today.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { dailyDigests } from "../../db/schema/child-day.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { runDailyDigest } from "./digest.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [home] = await demoCentres(db);
const TODAY = "2026-11-20"; // the test clock starts at 12:00 in Bengaluru
const at = (time: string) => new Date(`${TODAY}T${time}:00+05:30`);

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const teacher = as(app, teacherSession);
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));

const rooms = (
  await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherSession.user.id))
).map((row) => row.classroomId);
const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
const family = db
  .select({ id: studentGuardians.studentId })
  .from(studentGuardians)
  .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
  .where(eq(guardians.userId, parentUser!.id));
const [own] = await db
  .select()
  .from(students)
  .where(eq(students.id, (await family)[0]!.id));
await db.update(students).set({ classroomId: rooms[0]! }).where(eq(students.id, own!.id));
// Two more families of the centre with sign-ins: one whose child has a day recorded, one whose
// child has not come today (the demo's day is under way: most children arrived this morning).
const notCome = await demoNotArrived(db, home!.id);
const others = [
  ...(await db
    .select()
    .from(students)
    .where(and(eq(students.centerId, home!.id), ne(students.status, "left"), notInArray(students.id, family)))
    .limit(1)),
  ...(await db
    .select()
    .from(students)
    .where(inArray(students.id, [notCome.find((kid) => kid.classroomId !== rooms[0])!.id]))),
];
await db.update(students).set({ classroomId: rooms[0]! }).where(eq(students.id, others[0]!.id));
async function parentOf(childId: string, email: string) {
  const [user] = await db
    .insert(users)
    .values({ organisationId: parentUser!.organisationId, email, fullName: email.split("@")[0]!, role: "parent" })
    .returning();
  const [guardian] = await db
    .insert(guardians)
    .values({ centerId: home!.id, firstName: user!.fullName, userId: user!.id })
    .returning();
  await db.insert(studentGuardians).values({ studentId: childId, guardianId: guardian!.id, relation: "mother" });
  return user!;
}
const busyParent = await parentOf(others[0]!.id, "busy.parent@sprout.test");
const quietParent = await parentOf(others[1]!.id, "quiet.parent@sprout.test");

const mailed: OutgoingMail[] = [];
const mail = async (message: OutgoingMail) => {
  mailed.push(message);
};

describe("the evening digest", () => {
  it("each parent with a day recorded gets one e-mail at the centre's hour, once", async () => {
    // The child came at 08:40 (the demo's morning) and goes home at 17:10.
    const [stay] = await db
      .update(attendanceStays)
      .set({ checkOutAt: at("17:10") })
      .where(and(eq(attendanceStays.studentId, own!.id), eq(attendanceStays.day, TODAY)))
      .returning();
    expect(stay!.checkInAt).toEqual(at("08:40"));
    const record = async (path: string, body: object) => {
      const answer = await teacher.post(path, { child_id: own!.id, date: TODAY, ...body });
      expect(answer.statusCode, answer.body).toBe(201);
    };
    await record("/api/daily-activities/food", { meal_type: "lunch", food_consumed: 75 });
    await record("/api/daily-activities/sleep", { start_time: "13:00", end_time: "14:20" });
    await record("/api/daily-activities/potty", { type: "diaper_change", diaper_status: "wet" });
    await record("/api/stars", { reason: "Shared the blocks" });
    const observed = await app.inject({
      method: "POST",
      url: "/api/observation-logs",
      headers: { ...teacherSession.headers, "content-type": "multipart/form-data; boundary=sprout" },
      payload: [
        ["child_id", own!.id],
        ["date", TODAY],
        ["milestone", "Language"],
        ["notes", "Sang the whole rhyme"],
      ]
        .map(([name, value]) => `--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("")
        .concat("--sprout--\r\n"),
    });
    expect(observed.statusCode, observed.body).toBe(201);
    const asked = await parent.post(`/api/child-health/${own!.id}/medications`, {
      name: "Paracetamol syrup",
      dose: "5 ml",
      schedule: "after lunch",
      start_date: TODAY,
      end_date: TODAY,
      consent: true,
    });
    const given = await teacher.post(`/api/child-health/medications/${asked.json().medications[0].id}/doses`, {
      dose: "5 ml",
      given_time: "12:30",
    });
    expect(given.statusCode, given.body).toBe(201);
    const busy = await teacher.post("/api/daily-activities/food", {
      child_id: others[0]!.id,
      date: TODAY,
      meal_type: "breakfast",
      food_consumed: 100,
    });
    expect(busy.statusCode, busy.body).toBe(201);

    // 12:00: before the default hour (18:00), nothing.
    expect(await runDailyDigest(db, clock, mail)).toEqual({ ran: true, mailed: 0 });
    clock.set(at("18:05"));
    expect(await runDailyDigest(db, clock, mail)).toEqual({ ran: true, mailed: 2 });
    expect(mailed.map((message) => message.to).sort()).toEqual([busyParent.email, DEMO_EMAILS.parent].sort());
    expect(mailed.some((message) => message.to === quietParent.email)).toBe(false);

    const letter = mailed.find((message) => message.to === DEMO_EMAILS.parent)!;
    // Her brother came this morning too (the demo's day): one letter tells both days.
    expect(letter.subject).toBe("Aanya and Kabir's day at Sprout, 20 Nov 2026");
    expect(own!.firstName).toBe("Aanya");
    for (const line of [
      "Arrived 08:40, left 17:10",
      "Lunch: ate most (75%)",
      "Slept 13:00–14:20 (1 h 20 m)",
      "Diaper change: wet",
      "Medication: Paracetamol syrup, 5 ml at 12:30",
      "Star: Shared the blocks",
      "Observation: Language — Sang the whole rhyme",
    ])
      expect(letter.text).toContain(`- ${line}`);

    // A second run, or a second instance, sends nothing more that day.
    const [again, concurrent] = await Promise.all([runDailyDigest(db, clock, mail), runDailyDigest(db, clock, mail)]);
    expect(again.mailed + concurrent.mailed).toBe(0);
    expect(mailed).toHaveLength(2);
    expect(await db.select().from(dailyDigests).where(eq(dailyDigests.day, TODAY))).toHaveLength(2);
  });

  it("a parent who turned it off gets none; the centre's hour is its own choice", async () => {
    // Hours have passed on the test clock: fresh sessions.
    const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
    const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    expect((await parent.get("/api/parents/digest")).json()).toEqual({ daily_digest: true });
    const off = await parent.put("/api/parents/digest", { daily_digest: false });
    expect(off.json()).toEqual({ daily_digest: false });
    expect((await parent.get("/api/parents/digest")).json()).toEqual({ daily_digest: false });

    const set = await director.put("/api/child-day/digest-setting", { center_id: home!.id, digest_hour: 20 });
    expect(set.json()).toEqual({ center_id: home!.id, digest_hour: 20 });
    const bad = await director.put("/api/child-day/digest-setting", { center_id: home!.id, digest_hour: 24 });
    expect(bad.statusCode).toBe(400);

    // The next day: a meal for each child; at 18:05 the centre's 20:00 has not come.
    clock.set(new Date("2026-11-21T12:35:00Z"));
    const nextTeacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
    for (const child of [own!.id, others[0]!.id]) {
      const meal = await nextTeacher.post("/api/daily-activities/food", {
        child_id: child,
        date: "2026-11-21",
        meal_type: "lunch",
        food_consumed: 50,
      });
      expect(meal.statusCode, meal.body).toBe(201);
    }
    const before = mailed.length;
    expect((await runDailyDigest(db, clock, mail)).mailed).toBe(0);
    clock.set(new Date("2026-11-21T14:31:00Z")); // 20:01 in Bengaluru
    expect((await runDailyDigest(db, clock, mail)).mailed).toBe(1);
    expect(mailed.slice(before).map((message) => message.to)).toEqual([busyParent.email]);
  });

  it("reaches the outbox through the app's mailer, in the language the parent chose", async () => {
    const nextParent = as(app, await signIn(app, DEMO_EMAILS.parent));
    await nextParent.put("/api/parents/digest", { daily_digest: true });
    await nextParent.put("/api/account/preferences", { language: "hi" });
    const queued = await runDailyDigest(db, clock, (message) => app.mailer.send(message));
    expect(queued.mailed).toBe(1);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_EMAILS.parent));
    expect(row?.subject).toBe(`Sprout में ${own!.firstName} का दिन, 21 नव॰ 2026`);
    expect(row?.text).toContain("- दोपहर का खाना: आधा खाया (50%)");
    expect(row?.text).toContain("पूरी जानकारी और फ़ोटो के लिए Sprout खोलें।");
  });
});
