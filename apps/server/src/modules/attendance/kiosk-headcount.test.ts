import {
  ATTENDANCE_MESSAGES,
  type Headcount,
  type ParentDay,
  type Roster,
  type StaffOnDuty,
} from "@sprout/shared/schemas/attendance";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { kioskPins, staffShifts } from "../../db/schema/attendance.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classrooms } from "../../db/schema/children.ts";
import { staff } from "../../db/schema/staff.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);

let director: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;
let toddlers: string;
let aanya: Roster["children"][number];

beforeAll(async () => {
  [director, teacher, parent] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
  ]);
  toddlers = (await db.select().from(classrooms).where(eq(classrooms.centerId, home!.id))).find(
    (r) => r.name === "Toddlers",
  )!.id;
  const roster = (await as(app, teacher).get(`/api/attendance/roster?classroom_id=${toddlers}`)).json() as Roster;
  aanya = roster.children.find((child) => child.first_name === "Aanya")!;
});

describe("parents", () => {
  it("see today's check-in time of their child", async () => {
    // The demo's Aanya arrived at 08:40 this morning (the test clock is at noon).
    const today = (await as(app, parent).get("/api/parents/attendance/today")).json() as ParentDay;
    const mine = today.children.find((child) => child.student_id === aanya.student_id)!;
    expect(mine.status).toBe("in");
    expect(mine.check_in_at).toBe("2026-11-20T03:10:00.000Z");
    expect(aanya.check_in_at).toBe(mine.check_in_at);
    expect(today.children.map((child) => child.first_name).sort()).toEqual(["Aanya", "Kabir"]);
  });

  it("tell the centre in advance of an absence, which the roster shows; not for another family's child", async () => {
    const past = await as(app, parent).post("/api/parents/absence-notices", {
      student_id: aanya.student_id,
      start_date: "2026-11-19",
      end_date: "2026-11-21",
      reason: "holiday",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(ATTENDANCE_MESSAGES.noticePast);
    const backwards = await as(app, parent).post("/api/parents/absence-notices", {
      student_id: aanya.student_id,
      start_date: "2026-11-25",
      end_date: "2026-11-21",
      reason: "holiday",
    });
    expect(backwards.statusCode).toBe(400);
    const kabir = (await as(app, parent).get("/api/parents/attendance/today"))
      .json()
      .children.find((child: { first_name: string }) => child.first_name === "Kabir");
    const ok = await as(app, parent).post("/api/parents/absence-notices", {
      student_id: kabir.student_id,
      start_date: "2026-11-20",
      end_date: "2026-11-22",
      reason: "sick",
      note: "Fever since last night",
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const rooms = await db.select().from(classrooms).where(eq(classrooms.centerId, home!.id));
    const room = rooms.find((r) => r.name === "Pre-Kindy")!;
    const roster = (await as(app, teacher).get(`/api/attendance/roster?classroom_id=${room.id}`)).json() as Roster;
    expect(roster.children.find((child) => child.student_id === kabir.student_id)?.notice).toMatchObject({
      reason: "sick",
      note: "Fever since last night",
    });
    const someoneElse = roster.children.find((child) => child.student_id !== kabir.student_id)!;
    const refused = await as(app, parent).post("/api/parents/absence-notices", {
      student_id: someoneElse.student_id,
      start_date: "2026-11-20",
      end_date: "2026-11-22",
      reason: "sick",
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe("kiosk", () => {
  it("a PIN is stored hashed and a parent checks out their own child with it", async () => {
    expect((await as(app, parent).put("/api/attendance/pin", { pin: "12a4" })).statusCode).toBe(400);
    expect((await as(app, parent).put("/api/attendance/pin", { pin: "4321" })).statusCode).toBe(200);
    const [stored] = await db.select().from(kioskPins);
    expect(stored!.pinHash).not.toContain("4321");
    expect(stored!.pinHash.startsWith("$argon2id$")).toBe(true);
    const found = await as(app, director).get("/api/attendance/kiosk/search?q=Aan");
    expect(found.json().children.some((child: { student_id: string }) => child.student_id === aanya.student_id)).toBe(
      true,
    );
    expect(JSON.stringify(found.json())).not.toContain("argon2");
    const out = await as(app, director).post("/api/attendance/kiosk/child", {
      student_id: aanya.student_id,
      pin: "4321",
      action: "check_out",
    });
    expect(out.statusCode, out.body).toBe(200);
    const today = (await as(app, parent).get("/api/parents/attendance/today")).json() as ParentDay;
    const mine = today.children.find((child) => child.student_id === aanya.student_id)!;
    expect(mine.status).toBe("out");
    expect(mine.collected_by).toBe("Vikram Malhotra");
    // Another family's child does not open with this PIN.
    const [stranger] = (await childrenOf(db, home!.id)).filter(
      (child) => child.id !== aanya.student_id && child.firstName !== "Kabir",
    );
    const refused = await as(app, director).post("/api/attendance/kiosk/child", {
      student_id: stranger!.id,
      pin: "4321",
      action: "check_in",
    });
    expect(refused.statusCode).toBe(400);
  });

  it("locks a child after repeated wrong PINs, even when they arrive at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        as(app, director).post("/api/attendance/kiosk/child", {
          student_id: aanya.student_id,
          pin: "0000",
          action: "check_in",
        }),
      ),
    );
    const wrong = answers.filter((answer) => answer.statusCode === 400).length;
    const lockedOut = answers.filter((answer) => answer.statusCode === 429).length;
    // The fifth wrong try starts the wait: at most five are ever checked.
    expect(wrong).toBeLessThanOrEqual(5);
    expect(wrong + lockedOut).toBe(12);
    const right = await as(app, director).post("/api/attendance/kiosk/child", {
      student_id: aanya.student_id,
      pin: "4321",
      action: "check_in",
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe(ATTENDANCE_MESSAGES.pinLocked);
  });

  it("is for centre management only; another centre's child is not found", async () => {
    expect((await as(app, teacher).get("/api/attendance/kiosk/search?q=Aa")).statusCode).toBe(403);
    const [foreign] = await childrenOf(db, other!.id);
    const answer = await as(app, director).post("/api/attendance/kiosk/child", {
      student_id: foreign!.id,
      pin: "4321",
      action: "check_in",
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe("headcount", () => {
  it("lists who is in per room, and during an alert counts children ticked as accounted for", async () => {
    const roster = (await as(app, teacher).get(`/api/attendance/roster?classroom_id=${toddlers}`)).json() as Roster;
    // Most of the room arrived this morning (the demo's day); one more child arrives now.
    const arriving = roster.children.find((child) => child.status === "expected")!;
    expect(
      (await as(app, teacher).post("/api/attendance/check-in", { student_id: arriving.student_id })).statusCode,
    ).toBe(200);
    const inRoom = [...roster.children.filter((child) => child.status === "in"), arriving].map(
      (child) => child.student_id,
    );
    await as(app, teacher).post("/api/attendance/clock-in");
    const before = (await as(app, director).get("/api/attendance/headcount")).json() as Headcount;
    expect(before.alert).toBeNull();
    const room = before.rooms.find((r) => r.classroom_id === toddlers)!;
    expect(room.children.map((child) => child.student_id).sort()).toEqual([...inRoom].sort());
    expect(before.children_in).toBe(before.rooms.reduce((sum, r) => sum + r.children.length, 0));
    expect(before.children_in).toBeGreaterThan(inRoom.length);
    // The room's assistant clocked in this morning; the demo teacher just now.
    expect(room.staff.map((s) => s.name).sort()).toEqual(["Bhavana Rao", "Priya Sharma"]);
    const expected = room.children.slice(0, 3);
    const noAlert = await as(app, teacher).post("/api/attendance/headcount/mark", {
      student_id: expected[0]!.student_id,
      accounted: true,
    });
    expect(noAlert.statusCode).toBe(409);

    const alert = await as(app, director).post("/api/center-director/emergency/alert", {
      alert_type: "fire",
      message: "Fire in the kitchen",
      severity: "high",
    });
    expect(alert.statusCode, alert.body).toBe(201);
    for (const child of expected.slice(0, 2)) {
      const ticked = await as(app, teacher).post("/api/attendance/headcount/mark", {
        student_id: child.student_id,
        accounted: true,
      });
      expect(ticked.statusCode, ticked.body).toBe(200);
    }
    const during = (await as(app, director).get("/api/attendance/headcount")).json() as Headcount;
    expect(during.alert?.alert_type).toBe("fire");
    expect(during.accounted).toBe(2);
    expect(during.children_in).toBe(before.children_in);
    const missing = during.rooms.flatMap((r) => r.children).filter((child) => !child.accounted);
    expect(missing).toHaveLength(before.children_in - 2);
    expect(missing.map((child) => child.student_id)).toContain(expected[2]!.student_id);
    expect(missing.map((child) => child.student_id)).not.toContain(expected[0]!.student_id);
    const notIn = roster.children.find((child) => child.status === "paused")!;
    const refused = await as(app, teacher).post("/api/attendance/headcount/mark", {
      student_id: notIn.student_id,
      accounted: true,
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe("staff at the kiosk", () => {
  let admin: SignedIn;
  const statusOf = async (userId: string) =>
    ((await as(app, director).get("/api/attendance/staff")).json() as StaffOnDuty).staff.find(
      (person) => person.user_id === userId,
    )!;
  const shiftsOf = async (userId: string) => db.select().from(staffShifts).where(eq(staffShifts.userId, userId));

  beforeAll(async () => {
    admin = await signIn(app, DEMO_EMAILS.admin);
    expect((await as(app, admin).put("/api/attendance/pin", { pin: "2468" })).statusCode).toBe(200);
  });

  it("a member of staff clocks in and out with their own PIN; a wrong PIN changes nothing", async () => {
    const wrong = await as(app, director).post("/api/attendance/kiosk/staff", { user_id: admin.user.id, pin: "1111" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ATTENDANCE_MESSAGES.pinWrong);
    expect(await shiftsOf(admin.user.id)).toHaveLength(0);
    const first = await as(app, director).post("/api/attendance/kiosk/staff", { user_id: admin.user.id, pin: "2468" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe("in");
    expect(first.json().message).toMatch(/You are clocked in/);
    expect(JSON.stringify(first.json())).not.toContain("argon2");
    expect((await statusOf(admin.user.id)).status).toBe("in");
    const second = await as(app, director).post("/api/attendance/kiosk/staff", { user_id: admin.user.id, pin: "2468" });
    expect(second.json().status).toBe("out");
    expect((await statusOf(admin.user.id)).status).toBe("out");
    expect(await shiftsOf(admin.user.id)).toHaveLength(1);
  });

  it("greets in the language of the member of staff who runs the kiosk", async () => {
    const before = new Set((await shiftsOf(admin.user.id)).map((shift) => shift.id));
    expect((await as(app, director).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    try {
      const inAgain = await as(app, director).post("/api/attendance/kiosk/staff", {
        user_id: admin.user.id,
        pin: "2468",
      });
      expect(inAgain.statusCode, inAgain.body).toBe(200);
      expect(inAgain.json().message).toMatch(/^सुप्रभात, \S+। आपका क्लॉक-इन हो गया है।$/);
      const outAgain = await as(app, director).post("/api/attendance/kiosk/staff", {
        user_id: admin.user.id,
        pin: "2468",
      });
      expect(outAgain.json().message).toMatch(/^फिर मिलेंगे, \S+। आपका क्लॉक-आउट हो गया है।$/);
    } finally {
      await as(app, director).put("/api/account/preferences", { language: "en" });
      // The shift this test clocked is not the story of the tests after it.
      for (const shift of await shiftsOf(admin.user.id))
        if (!before.has(shift.id)) await db.delete(staffShifts).where(eq(staffShifts.id, shift.id));
    }
  });

  it("is for centre management; another centre's staff member is not found", async () => {
    const byTeacher = await as(app, teacher).post("/api/attendance/kiosk/staff", {
      user_id: admin.user.id,
      pin: "2468",
    });
    expect(byTeacher.statusCode).toBe(403);
    const stranger = await createCentreUser(db, other!.id, "teacher", "kiosk-stranger@sprout.test");
    await db.insert(staff).values({
      organisationId: stranger.organisationId!,
      centerId: other!.id,
      userId: stranger.id,
      firstName: "Other",
      lastName: "Centre",
      role: "teacher",
    });
    const theirs = await as(app, director).post("/api/attendance/kiosk/staff", { user_id: stranger.id, pin: "2468" });
    expect(theirs.statusCode).toBe(404);
  });

  it("locks a staff member's PIN after repeated wrong tries, counted atomically", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        as(app, director).post("/api/attendance/kiosk/staff", { user_id: admin.user.id, pin: "0000" }),
      ),
    );
    const wrong = answers.filter((answer) => answer.statusCode === 400).length;
    const lockedOut = answers.filter((answer) => answer.statusCode === 429).length;
    // The first wrong try counts too: at most the free tries are ever checked, however many arrive at once.
    expect(wrong).toBeLessThanOrEqual(5);
    expect(wrong + lockedOut).toBe(12);
    const right = await as(app, director).post("/api/attendance/kiosk/staff", { user_id: admin.user.id, pin: "2468" });
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe(ATTENDANCE_MESSAGES.pinLocked);
    expect(await shiftsOf(admin.user.id)).toHaveLength(1);
  });

  it("a shift left open overnight closes as a usual shift on its own day, not as one giant shift", async () => {
    const coordinator = await signIn(app, DEMO_EMAILS.academic_coordinator);
    await as(app, coordinator).put("/api/attendance/pin", { pin: "1357" });
    // 12:00 in Bengaluru on 20 November: clocked in at the kiosk, never clocked out.
    const clockedIn = await as(app, director).post("/api/attendance/kiosk/staff", {
      user_id: coordinator.user.id,
      pin: "1357",
    });
    expect(clockedIn.json().status).toBe("in");

    // 09:00 the next morning the kiosk's one button clocks them in for the day, not out.
    clock.set(new Date("2026-11-21T03:30:00Z"));
    director = await signIn(app, DEMO_EMAILS.center_director);
    const morning = await as(app, director).post("/api/attendance/kiosk/staff", {
      user_id: coordinator.user.id,
      pin: "1357",
    });
    expect(morning.statusCode, morning.body).toBe(200);
    expect(morning.json().status).toBe("in");
    const shifts = (await shiftsOf(coordinator.user.id)).sort((a, b) => a.day.localeCompare(b.day));
    // Closed after the centre's 9-hour shift, 21:00 in Bengaluru on its own day.
    expect(shifts.map((shift) => [shift.day, shift.clockOutAt?.toISOString() ?? null])).toEqual([
      ["2026-11-20", "2026-11-20T15:30:00.000Z"],
      ["2026-11-21", null],
    ]);
    const [audited] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "attendance.shift_closed_unclocked"), eq(auditLog.entityId, shifts[0]!.id)));
    expect(audited).toBeDefined();

    // The next day's own clock-out does not run from yesterday's clock-in either: it is refused.
    clock.set(new Date("2026-11-22T12:30:00Z"));
    const [again, boss] = await Promise.all([
      signIn(app, DEMO_EMAILS.academic_coordinator),
      signIn(app, DEMO_EMAILS.center_director),
    ]);
    director = boss;
    expect((await statusOf(coordinator.user.id)).status).not.toBe("in");
    const headcount = (await as(app, director).get("/api/attendance/headcount")).json() as Headcount;
    expect(JSON.stringify(headcount)).not.toContain(coordinator.user.id);
    const out = await as(app, again).post("/api/attendance/clock-out");
    expect(out.statusCode).toBe(409);
    expect(out.json().error).toBe(ATTENDANCE_MESSAGES.shiftLeftOpen);
    const closed = (await shiftsOf(coordinator.user.id)).find((shift) => shift.day === "2026-11-21")!;
    // 09:00 plus the 9-hour shift: 18:00 in Bengaluru.
    expect(closed.clockOutAt?.toISOString()).toBe("2026-11-21T12:30:00.000Z");
    const me = ((await as(app, again).get("/api/attendance/staff")).json() as StaffOnDuty).me;
    expect(me.clocked_in_at).toBeNull();
  });
});
