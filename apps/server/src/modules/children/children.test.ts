import { EXIT_MESSAGES, PAUSE_MESSAGES, pauseExpiry, todayIn } from "@sprout/shared/schemas/children";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classroomTeachers, students } from "../../db/schema/children.ts";
import { studentPauses } from "../../db/schema/enrollment.ts";
import { exitRecords } from "../../db/schema/exits.ts";
import { users } from "../../db/schema/users.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import { runAutoResume } from "./auto-resume.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [koramangala, andheri, gachibowli] = await demoCentres(db);
await createCentreUser(db, andheri!.id, "center_director", "director.andheri@sprout.test");

type Client = ReturnType<typeof as>;
let director: Client;
let otherDirector: Client;
let owner: Client;
let teacher: Client;
/** Sign in again at the clock's current time (access tokens last minutes; tests move days). */
async function signInAll() {
  director = as(app, await signIn(app, DEMO_EMAILS.center_director));
  otherDirector = as(app, await signIn(app, "director.andheri@sprout.test"));
  owner = as(app, await signIn(app, DEMO_EMAILS.owner));
  teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
}
let signedInAt = clock.now().getTime();
async function setClock(date: Date) {
  clock.set(date);
  if (Math.abs(date.getTime() - signedInAt) < 5 * 60_000) return;
  signedInAt = date.getTime();
  await signInAll();
}
await signInAll();

/** 12:00 in Bengaluru on 20 November 2026: "today" there is the 20th. */
const NOON_IST = new Date("2026-11-20T06:30:00Z");
const pause = (start: string, end: string, reason = "Vacation/Travel", notes = "") => ({
  pause_start_date: start,
  pause_end_date: end,
  reason,
  notes,
});

describe("GET /api/admin/children", () => {
  it("pages, searches and filters the caller's centre only, with counts by status", async () => {
    const response = await director.get("/api/admin/children?limit=10&page=2");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.children).toHaveLength(10);
    expect(body.pagination).toEqual({ page: 2, limit: 10, total: 50, totalIsLowerBound: false, totalPages: 5 });
    expect(body.counts).toEqual({ all: 50, active: 49, paused: 1, left: 0 });
    expect(new Set(body.children.map((child: { center_id: string }) => child.center_id))).toEqual(
      new Set([koramangala!.id]),
    );

    const paused = (await director.get("/api/admin/children?status=paused")).json();
    expect(paused.children).toHaveLength(1);
    expect(paused.children[0]).toMatchObject({
      status: "paused",
      pause_reason: "Vacation/Travel",
      paused_by_name: "Farhan Qureshi",
    });

    const search = (await director.get("/api/admin/children?search=malhotra")).json();
    expect(search.children.map((child: { name: string }) => child.name).sort()).toEqual([
      "Aanya Malhotra",
      "Kabir Malhotra",
    ]);
    expect(search.pagination.total).toBe(2);
    const byId = (await director.get(`/api/admin/children?search=${search.children[0].student_id}`)).json();
    expect(byId.children).toHaveLength(1);
    // Wildcards are searched for literally.
    expect((await director.get("/api/admin/children?search=%25")).json().children).toHaveLength(0);
  });

  it("a wide search pages in name order and counts 100 matches past the page, then says there are more", async () => {
    const matching = await db
      .select({ id: students.id })
      .from(students)
      .where(sql`${students.firstName} || ' ' || ${students.lastName} ilike '%a%' or ${students.studentId} ilike '%a%'`)
      .orderBy(students.firstName, students.lastName, students.id);
    expect(matching.length).toBeGreaterThan(110);
    const ids = (page: { children: { id: string }[] }) => page.children.map((child) => child.id);
    const first = (await owner.get("/api/admin/children?search=a&limit=10")).json();
    expect(ids(first)).toEqual(matching.slice(0, 10).map((row) => row.id));
    expect(first.pagination).toMatchObject({ total: 100, totalIsLowerBound: true, totalPages: 10 });
    const later = (
      await owner.get(`/api/admin/children?search=a&limit=10&page=${Math.ceil(matching.length / 10)}`)
    ).json();
    const lastPage = Math.ceil(matching.length / 10);
    expect(ids(later)).toEqual(matching.slice((lastPage - 1) * 10, lastPage * 10).map((row) => row.id));
    expect(later.pagination).toMatchObject({ total: matching.length, totalIsLowerBound: false });
    expect((await owner.get("/api/admin/children?limit=10")).json().pagination.totalIsLowerBound).toBe(false);
  });

  it("shows the owner every centre they own, and a centre filter", async () => {
    const all = (await owner.get("/api/admin/children?limit=5")).json();
    expect(all.counts).toEqual({ all: 150, active: 148, paused: 1, left: 1 });
    const left = (await owner.get(`/api/admin/children?status=left&center_id=${andheri!.id}`)).json();
    expect(left.children).toHaveLength(1);
    expect(left.children[0].exit_reason).toBe("Family relocated to Pune");
  });

  it("answers 404 for another centre's filter and 400 for a bad page size", async () => {
    expect((await director.get(`/api/admin/children?center_id=${andheri!.id}`)).statusCode).toBe(404);
    expect((await director.get("/api/admin/children?limit=1000")).statusCode).toBe(400);
  });

  it("gives teachers the children of their classrooms through GET /api/students, without fees (issue 20, ADR 0046)", async () => {
    const response = await teacher.get("/api/students?status=active");
    expect(response.statusCode).toBe(200);
    const list = response.json();
    const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
    const rooms = (
      await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id))
    ).map((row) => row.classroomId);
    const theirs = await db
      .select({ id: students.id })
      .from(students)
      .where(and(inArray(students.classroomId, rooms), eq(students.status, "active")));
    expect(theirs.length).toBeGreaterThan(0);
    expect(list.map((child: { id: string }) => child.id).sort()).toEqual(theirs.map((child) => child.id).sort());
    expect(
      list.every(
        (child: { center_id: string; class_id: string; monthly_fee?: number }) =>
          child.center_id === koramangala!.id && rooms.includes(child.class_id) && !("monthly_fee" in child),
      ),
    ).toBe(true);
    // The director still reads the whole centre.
    const all = (await director.get("/api/students?status=active&limit=100")).json();
    expect(all.length).toBeGreaterThan(list.length);
    expect((await teacher.get(`/api/students?center_id=${gachibowli!.id}`)).statusCode).toBe(404);
  });
});

