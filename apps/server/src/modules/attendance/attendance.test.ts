import { ATTENDANCE_MESSAGES, type Roster } from "@sprout/shared/schemas/attendance";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import { bandForYoungest, staffRequired } from "./ratios.ts";
import { centreDay } from "./time.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
// 12:00 in Bengaluru on 20 November 2026.
const NOON_IST = new Date("2026-11-20T06:30:00Z");

let director: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;
let admin: SignedIn;
let toddlers: { id: string };
let creche: { id: string };

const roster = async (who: SignedIn, classroomId = toddlers.id) => {
  const response = await as(app, who).get(`/api/attendance/roster?classroom_id=${classroomId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Roster;
};
const childIn = async (status: string) =>
  (await roster(teacher)).children.find((child) => child.status === status && !child.forgotten)!;

/** Moves the clock; sign-ins last 15 minutes, so everyone signs in again at the new time. */
async function travel(to: Date) {
  clock.set(to);
  await signInAll();
}
const later = (ms: number) => travel(new Date(clock.now().getTime() + ms));

async function signInAll() {
  [director, teacher, parent, admin] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.admin),
  ]);
}

beforeAll(async () => {
  await signInAll();
  const rooms = await db.select().from(classrooms).where(eq(classrooms.centerId, home!.id));
  toddlers = rooms.find((room) => room.name === "Toddlers")!;
  creche = rooms.find((room) => room.name === "Creche")!;
  // These tests walk the Toddlers' day from its first check-in, one child after another: the
  // demo's morning in that room (seven arrivals by noon, db/demo-today.ts) is taken back first.
  // Every other room keeps the demo's day.
  const taken = await db.delete(attendanceStays).where(eq(attendanceStays.classroomId, toddlers.id)).returning();
  expect(taken.length).toBeGreaterThan(0);
});

describe("centre day", () => {
  it("is the date in the centre's time zone, not UTC", () => {
    expect(centreDay("Asia/Kolkata", new Date("2026-11-20T18:29:00Z"))).toBe("2026-11-20");
    expect(centreDay("Asia/Kolkata", new Date("2026-11-20T18:31:00Z"))).toBe("2026-11-21");
  });
});

describe("roster", () => {
  it("lists a teacher's room: paused children as paused, left children not at all", async () => {
    const kids = await db.select().from(students).where(eq(students.classroomId, toddlers.id));
    const leaver = kids.find((kid) => kid.status === "active" && kid.firstName !== "Aanya")!;
    await db.update(students).set({ status: "left" }).where(eq(students.id, leaver.id));
    const answer = await roster(teacher);
    expect(answer.date).toBe("2026-11-20");
    expect(answer.children.some((child) => child.student_id === leaver.id)).toBe(false);
    const paused = answer.children.filter((child) => child.status === "paused");
    expect(paused.length).toBeGreaterThan(0);
    expect(answer.counts.paused).toBe(paused.length);
    expect(answer.counts.absent).toBe(0);
    expect(answer.children.find((child) => child.first_name === "Aanya")?.pickup_people.length).toBeGreaterThan(0);
  });

  it("another room is not the teacher's; another centre's room is not the director's", async () => {
    const mine = await as(app, teacher).get(`/api/attendance/roster?classroom_id=${creche.id}`);
    expect(mine.statusCode).toBe(404);
    const [foreign] = await db.select().from(classrooms).where(eq(classrooms.centerId, other!.id)).limit(1);
    const theirs = await as(app, director).get(`/api/attendance/roster?classroom_id=${foreign!.id}`);
    expect(theirs.statusCode).toBe(404);
    const parentCall = await as(app, parent).get(`/api/attendance/roster?classroom_id=${toddlers.id}`);
    expect(parentCall.statusCode).toBe(403);
  });
});

describe("check-in and check-out", () => {
  it("checks a child in once; a second tap is refused and changes nothing", async () => {
    await travel(NOON_IST);
    const child = await childIn("expected");
    const first = await as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id });
    expect(first.statusCode, first.body).toBe(200);
    const again = await as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ATTENDANCE_MESSAGES.alreadyIn);
    const row = (await roster(teacher)).children.find((kid) => kid.student_id === child.student_id)!;
    expect(row.status).toBe("in");
    expect(row.check_in_at).toBe(NOON_IST.toISOString());
    expect(row.undo).toBe("check_in");
  });

  it("of many simultaneous check-ins of one child, exactly one is written", async () => {
    const child = await childIn("expected");
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(11);
  });

  it("refuses a paused child, and children outside the teacher's rooms or centre", async () => {
    const paused = await childIn("paused");
    const refused = await as(app, teacher).post("/api/attendance/check-in", { student_id: paused.student_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ATTENDANCE_MESSAGES.paused);
    const [crecheChild] = await db.select().from(students).where(eq(students.classroomId, creche.id)).limit(1);
    expect((await as(app, teacher).post("/api/attendance/check-in", { student_id: crecheChild!.id })).statusCode).toBe(
      404,
    );
    const [foreign] = await childrenOf(db, other!.id);
    expect((await as(app, director).post("/api/attendance/check-in", { student_id: foreign!.id })).statusCode).toBe(
      404,
    );
    expect((await as(app, parent).post("/api/attendance/check-in", { student_id: foreign!.id })).statusCode).toBe(403);
  });

  it("check-out needs a checked-in child and says who collected them", async () => {
    const waiting = await childIn("expected");
    const notIn = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: waiting.student_id,
      pickup_person_id: waiting.pickup_people[0]!.id,
    });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().error).toBe(ATTENDANCE_MESSAGES.notIn);

    const child = await childIn("in");
    const nobody = await as(app, teacher).post("/api/attendance/check-out", { student_id: child.student_id });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error).toBe(ATTENDANCE_MESSAGES.pickupRequired);
    const stranger = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: child.student_id,
      pickup_person_id: waiting.pickup_people[0]!.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error).toBe(ATTENDANCE_MESSAGES.unknownPickup);
    expect((await childIn("in")).student_id).toBe(child.student_id);

    await later(4 * 3_600_000);
    const out = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: child.student_id,
      pickup_person_id: child.pickup_people[0]!.id,
    });
    expect(out.statusCode, out.body).toBe(200);
    const row = (await roster(teacher)).children.find((kid) => kid.student_id === child.student_id)!;
    expect(row.status).toBe("out");
    expect(row.collected_by).toBe(child.pickup_people[0]!.name);
  });

  it("someone not on the list needs an override with a note; the family is told and it is audited", async () => {
    const child = await childIn("expected");
    await as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id });
    const noNote = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: child.student_id,
      override_name: "Ramesh Uncle",
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().details.override_note).toBe(ATTENDANCE_MESSAGES.overrideNote);
    const out = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: child.student_id,
      override_name: "Ramesh Uncle",
      override_note: "Mother phoned at 3 pm to say her brother would come",
    });
    expect(out.statusCode, out.body).toBe(200);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "attendance.pickup_override"));
    expect(audit?.after).toMatchObject({ collected_by: "Ramesh Uncle" });
    const mails = await db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(mails.some((mail) => mail.subject.includes("collected by Ramesh Uncle"))).toBe(true);
  });

  it("a check-out on another day than the check-in is refused (midnight in Asia/Kolkata)", async () => {
    // 23:50 in Bengaluru, still 20 November there; 18:20 UTC.
    await travel(new Date("2026-11-20T18:20:00Z"));
    const child = await childIn("expected");
    expect((await as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id })).statusCode).toBe(
      200,
    );
    // 00:15 on 21 November in Bengaluru, while UTC is still on the 20th.
    await travel(new Date("2026-11-20T18:45:00Z"));
    expect((await roster(teacher)).date).toBe("2026-11-21");
    const late = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: child.student_id,
      pickup_person_id: child.pickup_people[0]!.id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(ATTENDANCE_MESSAGES.otherDay);
    // The old stay is corrected instead: its check-out on its own day.
    const stayId = late.statusCode === 409 ? await openStay(child.student_id) : "";
    const fix = await as(app, director).put(`/api/attendance/stays/${stayId}`, {
      check_in_at: "2026-11-20T18:20:00.000Z",
      check_out_at: "2026-11-20T18:25:00.000Z",
      reason: "Collected at 23:55, not tapped out",
    });
    expect(fix.statusCode, fix.body).toBe(200);
  });
});

async function openStay(studentId: string): Promise<string> {
  const [row] = await db
    .select({ id: attendanceStays.id })
    .from(attendanceStays)
    .where(and(eq(attendanceStays.studentId, studentId), isNull(attendanceStays.checkOutAt)));
  return row!.id;
}

describe("absent, undo and corrections", () => {
  it("a child never checked out on an earlier day shows so, and is not checked in again until corrected", async () => {
    await travel(new Date("2026-11-23T03:00:00Z"));
    const stale = (await roster(teacher)).children.find((child) => child.forgotten)!;
    expect(stale.forgotten?.day).toBe("2026-11-20");
    const refused = await as(app, teacher).post("/api/attendance/check-in", { student_id: stale.student_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ATTENDANCE_MESSAGES.forgotten);
    // Left open, the old record would keep blocking today's check-in: a correction must close it.
    const stillOpen = await as(app, teacher).put(`/api/attendance/stays/${stale.forgotten!.stay_id}`, {
      check_in_at: stale.forgotten!.check_in_at,
      check_out_at: null,
      reason: "Fixing the check-in time only",
    });
    expect(stillOpen.statusCode).toBe(400);
    expect(stillOpen.json().error).toBe(ATTENDANCE_MESSAGES.checkOutRequired);
    const fix = await as(app, teacher).put(`/api/attendance/stays/${stale.forgotten!.stay_id}`, {
      check_in_at: stale.forgotten!.check_in_at,
      check_out_at: "2026-11-20T11:30:00.000Z",
      reason: "Went home at 5 pm; nobody tapped out",
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect((await as(app, teacher).post("/api/attendance/check-in", { student_id: stale.student_id })).statusCode).toBe(
      200,
    );
  });

  it("marks a child absent with a reason; absent children count as absent, paused ones do not", async () => {
    await travel(new Date("2026-11-23T04:00:00Z"));
    const child = await childIn("expected");
    const bad = await as(app, teacher).post("/api/attendance/absent", {
      student_id: child.student_id,
      reason: "bored",
    });
    expect(bad.statusCode).toBe(400);
    const ok = await as(app, teacher).post("/api/attendance/absent", { student_id: child.student_id, reason: "sick" });
    expect(ok.statusCode, ok.body).toBe(200);
    const answer = await roster(teacher);
    expect(answer.counts.absent).toBe(1);
    expect(answer.children.find((kid) => kid.student_id === child.student_id)?.absence_reason).toBe("sick");
  });

  it("undo works within the window for one's own tap only", async () => {
    const child = await childIn("expected");
    await as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id });
    const notMine = await as(app, director).post("/api/attendance/undo", {
      student_id: child.student_id,
      action: "check_in",
    });
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().error).toBe(ATTENDANCE_MESSAGES.undoNotYours);
    clock.advance(2 * 60_000);
    const undone = await as(app, teacher).post("/api/attendance/undo", {
      student_id: child.student_id,
      action: "check_in",
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await roster(teacher)).children.find((kid) => kid.student_id === child.student_id)?.status).toBe(
      "expected",
    );

    await as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id });
    clock.advance(6 * 60_000);
    const late = await as(app, teacher).post("/api/attendance/undo", {
      student_id: child.student_id,
      action: "check_in",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(ATTENDANCE_MESSAGES.undoExpired);
  });

  it("corrections need a reason, keep the order of times and are audited", async () => {
    const child = await childIn("in");
    const stay = child.stay_id!;
    const noReason = await as(app, teacher).put(`/api/attendance/stays/${stay}`, {
      check_in_at: "2026-11-23T03:30:00.000Z",
      check_out_at: null,
      reason: "",
    });
    expect(noReason.statusCode).toBe(400);
    const backwards = await as(app, teacher).put(`/api/attendance/stays/${stay}`, {
      check_in_at: "2026-11-23T03:30:00.000Z",
      check_out_at: "2026-11-23T03:00:00.000Z",
      reason: "Wrong tap",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe(ATTENDANCE_MESSAGES.checkOutBeforeIn);
    const ok = await as(app, teacher).put(`/api/attendance/stays/${stay}`, {
      check_in_at: "2026-11-23T03:30:00.000Z",
      check_out_at: null,
      reason: "Arrived at 9, tapped late",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "attendance.correct"));
    expect(audit).toBeDefined();
    const [foreignTeacher] = await Promise.all([createCentreUser(db, other!.id, "teacher", "t.andheri@sprout.test")]);
    const stranger = await signIn(app, foreignTeacher.email);
    const refused = await as(app, stranger).put(`/api/attendance/stays/${stay}`, {
      check_in_at: "2026-11-23T03:30:00.000Z",
      check_out_at: null,
      reason: "Not mine",
    });
    expect(refused.statusCode).toBe(404);
  });

  it("a correction cannot make two visits of one day overlap", async () => {
    const child = await childIn("in");
    const [visit] = await db.select().from(attendanceStays).where(eq(attendanceStays.id, child.stay_id!));
    // The child's morning visit, an hour and a half before the one open now.
    const morningIn = new Date(visit!.checkInAt.getTime() - 90 * 60_000);
    const morningOut = new Date(visit!.checkInAt.getTime() - 30 * 60_000);
    await db.insert(attendanceStays).values({
      organisationId: visit!.organisationId,
      centerId: visit!.centerId,
      studentId: visit!.studentId,
      classroomId: visit!.classroomId,
      day: visit!.day,
      checkInAt: morningIn,
      checkOutAt: morningOut,
    });
    const crossing = await as(app, teacher).put(`/api/attendance/stays/${visit!.id}`, {
      check_in_at: new Date(morningOut.getTime() - 10 * 60_000).toISOString(),
      check_out_at: null,
      reason: "Tapped late",
    });
    expect(crossing.statusCode, crossing.body).toBe(400);
    expect(crossing.json().error).toBe(ATTENDANCE_MESSAGES.correctionOverlap);
    const [unchanged] = await db.select().from(attendanceStays).where(eq(attendanceStays.id, visit!.id));
    expect(unchanged!.checkInAt).toEqual(visit!.checkInAt);
    const after = await as(app, teacher).put(`/api/attendance/stays/${visit!.id}`, {
      check_in_at: new Date(morningOut.getTime() + 10 * 60_000).toISOString(),
      check_out_at: null,
      reason: "Tapped late",
    });
    expect(after.statusCode, after.body).toBe(200);
  });
});

describe("pick-up people", () => {
  it("parents keep their own children's list; another family's child is not found; teachers only read", async () => {
    const aanya = (await roster(teacher)).children.find((child) => child.first_name === "Aanya")!;
    const added = await as(app, parent).post(`/api/attendance/children/${aanya.student_id}/pickup-people`, {
      name: "Meera Kapoor",
      relation: "Aunt",
      phone: "+91 98450 12345",
    });
    expect(added.statusCode, added.body).toBe(201);
    const person = added.json().people.find((p: { name: string }) => p.name === "Meera Kapoor");
    expect(person).toBeDefined();
    const bad = await as(app, parent).post(`/api/attendance/children/${aanya.student_id}/pickup-people`, {
      name: "",
      relation: "Aunt",
      phone: "12",
    });
    expect(bad.statusCode).toBe(400);
    const others = (await roster(teacher)).children.find(
      (child) => child.first_name !== "Aanya" && child.first_name !== "Kabir",
    )!;
    const refused = await as(app, parent).post(`/api/attendance/children/${others.student_id}/pickup-people`, {
      name: "Someone",
      relation: "Friend",
      phone: "+91 98450 12345",
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (
        await as(app, teacher).post(`/api/attendance/children/${aanya.student_id}/pickup-people`, {
          name: "X",
          relation: "Y",
          phone: "+91 98450 12345",
        })
      ).statusCode,
    ).toBe(403);
    // The new person may now collect Aanya.
    await as(app, teacher).post("/api/attendance/check-in", { student_id: aanya.student_id });
    const out = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: aanya.student_id,
      pickup_person_id: person.id,
    });
    expect(out.statusCode, out.body).toBe(200);
    const removed = await as(app, admin).delete(
      `/api/attendance/children/${aanya.student_id}/pickup-people/${person.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().people.some((p: { id: string }) => p.id === person.id)).toBe(false);
  });
});

