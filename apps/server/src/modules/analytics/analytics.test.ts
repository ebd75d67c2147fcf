import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { demoIds } from "../../../test/demo-ids.ts";
import { demoRoomToday } from "../../../test/demo-today.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { otherOrganisation } from "../../../test/other-organisation.ts";
import { attendanceStays, staffShifts } from "../../db/schema/attendance.ts";
import { invoices, payments } from "../../db/schema/billing.ts";
import { healthNotes, medications } from "../../db/schema/child-day.ts";
import { classrooms, classroomTeachers, students } from "../../db/schema/children.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { lessonPlans } from "../../db/schema/lesson-plans.ts";
import { centers, ownerCenters } from "../../db/schema/organisations.ts";
import { staff } from "../../db/schema/staff.ts";
import { users } from "../../db/schema/users.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const ids = await demoIds(db);
const foreign = await otherOrganisation(db);

let owner: SignedIn;
let superAdmin: SignedIn;
let director: SignedIn;
let teacher: SignedIn;
let coordinator: SignedIn;
let finance: SignedIn;
let parent: SignedIn;

const sumPaise = (rows: { paise: number }[]) => rows.reduce((sum, row) => sum + row.paise, 0) / 100;

/** The owner's centres, read from the ownership rows rather than the caller's scope. */
async function ownedCentres() {
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  const rows = await db
    .select({ id: ownerCenters.centerId })
    .from(ownerCenters)
    .where(eq(ownerCenters.ownerId, me!.id));
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  [owner, superAdmin, director, teacher, coordinator, finance, parent] = await Promise.all([
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.super_admin),
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.academic_coordinator),
    signIn(app, DEMO_EMAILS.financial_manager),
    signIn(app, DEMO_EMAILS.parent),
  ]);
  // A payment this month at the home centre, so that Monthly Revenue is not trivially zero.
  const [open] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.centerId, ids.homeCentre), inArray(invoices.status, ["Pending", "Overdue"])))
    .limit(1);
  const paid = await as(app, finance).post(`/api/invoices/${open!.id}/payments`, {
    amount: 1234.5,
    paid_on: "2026-11-18",
    mode: "upi",
    reference: "DASH-1",
  });
  expect(paid.statusCode, paid.body).toBe(200);
});

describe("overview and financial overview", () => {
  it("each figure equals the rows counted another way, for the owner's centres only", async () => {
    const centres = await ownedCentres();
    expect(centres).not.toContain(ids.otherCentre);
    const overview = (await as(app, owner).get("/api/analytics/overview")).json();
    const kids = await db.select({ status: students.status }).from(students).where(inArray(students.centerId, centres));
    const rooms = await db.select({ id: classrooms.id }).from(classrooms).where(inArray(classrooms.centerId, centres));
    const people = await db.select({ active: staff.activeStatus }).from(staff).where(inArray(staff.centerId, centres));
    const leads = await db
      .select({ status: enquiries.status })
      .from(enquiries)
      .where(inArray(enquiries.centerId, centres));
    const bills = await db
      .select({ status: invoices.status })
      .from(invoices)
      .where(inArray(invoices.centerId, centres));
    expect(overview).toEqual({
      total_students: kids.filter((kid) => kid.status !== "left").length,
      total_classrooms: rooms.length,
      total_staff: people.filter((person) => person.active).length,
      open_enquiries: leads.filter((lead) => lead.status === "Open" || lead.status === "Follow-up").length,
      pending_invoices: bills.filter((bill) => bill.status === "Pending").length,
      overdue_invoices: bills.filter((bill) => bill.status === "Overdue").length,
    });
    // The Billing list's Pending filter gives the same count.
    const listed = (await as(app, owner).get("/api/invoices?status=Pending&limit=50")).json();
    expect(listed.pagination.total_items).toBe(overview.pending_invoices);
  });

  it("money received this month and invoiced are the payments and invoices of the month", async () => {
    const centres = await ownedCentres();
    const answer = (await as(app, owner).get("/api/analytics/financial-overview")).json();
    const paid = await db
      .select({ paise: payments.amountPaise, on: payments.paidOn, centre: invoices.centerId })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId));
    const billed = await db
      .select({
        paise: invoices.totalPaise,
        on: invoices.issueDate,
        centre: invoices.centerId,
        status: invoices.status,
        paid: invoices.paidPaise,
      })
      .from(invoices);
    const mine = <T extends { centre: string }>(rows: T[]) => rows.filter((row) => centres.includes(row.centre));
    const inMonth = <T extends { on: string }>(rows: T[], month: string) =>
      rows.filter((row) => row.on.startsWith(month));
    expect(answer.month).toBe("2026-11");
    expect(answer.received_this_month).toBe(sumPaise(inMonth(mine(paid), "2026-11")));
    expect(answer.received_this_month).toBeGreaterThanOrEqual(1234.5);
    expect(answer.invoiced_this_month).toBe(
      sumPaise(inMonth(mine(billed), "2026-11").filter((row) => row.status !== "Cancelled")),
    );
    expect(answer.received_last_month).toBe(sumPaise(inMonth(mine(paid), "2026-10")));
    const unpaid = mine(billed).filter((row) => row.status === "Pending" || row.status === "Overdue");
    expect(answer.outstanding).toBe(unpaid.reduce((sum, row) => sum + row.paise - row.paid, 0) / 100);
    expect(answer.months).toHaveLength(6);
    expect(answer.months.at(-1)).toEqual({
      month: "2026-11",
      invoiced: answer.invoiced_this_month,
      received: answer.received_this_month,
    });
  });

  it("a teacher's overview carries no invoice counts", async () => {
    const overview = (await as(app, teacher).get("/api/analytics/overview")).json();
    expect(overview).not.toHaveProperty("pending_invoices");
    expect(overview.total_students).toBeGreaterThan(0);
  });
});