describe("pause and resume", () => {
  let child: { id: string; firstName: string; lastName: string };
  beforeAll(async () => {
    await setClock(NOON_IST);
    child = (await childrenOf(db, koramangala!.id))[10]!;
  });

  it("requires a reason, a start from tomorrow and an end at least a day after the start", async () => {
    const noReason = await director.patch(`/api/students/${child.id}/pause`, pause("2026-11-21", "2026-11-27", "   "));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(PAUSE_MESSAGES.reasonRequired);

    const today = await director.patch(`/api/students/${child.id}/pause`, pause("2026-11-20", "2026-11-27"));
    expect(today.statusCode).toBe(400);
    expect(today.json()).toMatchObject({
      error: PAUSE_MESSAGES.startTooEarly,
      details: { pause_start_date: PAUSE_MESSAGES.startTooEarly },
    });

    const sameDay = await director.patch(`/api/students/${child.id}/pause`, pause("2026-11-21", "2026-11-21"));
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().error).toBe(PAUSE_MESSAGES.endTooEarly);

    const badDate = await director.patch(`/api/students/${child.id}/pause`, pause("2026-02-30", "2026-03-05"));
    expect(badDate.statusCode).toBe(400);
    const [row] = await db.select().from(students).where(eq(students.id, child.id));
    expect(row!.status).toBe("active");
  });

  it("judges 'tomorrow' in the centre's time zone, around midnight in Asia/Kolkata", async () => {
    // 23:59:59 on the 20th in Bengaluru (18:29:59 UTC): tomorrow is the 21st.
    await setClock(new Date("2026-11-20T18:29:59Z"));
    const other = (await childrenOf(db, koramangala!.id))[20]!;
    const late = await director.patch(`/api/students/${other.id}/pause`, pause("2026-11-21", "2026-11-22"));
    expect(late.statusCode).toBe(200);
    await director.patch(`/api/students/${other.id}/resume`, {});

    // 00:00 on the 21st in Bengaluru, though still the 20th in UTC: the 21st is now today.
    await setClock(new Date("2026-11-20T18:30:00Z"));
    const midnight = await director.patch(`/api/students/${other.id}/pause`, pause("2026-11-21", "2026-11-28"));
    expect(midnight.statusCode).toBe(400);
    expect(midnight.json().error).toBe(PAUSE_MESSAGES.startTooEarly);
    expect(
      (await director.patch(`/api/students/${other.id}/pause`, pause("2026-11-22", "2026-11-23"))).statusCode,
    ).toBe(200);
    await director.patch(`/api/students/${other.id}/resume`, {});
    await setClock(NOON_IST);
  });

  it("pauses an active child, records who paused, and refuses to pause twice", async () => {
    const response = await director.patch(
      `/api/students/${child.id}/pause`,
      pause("2026-11-21", "2026-11-27", " Medical reasons ", "Surgery"),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(`${child.firstName} ${child.lastName} has been paused successfully`);
    expect(body.student).toMatchObject({
      status: "paused",
      pause_start_date: "2026-11-21",
      pause_end_date: "2026-11-27",
      pause_reason: "Medical reasons",
      pause_notes: "Surgery",
      paused_by_name: "Sunita Iyer",
    });
    const again = await director.patch(`/api/students/${child.id}/pause`, pause("2026-11-22", "2026-11-29"));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PAUSE_MESSAGES.onlyActive);

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, child.id), eq(auditLog.action, "student.pause")));
    expect(audit).toHaveLength(1);
  });

  it("lists paused children of the caller's centres, nearest end first, a page at a time with the summary counts", async () => {
    // The pause ends in two days: "due soon" on the cards (put back after).
    const today = todayIn("Asia/Kolkata", clock.now());
    const inTwoDays = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const [{ end }] = (await db
      .select({ end: students.pauseEndDate })
      .from(students)
      .where(eq(students.id, child.id))) as [{ end: string }];
    await db.update(students).set({ pauseEndDate: inTwoDays }).where(eq(students.id, child.id));
    const all = (await director.get("/api/students/paused?limit=100")).json();
    const list = all.students;
    expect(list.map((row: { id: string }) => row.id)).toContain(child.id);
    expect(list.every((row: { status: string }) => row.status === "paused")).toBe(true);
    const ends = list.map((row: { pause_end_date: string }) => row.pause_end_date);
    expect([...ends].sort()).toEqual(ends);
    // The cards count every paused child, seen from the centre's today (the test clock's).
    const expiries = list.map((row: { pause_end_date: string }) => pauseExpiry(row.pause_end_date, today));
    expect(all.counts).toEqual({
      total: list.length,
      expired: expiries.filter((expiry: { expired: boolean }) => expiry.expired).length,
      due_soon: expiries.filter((expiry: { dueSoon: boolean }) => expiry.dueSoon).length,
    });
    expect(all.counts.due_soon).toBeGreaterThan(0);
    const first = (await director.get("/api/students/paused?limit=1")).json();
    expect(first.students).toHaveLength(1);
    expect(first.pagination).toEqual({ page: 1, limit: 1, total: list.length, totalPages: list.length });
    expect(first.counts).toEqual(all.counts);
    if (list.length > 1)
      expect((await director.get("/api/students/paused?limit=1&page=2")).json().students[0].id).toBe(list[1].id);
    expect((await director.get("/api/students/paused?limit=101")).statusCode).toBe(400);
    expect(
      (await director.get(`/api/students/paused?center_id=${koramangala!.id}&limit=100`)).json().students,
    ).toHaveLength(list.length);
    expect((await director.get(`/api/students/paused?center_id=${andheri!.id}`)).statusCode).toBe(404);
    expect((await otherDirector.get("/api/students/paused")).json()).toMatchObject({
      students: [],
      counts: { total: 0, expired: 0, due_soon: 0 },
    });
    await db.update(students).set({ pauseEndDate: end }).where(eq(students.id, child.id));
  });

  it("answers 404 to another centre's director, for pause, resume and exit alike", async () => {
    expect((await otherDirector.patch(`/api/students/${child.id}/resume`, {})).statusCode).toBe(404);
    expect(
      (await otherDirector.patch(`/api/students/${child.id}/pause`, pause("2026-11-21", "2026-11-27"))).statusCode,
    ).toBe(404);
    expect(
      (await otherDirector.post(`/api/students/${child.id}/exit`, { exit_date: "2026-11-20", exit_reason: "x" }))
        .statusCode,
    ).toBe(404);
    const [row] = await db.select().from(students).where(eq(students.id, child.id));
    expect(row!.status).toBe("paused");
  });

  it("resumes a paused child (also before the end date), and refuses to resume an active one", async () => {
    const response = await director.patch(`/api/students/${child.id}/resume`, { notes: "Recovered early" });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(`${child.firstName} ${child.lastName} has been resumed successfully`);
    expect(response.json().student).toMatchObject({ status: "active", pause_start_date: null, pause_reason: null });
    const history = await db.select().from(studentPauses).where(eq(studentPauses.studentId, child.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ reason: "Medical reasons", endedHow: "manual", resumeNotes: "Recovered early" });

    const again = await director.patch(`/api/students/${child.id}/resume`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PAUSE_MESSAGES.onlyPaused);
  });
});

