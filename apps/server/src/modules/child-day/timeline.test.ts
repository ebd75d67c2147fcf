import { TIMELINE_MAX_ENTRIES, type TimelineEntry } from "@sprout/shared/schemas/child-day-timeline";
import { and, asc, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { form, pngPhoto, sendForm } from "../../../test/digital-portfolio-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { pottyEntries } from "../../db/schema/child-day.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import { storeAnswers } from "../privacy/consent-store.ts";

/** The parent's day as one story (issue 30, point 10): one route, in time order, per role. */
const { app, database, clock } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru, the demo's day under way
// The day told from its start: the next one, after the demo's day has ended.
const STORY_DAY = "2026-11-21";

// Sessions are signed in again whenever the clock moves on: an access token lives 15 minutes.
let teacherSession = await signIn(app, DEMO_EMAILS.teacher);
let teacher = as(app, teacherSession);
let parent = as(app, await signIn(app, DEMO_EMAILS.parent));
let director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const childNamed = async (first: string) =>
  (
    await db
      .select()
      .from(students)
      .where(and(eq(students.firstName, first), eq(students.centerId, home!.id)))
  )[0]!;
const aanya = await childNamed("Aanya");
const [classmate] = await db
  .select()
  .from(students)
  .where(and(eq(students.classroomId, aanya.classroomId!), ne(students.id, aanya.id), eq(students.status, "active")))
  .orderBy(asc(students.firstName));
const [mother] = await db
  .select({ id: guardians.id, first: guardians.firstName, last: guardians.lastName })
  .from(guardians)
  .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
  .where(eq(studentGuardians.studentId, aanya.id))
  .orderBy(asc(guardians.firstName));
// A child of the parent's own centre who is not theirs, and a child of another centre.
const [otherFamily] = await db
  .select({ id: students.id })
  .from(students)
  .innerJoin(classrooms, eq(classrooms.id, students.classroomId))
  .where(and(eq(students.centerId, home!.id), ne(students.id, aanya.id), ne(students.lastName, aanya.lastName)));
const [foreign] = await db.select({ id: students.id }).from(students).where(eq(students.centerId, other!.id));

/** The clock at a time of the test day in Bengaluru, with fresh sign-ins. */
async function at(time: string, day = STORY_DAY) {
  clock.set(new Date(`${day}T${time}:00+05:30`));
  teacherSession = await signIn(app, DEMO_EMAILS.teacher);
  teacher = as(app, teacherSession);
  parent = as(app, await signIn(app, DEMO_EMAILS.parent));
  director = as(app, await signIn(app, DEMO_EMAILS.center_director));
}
/** Five o'clock on the demo's day: every child still in Aanya's room goes home. */
async function endTheDemoDay() {
  await at("17:00", TODAY);
  const roster = (await teacher.get(`/api/attendance/roster?classroom_id=${aanya.classroomId}`)).json() as {
    children: { student_id: string; status: string; pickup_people: { id: string }[] }[];
  };
  const inNow = roster.children.filter((child) => child.status === "in");
  expect(inNow.map((child) => child.student_id)).toContain(aanya.id);
  for (const child of inNow) {
    const out = await teacher.post("/api/attendance/check-out", {
      student_id: child.student_id,
      pickup_person_id: child.pickup_people[0]!.id,
    });
    expect(out.statusCode, out.body).toBe(200);
  }
}
const setConsent = (childId: string, consent: "own" | "group") =>
  storeAnswers(db, {
    childId,
    answers: { portfolio_photos: true, group_photos: consent === "group" },
    noticeId: null,
    by: null,
    at: new Date(),
  });
const upload = (fields: Record<string, string>) =>
  pngPhoto().then((content) =>
    sendForm(
      app,
      teacherSession,
      "/api/digital-portfolio/upload",
      form({ childId: aanya.id, ...fields }, [{ field: "file", name: "photo.png", type: "image/png", content }]),
    ),
  );
const timelineOf = async (session: typeof parent, childId = aanya.id, query = "") => {
  const response = await session.get(`/api/daily-activities/${childId}/timeline${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { child_id: string; date: string; entries: TimelineEntry[]; truncated: boolean };
};

describe("the child's day as a timeline", () => {
  it("today so far is the demo's morning: Aanya arrived, had her snack and more", async () => {
    const today = await timelineOf(parent);
    expect(today.date).toBe(TODAY);
    const kinds = today.entries.map((entry) => entry.kind);
    expect(kinds[0]).toBe("arrival");
    expect(kinds).toContain("meal");
    expect(kinds).not.toContain("departure");
    expect(today.entries.every((entry) => entry.time !== null && entry.time <= "12:00")).toBe(true);
  });

  it("a day with nothing yet is an empty timeline", async () => {
    // The demo's day ends: the teacher sends Aanya's room home at five.
    await endTheDemoDay();
    await at("07:00");
    expect(await timelineOf(parent)).toEqual({ child_id: aanya.id, date: STORY_DAY, entries: [], truncated: false });
  });

  it("tells the day in time order: arrival, meals, potty, photos, nap, star, health, observation, going home", async () => {
    await setConsent(aanya.id, "group");
    await setConsent(classmate!.id, "group");
    await at("08:30");
    expect((await teacher.post("/api/attendance/check-in", { student_id: aanya.id })).statusCode).toBe(200);
    await teacher.post("/api/attendance/check-in", { student_id: classmate!.id });
    await at("10:15");
    await teacher.post("/api/daily-activities/food", {
      child_id: aanya.id,
      date: STORY_DAY,
      meal_type: "breakfast",
      food_consumed: 75,
    });
    await at("10:40");
    await teacher.post("/api/daily-activities/potty", {
      child_id: aanya.id,
      date: STORY_DAY,
      type: "bathroom",
      diaper_status: "dry",
    });
    await at("11:10");
    expect((await upload({ title: "Painting with sponges" })).statusCode).toBe(201);
    await at("11:20");
    const group = await upload({ title: "Circle time", taggedChildIds: classmate!.id });
    expect(group.statusCode, group.body).toBe(201);
    await at("14:35");
    // The nap is logged after it ended, for two children at once: it sits at its own times.
    const nap = await teacher.post("/api/daily-activities/batch", {
      kind: "sleep",
      date: STORY_DAY,
      child_ids: [aanya.id, classmate!.id],
      start_time: "13:00",
      end_time: "14:30",
    });
    expect(nap.statusCode, nap.body).toBe(201);
    await at("15:00");
    await teacher.post("/api/stars", { child_id: aanya.id, reason: "Helped a friend" });
    await at("15:10");
    await teacher.post("/api/daily-activities/health", {
      child_id: aanya.id,
      date: STORY_DAY,
      kind: "temperature",
      details: "",
      temperature_c: "37.2",
    });
    await at("15:30");
    const log = await sendForm(
      app,
      teacherSession,
      "/api/observation-logs",
      form({ child_id: aanya.id, date: STORY_DAY, milestone: "Physical development", notes: "Hopped on one foot" }, []),
    );
    expect(log.statusCode, log.body).toBe(201);
    await at("16:45");
    const out = await teacher.post("/api/attendance/check-out", { student_id: aanya.id, pickup_person_id: mother!.id });
    expect(out.statusCode, out.body).toBe(200);

    // The classmate narrows their consent: the group photo leaves the parent's timeline at once.
    await setConsent(classmate!.id, "own");
    const day = await timelineOf(parent);
    expect(day.truncated).toBe(false);
    expect(day.entries.map((entry) => [entry.time, entry.kind])).toEqual([
      ["08:30", "arrival"],
      ["10:15", "meal"],
      ["10:40", "potty"],
      ["11:10", "photo"],
      ["13:00", "nap"],
      ["15:00", "star"],
      ["15:10", "health"],
      ["15:30", "observation"],
      ["16:45", "departure"],
    ]);
    const [arrival, meal, , photo, napEntry, , health, observation, departure] = day.entries;
    expect(arrival).toMatchObject({ checked_in_by: teacherUser!.fullName });
    expect(meal).toMatchObject({ meal_type: "breakfast", food_consumed: 75 });
    expect(photo).toMatchObject({ title: "Painting with sponges", media_type: "image" });
    if (photo?.kind !== "photo") throw new Error("not a photo");
    expect(photo.thumbnail_url).toMatch(/^\/api\/digital-portfolio\/[0-9a-f-]+\/thumbnail$/);
    expect((await parent.get(photo.thumbnail_url!)).statusCode).toBe(200);
    expect(napEntry).toMatchObject({ end_time: "14:30", minutes: 90 });
    expect(health).toMatchObject({ health_kind: "temperature", temperature_c: 37.2 });
    expect(observation).toMatchObject({ milestone: "Physical development", notes: "Hopped on one foot" });
    expect(departure).toMatchObject({ collected_by: `${mother!.first} ${mother!.last}`.trim() });
    // A family reads what happened, not who on the staff wrote it down.
    for (const entry of day.entries) expect(entry).not.toHaveProperty("recorded_by");

    // Staff see who recorded each entry. The teacher sees the photo too (not the group photo the
    // classmate's consent now hides); the director, who has no gallery, reads the day without photos.
    const kinds = (timeline: { entries: TimelineEntry[] }) => timeline.entries.map((entry) => entry.kind);
    const staff = await timelineOf(teacher);
    expect(kinds(staff)).toEqual(kinds(day));
    expect(staff.entries.find((entry) => entry.kind === "meal")).toMatchObject({
      recorded_by: teacherUser!.fullName,
    });
    expect(kinds(await timelineOf(director))).toEqual(kinds(day).filter((kind) => kind !== "photo"));
    // The classmate's own day shows the shared nap and arrival, but no photo of Aanya.
    const theirs = await timelineOf(teacher, classmate!.id);
    expect(theirs.entries.map((entry) => entry.kind)).toEqual(["arrival", "nap"]);
  });

  it("only for a child the caller may read: another family's or another centre's child is not found", async () => {
    expect((await parent.get(`/api/daily-activities/${otherFamily!.id}/timeline`)).statusCode).toBe(404);
    expect((await parent.get(`/api/daily-activities/${foreign!.id}/timeline`)).statusCode).toBe(404);
    expect((await teacher.get(`/api/daily-activities/${foreign!.id}/timeline`)).statusCode).toBe(404);
    expect((await director.get(`/api/daily-activities/${foreign!.id}/timeline`)).statusCode).toBe(404);
    const future = await parent.get(`/api/daily-activities/${aanya.id}/timeline?date=2026-11-22`);
    expect(future.statusCode).toBe(400);
    // An earlier day is the parent's to read too.
    expect(await timelineOf(parent, aanya.id, "?date=2026-11-19")).toMatchObject({ date: "2026-11-19", entries: [] });
  });

  it("a day past the cap answers its first entries and says it was cut", async () => {
    const day = "2026-11-18";
    await db.insert(pottyEntries).values(
      Array.from({ length: TIMELINE_MAX_ENTRIES + 5 }, (_, index) => ({
        studentId: classmate!.id,
        centerId: home!.id,
        day,
        type: "diaper_change" as const,
        diaperStatus: "wet" as const,
        createdAt: new Date(Date.parse(`${day}T09:00:00+05:30`) + index * 60_000),
      })),
    );
    const cut = await timelineOf(teacher, classmate!.id, `?date=${day}`);
    expect(cut.entries).toHaveLength(TIMELINE_MAX_ENTRIES);
    expect(cut.truncated).toBe(true);
    expect(cut.entries[0]).toMatchObject({ kind: "potty", time: "09:00" });
  });
});