describe("centre comparison and insights", () => {
  it("each centre's figures equal its rows; a director sees only their centre", async () => {
    const { centers } = (await as(app, superAdmin).get("/api/analytics/center-comparison")).json();
    expect(centers.length).toBeGreaterThanOrEqual(2);
    for (const centre of centers) {
      const kids = await db.select({ status: students.status }).from(students).where(eq(students.centerId, centre.id));
      const rooms = await db.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.centerId, centre.id));
      const enrolled = kids.filter((kid) => kid.status !== "left").length;
      expect(centre.student_count).toBe(enrolled);
      expect(centre.classroom_count).toBe(rooms.length);
      expect(centre.occupancy).toBe(Math.round((enrolled / centre.capacity) * 1000) / 10);
    }
    const own = (await as(app, director).get("/api/analytics/center-comparison")).json();
    expect(own.centers.map((centre: { id: string }) => centre.id)).toEqual([ids.homeCentre]);
    expect(
      (await as(app, director).get(`/api/analytics/center-comparison?center_id=${ids.otherCentre}`)).statusCode,
    ).toBe(404);
    expect((await as(app, owner).get(`/api/analytics/center-comparison?center_id=${ids.otherCentre}`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(app, superAdmin).get(`/api/analytics/center-comparison?center_id=${foreign.centre}`)).statusCode,
    ).toBe(404);
    expect(
      (await as(app, superAdmin).get(`/api/analytics/financial-overview?center_id=${foreign.centre}`)).statusCode,
    ).toBe(404);
  });

  it("a room with a child in and no adult is out of ratio, on the comparison and in the insights", async () => {
    const [room] = await db
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(eq(classrooms.centerId, ids.homeCentre))
      .limit(1);
    // Two children of the room who have not come today (the demo's day is under way at noon).
    const [child, other] = (await demoRoomToday(db, room!.id)).notArrived;
    // The room's staff, in since the morning, step out: the room has children and no adult.
    const roomStaff = db
      .select({ id: classroomTeachers.teacherId })
      .from(classroomTeachers)
      .where(eq(classroomTeachers.classroomId, room!.id));
    const steppedOut = await db
      .update(staffShifts)
      .set({ clockOutAt: clock.now() })
      .where(and(inArray(staffShifts.userId, roomStaff), isNull(staffShifts.clockOutAt)))
      .returning({ id: staffShifts.id });
    expect(steppedOut.length).toBeGreaterThan(0);
    // A stay left open yesterday is not a child in now.
    const [centre] = await db.select().from(centers).where(eq(centers.id, ids.homeCentre));
    const [stale] = await db
      .insert(attendanceStays)
      .values({
        organisationId: centre!.organisationId,
        centerId: ids.homeCentre,
        studentId: other!.id,
        classroomId: room!.id,
        day: "2026-11-19",
        checkInAt: new Date("2026-11-19T04:00:00Z"),
      })
      .returning();
    const checkedIn = await as(app, director).post("/api/attendance/check-in", { student_id: child!.id });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    try {
      const { centers } = (await as(app, owner).get("/api/analytics/center-comparison")).json();
      const home = centers.find((centre: { id: string }) => centre.id === ids.homeCentre);
      const open = await db
        .select({ id: attendanceStays.id })
        .from(attendanceStays)
        .where(
          and(
            eq(attendanceStays.centerId, ids.homeCentre),
            eq(attendanceStays.day, "2026-11-20"),
            isNull(attendanceStays.checkOutAt),
          ),
        );
      expect(open.length).toBeGreaterThan(1);
      expect(open.map((row) => row.id)).not.toContain(stale!.id);
      expect(home.children_in_now).toBe(open.length);
      expect(home.rooms_out_of_ratio).toBe(1);
      const { insights } = (await as(app, owner).get("/api/analytics/insights")).json();
      const keys = insights.map((insight: { key: string }) => insight.key);
      expect(keys).toContain(`out-of-ratio-${ids.homeCentre}`);
    } finally {
      await db.delete(attendanceStays).where(eq(attendanceStays.studentId, child!.id));
      await db.delete(attendanceStays).where(eq(attendanceStays.id, stale!.id));
      await db
        .update(staffShifts)
        .set({ clockOutAt: null })
        .where(
          inArray(
            staffShifts.id,
            steppedOut.map((row) => row.id),
          ),
        );
    }
  });

  it("insights follow the spec's thresholds and the data", async () => {
    const overview = (await as(app, owner).get("/api/analytics/overview")).json();
    const { insights } = (await as(app, owner).get("/api/analytics/insights")).json();
    const keys: string[] = insights.map((insight: { key: string }) => insight.key);
    expect(keys.includes("high-enquiry-volume")).toBe(overview.open_enquiries > 10);
    expect(keys.includes("outstanding-payments")).toBe(overview.pending_invoices > 0);
    expect(keys.at(-1)).toBe("monthly-review");
    const { centers } = (await as(app, owner).get("/api/analytics/center-comparison")).json();
    for (const centre of centers)
      expect(keys.includes(`low-occupancy-${centre.id}`)).toBe(centre.is_active && centre.occupancy < 70);
    const finance = (await as(app, owner).get("/api/analytics/financial-overview")).json();
    const [before, last] = finance.months.slice(-3, -1);
    expect(keys.includes("collections-falling")).toBe(last.received < before.received);
  });

  it("insights are written in the reader's language", async () => {
    const english = (await as(app, owner).get("/api/analytics/insights")).json().insights.at(-1);
    expect(english).toMatchObject({
      title: "Monthly Performance Review",
      message: "Review each centre's enrolment, attendance and collections for the month.",
    });
    const hindi = await app.inject({
      method: "GET",
      url: "/api/analytics/insights",
      headers: { ...owner.headers, "accept-language": "hi-IN" },
    });
    expect(hindi.json().insights.at(-1)).toMatchObject({
      title: "मासिक प्रदर्शन की समीक्षा",
      message: "हर केंद्र के इस महीने के दाख़िले, हाज़िरी और वसूली की समीक्षा करें।",
    });
  });

  it("refuses the calls to roles without the dashboard", async () => {
    expect((await as(app, teacher).get("/api/analytics/center-comparison")).statusCode).toBe(403);
    expect((await as(app, parent).get("/api/analytics/financial-overview")).statusCode).toBe(403);
    expect((await as(app, coordinator).get("/api/analytics/insights")).statusCode).toBe(403);
  });
});