describe("pause by a multi-centre user", () => {
  it("lets the owner pause and resume a child of any centre they own", async () => {
    await setClock(NOON_IST);
    const child = (await childrenOf(db, gachibowli!.id))[5]!;
    const paused = await owner.patch(`/api/students/${child.id}/pause`, pause("2026-11-21", "2026-11-22", "Other"));
    expect(paused.statusCode).toBe(200);
    expect(paused.json().student.paused_by_name).toBe("Kavita Reddy");
    expect((await owner.patch(`/api/students/${child.id}/resume`, {})).statusCode).toBe(200);
  });
});

describe("automatic resume on the end date", () => {
  it("resumes pauses whose end date has come in the centre's time zone, once", async () => {
    await setClock(NOON_IST);
    const child = (await childrenOf(db, koramangala!.id))[30]!;
    expect(
      (await director.patch(`/api/students/${child.id}/pause`, pause("2026-11-21", "2026-11-24"))).statusCode,
    ).toBe(200);

    // 23:59 on the 23rd in Bengaluru: not yet.
    clock.set(new Date("2026-11-23T18:29:00Z"));
    let outcome = await runAutoResume(db, clock);
    expect(outcome.ran).toBe(true);
    let [row] = await db.select().from(students).where(eq(students.id, child.id));
    expect(row!.status).toBe("paused");

    // 00:00 on the 24th in Bengaluru (still the 23rd in UTC): the end date has come.
    clock.set(new Date("2026-11-23T18:30:00Z"));
    outcome = await runAutoResume(db, clock);
    [row] = await db.select().from(students).where(eq(students.id, child.id));
    expect(row).toMatchObject({ status: "active", pauseEndDate: null, pausedBy: null });
    expect(outcome.resumed).toBeGreaterThanOrEqual(1);
    const [history] = await db.select().from(studentPauses).where(eq(studentPauses.studentId, child.id));
    expect(history).toMatchObject({ endedHow: "automatic", endDate: "2026-11-24" });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, child.id), eq(auditLog.action, "student.resume.automatic")));
    expect(audit).toHaveLength(1);

    expect((await runAutoResume(db, clock)).resumed).toBe(0);
    await setClock(NOON_IST);
  });

  // The embedded database has one connection, so two instances can only be shown on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)(
    "runs on one instance at a time: a second runner skips while the first holds the lock",
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const first = runExclusive(db, JOB_LOCKS.resumeExpiredPauses, async () => {
        started();
        await held;
        return "first";
      });
      await running;
      expect(await runExclusive(db, JOB_LOCKS.resumeExpiredPauses, async () => "second")).toBeNull();
      release();
      expect(await first).toEqual({ result: "first" });
      expect(await runExclusive(db, JOB_LOCKS.resumeExpiredPauses, async () => "third")).toEqual({ result: "third" });
    },
  );

  it("the seeded pause that ends in ten days is left alone until then", async () => {
    await setClock(NOON_IST);
    const [seeded] = await childrenOf(db, koramangala!.id, "paused");
    expect(seeded).toBeDefined();
    await runAutoResume(db, clock);
    expect((await childrenOf(db, koramangala!.id, "paused")).map((row) => row.id)).toContain(seeded!.id);
  });
});