describe("ratios and staff on duty", () => {
  it("computes the staff a room needs", () => {
    expect(staffRequired(0, 10)).toBe(0);
    expect(staffRequired(1, 10)).toBe(1);
    expect(staffRequired(10, 10)).toBe(1);
    expect(staffRequired(11, 10)).toBe(2);
    expect(bandForYoungest("2024-06-01", "2026-11-20")).toBe("under_3");
    expect(bandForYoungest("2023-11-20", "2026-11-20")).toBe("three_to_six");
    expect(bandForYoungest(null, "2026-11-20")).toBe("three_to_six");
  });

  it("a room with no band set takes the band of its youngest enrolled child", async () => {
    await travel(NOON_IST);
    const { classrooms: rooms } = (await as(app, director).get("/api/attendance/ratio-settings")).json() as {
      classrooms: { classroom_id: string; age_band: string | null; effective_band: string }[];
    };
    const kids = await db
      .select({ room: students.classroomId, born: students.dateOfBirth, status: students.status })
      .from(students)
      .where(eq(students.centerId, home!.id));
    for (const room of rooms.filter((r) => r.age_band === null)) {
      const births = kids
        .filter((kid) => kid.room === room.classroom_id && kid.status !== "left")
        .map((kid) => kid.born);
      const youngest = births.sort().at(-1) ?? null;
      expect(room.effective_band, room.classroom_id).toBe(bandForYoungest(youngest, "2026-11-20"));
    }
    expect(rooms.some((room) => room.effective_band === "under_3")).toBe(true);
  });

  it("a room turns out of ratio when children outnumber the clocked-in staff, and the centre can change its ratio", async () => {
    await travel(new Date("2026-11-24T03:30:00Z"));
    // Before anyone is in (issue 30, point 6): a room is judged only once children are in it, so an
    // empty room with nobody clocked in needs no staff and is not out of ratio, on both screens.
    const empty = (await as(app, director).get("/api/attendance/rooms")).json().rooms as {
      children_in: number;
      staff_in: number;
      staff_required: number;
      in_ratio: boolean;
    }[];
    expect(empty.length).toBeGreaterThan(0);
    for (const room of empty) {
      expect(room).toMatchObject({ children_in: 0, staff_in: 0, staff_required: 0, in_ratio: true });
    }
    const teacherHome = (await as(app, teacher).get("/api/analytics/teacher-home")).json() as {
      classrooms: { children_in: number; staff_required: number; in_ratio: boolean }[];
    };
    expect(teacherHome.classrooms.length).toBeGreaterThan(0);
    for (const room of teacherHome.classrooms) {
      expect(room).toMatchObject({ children_in: 0, staff_required: 0, in_ratio: true });
    }
    const rosterNow = await roster(teacher);
    for (const child of rosterNow.children.filter((kid) => kid.status === "expected")) {
      await as(app, teacher).post("/api/attendance/check-in", { student_id: child.student_id });
    }
    const room = async () =>
      (
        (await as(app, director).get("/api/attendance/rooms")).json().rooms as {
          classroom_id: string;
          children_in: number;
          staff_in: number;
          staff_required: number;
          in_ratio: boolean;
          age_band: string;
        }[]
      ).find((r) => r.classroom_id === toddlers.id)!;
    const before = await room();
    expect(before.children_in).toBeGreaterThan(0);
    expect(before.staff_in).toBe(0);
    expect(before.in_ratio).toBe(false);

    expect((await as(app, teacher).post("/api/attendance/clock-in")).statusCode).toBe(200);
    expect((await as(app, teacher).post("/api/attendance/clock-in")).statusCode).toBe(409);
    const withTeacher = await room();
    expect(withTeacher.staff_in).toBe(1);
    expect(withTeacher.staff_required).toBe(Math.ceil(withTeacher.children_in / 10));

    const settings = await as(app, director).put("/api/attendance/ratio-settings", {
      children_per_staff: { under_3: 4, three_to_six: 20 },
      classroom_bands: [{ classroom_id: toddlers.id, age_band: "under_3" }],
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const strict = await room();
    expect(strict.staff_required).toBe(Math.ceil(strict.children_in / 4));
    expect(strict.in_ratio).toBe(strict.children_in <= 4);
    expect(
      (
        await as(app, teacher).put("/api/attendance/ratio-settings", {
          children_per_staff: { under_3: 4, three_to_six: 20 },
          classroom_bands: [],
        })
      ).statusCode,
    ).toBe(403);
    const zero = await as(app, director).put("/api/attendance/ratio-settings", {
      children_per_staff: { under_3: 0, three_to_six: 20 },
      classroom_bands: [],
    });
    expect(zero.statusCode).toBe(400);
  });

  it("staff on duty gives the Staff Present figures", async () => {
    const board = await as(app, director).get("/api/attendance/staff");
    expect(board.statusCode, board.body).toBe(200);
    const body = board.json();
    expect(body.present_count).toBe(1);
    const priya = body.staff.find((person: { name: string }) => person.name === "Priya Sharma");
    expect(priya.status).toBe("in");
    expect(priya.classrooms).toContain("Toddlers");
    await later(10 * 3_600_000);
    expect((await as(app, director).get("/api/attendance/staff")).json().overtime_count).toBe(1);
    expect((await as(app, teacher).post("/api/attendance/clock-out")).statusCode).toBe(200);
    expect((await as(app, teacher).post("/api/attendance/clock-out")).statusCode).toBe(409);
    const owner = await signIn(app, DEMO_EMAILS.owner);
    expect((await as(app, owner).post("/api/attendance/clock-in")).statusCode).toBe(403);
    const [someone] = await db
      .select()
      .from(users)
      .where(inArray(users.role, ["teacher"]))
      .limit(1);
    expect(someone).toBeDefined();
  });
});