describe("teacher and coordinator homes", () => {
  it("the teacher's rooms, their children in and absent, health to watch and unread messages", async () => {
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAILS.teacher));
    const assigned = await db
      .select({ id: classroomTeachers.classroomId })
      .from(classroomTeachers)
      .where(eq(classroomTeachers.teacherId, me!.id));
    const [room] = assigned;
    // A child who has not come yet today arrives now; the rest of the room came this morning.
    const today = await demoRoomToday(db, room!.id);
    const child = { ...today.notArrived[0]!, centerId: ids.homeCentre };
    const now = clock.now();
    await db.insert(healthNotes).values({
      studentId: child!.id,
      centerId: child!.centerId,
      day: "2026-11-01",
      kind: "allergy",
      details: "Peanuts",
      createdAt: now,
    });
    const [medicine] = await db
      .insert(medications)
      .values({
        studentId: child!.id,
        centerId: child!.centerId,
        name: "Paracetamol syrup",
        dose: "5 ml",
        schedule: "12:30 after lunch",
        startDate: "2026-11-19",
        endDate: "2026-11-21",
        consentBy: me!.id,
        consentAt: now,
      })
      .returning({ id: medications.id });
    const checkedIn = await as(app, teacher).post("/api/attendance/check-in", { student_id: child!.id });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    try {
      const home = (await as(app, teacher).get("/api/analytics/teacher-home")).json();
      expect(home.date).toBe("2026-11-20");
      expect(home.classrooms.map((row: { id: string }) => row.id).sort()).toEqual(assigned.map((row) => row.id).sort());
      const mine = home.classrooms.find((row: { id: string }) => row.id === room!.id);
      const active = await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.classroomId, room!.id), eq(students.status, "active")));
      expect(mine).toMatchObject({ expected: active.length, children_in: today.present.length + 1 });
      const watched = home.health.find((row: { child_id: string }) => row.child_id === child!.id);
      expect(watched.allergies).toContain("Peanuts");
      expect(watched.medications).toEqual([
        {
          id: medicine!.id,
          name: "Paracetamol syrup",
          dose: "5 ml",
          schedule: "12:30 after lunch",
          given_today: false,
        },
      ]);
      const unread = (await as(app, teacher).get("/api/communication/unread")).json();
      expect(home.unread_messages).toBe(unread.messages);
    } finally {
      await db.delete(attendanceStays).where(eq(attendanceStays.studentId, child!.id));
    }
  });

  it("the coordinator's classrooms, today's plans and assignments due in their centre only", async () => {
    // A stay left open yesterday is not a child in now.
    const [centre] = await db.select().from(centers).where(eq(centers.id, ids.homeCentre));
    const [firstRoom] = await db
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(eq(classrooms.centerId, ids.homeCentre))
      .limit(1);
    const { present, notArrived } = await demoRoomToday(db, firstRoom!.id);
    const kid = { id: notArrived[0]!.id, room: firstRoom!.id };
    const [stale] = await db
      .insert(attendanceStays)
      .values({
        organisationId: centre!.organisationId,
        centerId: ids.homeCentre,
        studentId: kid!.id,
        classroomId: kid!.room,
        day: "2026-11-19",
        checkInAt: new Date("2026-11-19T04:00:00Z"),
      })
      .returning();
    const home = (await as(app, coordinator).get("/api/analytics/coordinator-home")).json();
    await db.delete(attendanceStays).where(eq(attendanceStays.id, stale!.id));
    const staleRoom = home.classrooms.find((row: { id: string }) => row.id === kid!.room);
    // Only the children who came this morning are in.
    expect(staleRoom.children_in).toBe(present.length);
    const rooms = await db
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(eq(classrooms.centerId, ids.homeCentre));
    expect(home.classrooms.map((row: { id: string }) => row.id).sort()).toEqual(rooms.map((row) => row.id).sort());
    const plans = await db
      .select({ id: lessonPlans.id })
      .from(lessonPlans)
      .where(and(eq(lessonPlans.centerId, ids.homeCentre), eq(lessonPlans.day, home.date)));
    expect(home.plans_today.map((plan: { id: string }) => plan.id).sort()).toEqual(plans.map((plan) => plan.id).sort());
    for (const room of home.classrooms) {
      const enrolled = await db
        .select({ status: students.status })
        .from(students)
        .where(eq(students.classroomId, room.id));
      expect(room.enrolled).toBe(enrolled.filter((kid) => kid.status !== "left").length);
    }
    for (const due of home.assignments_due) expect(due.due_date >= home.date).toBe(true);
    expect((await as(app, teacher).get("/api/analytics/coordinator-home")).statusCode).toBe(403);
    expect((await as(app, coordinator).get("/api/analytics/teacher-home")).statusCode).toBe(403);
  });
});