describe("recording that a child has left", () => {
  it("needs a date and a reason, not before enrollment nor in the future", async () => {
    await setClock(NOON_IST);
    const child = (await childrenOf(db, koramangala!.id))[35]!;
    const blank = await director.post(`/api/students/${child.id}/exit`, { exit_date: "", exit_reason: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toMatchObject({ exit_date: EXIT_MESSAGES.dateRequired });
    const early = await director.post(`/api/students/${child.id}/exit`, {
      exit_date: "2000-01-01",
      exit_reason: "Moved",
    });
    expect(early.json().error).toBe(EXIT_MESSAGES.beforeEnrollment);
    const future = await director.post(`/api/students/${child.id}/exit`, {
      exit_date: "2026-11-21",
      exit_reason: "Moved",
    });
    expect(future.json().error).toBe(EXIT_MESSAGES.future);
  });

  it("marks a paused child as left, closes the pause and writes an exit record", async () => {
    const [child] = await childrenOf(db, koramangala!.id, "paused");
    const response = await director.post(`/api/students/${child!.id}/exit`, {
      exit_date: "2026-11-20",
      exit_reason: "Family moved to Chennai",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().student).toMatchObject({
      status: "left",
      exit_date: "2026-11-20",
      exit_reason: "Family moved to Chennai",
      pause_end_date: null,
    });
    const [record] = await db.select().from(exitRecords).where(eq(exitRecords.studentId, child!.id));
    expect(record).toMatchObject({
      personName: `${child!.firstName} ${child!.lastName}`,
      personType: "student",
      exitDate: "2026-11-20",
      exitReason: "Family moved to Chennai",
      centerId: koramangala!.id,
    });
    expect(record!.recordedBy).not.toBeNull();
    const again = await director.post(`/api/students/${child!.id}/exit`, {
      exit_date: "2026-11-20",
      exit_reason: "Again",
    });
    expect(again.statusCode).toBe(409);
    // A child who left can be neither paused nor resumed.
    expect(
      (await director.patch(`/api/students/${child!.id}/pause`, pause("2026-11-21", "2026-11-27"))).statusCode,
    ).toBe(409);
    expect((await director.patch(`/api/students/${child!.id}/resume`, {})).statusCode).toBe(409);
  });
});
