import type { ReportAnswer, Roster } from "@sprout/shared/schemas/attendance";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { staffShifts } from "../../db/schema/attendance.ts";
import { classrooms } from "../../db/schema/children.ts";
import { studentPauses } from "../../db/schema/enrollment.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);

let director: SignedIn;
let teacher: SignedIn;
let kids: Roster["children"];
let inThisMorning = 0;
const rowOf = (report: ReportAnswer, first: string) => report.rows.find((row) => row[0] === first)!;

beforeAll(async () => {
  [director, teacher] = await Promise.all([signIn(app, DEMO_EMAILS.center_director), signIn(app, DEMO_EMAILS.teacher)]);
  const toddlers = (await db.select().from(classrooms).where(eq(classrooms.centerId, home!.id))).find(
    (room) => room.name === "Toddlers",
  )!.id;
  const roster = ((await as(app, teacher).get(`/api/attendance/roster?classroom_id=${toddlers}`)).json() as Roster)
    .children;
  // Today (20 November, noon): most of the room came this morning (the demo's day); of the two
  // who have not come, one comes in now and one is off sick; one of the morning's goes home.
  const morning = roster.filter((child) => child.status === "in");
  const expected = roster.filter((child) => child.status === "expected");
  inThisMorning = morning.length;
  kids = [morning[0]!, ...expected.slice(0, 2)];
  expect(kids).toHaveLength(3);
  expect(
    (await as(app, teacher).post("/api/attendance/check-in", { student_id: kids[1]!.student_id })).statusCode,
  ).toBe(200);
  const guardian = kids[0]!.pickup_people[0]!;
  await as(app, teacher).post("/api/attendance/check-out", {
    student_id: kids[0]!.student_id,
    pickup_person_id: guardian.id,
  });
  await as(app, teacher).post("/api/attendance/absent", { student_id: kids[2]!.student_id, reason: "sick" });
  // The third child was paused for three days earlier in the month.
  await db.insert(studentPauses).values({
    studentId: kids[2]!.student_id,
    startDate: "2026-11-10",
    endDate: "2026-11-12",
    reason: "Travel",
    pausedAt: new Date("2026-11-09T05:00:00Z"),
    endedHow: "automatic",
    endedAt: new Date("2026-11-13T00:05:00Z"),
  });
});

describe("attendance reports", () => {
  it("daily per classroom: present, absent and not recorded add up to the room's children", async () => {
    const response = await as(app, director).get("/api/attendance/reports?kind=daily&date=2026-11-20");
    expect(response.statusCode).toBe(200);
    const report = response.json() as ReportAnswer;
    expect(report.columns).toEqual(["Classroom", "Children", "Present", "Absent", "Paused", "Not recorded"]);
    const [, children, present, absent, paused, unrecorded] = rowOf(report, "Toddlers") as number[];
    expect(present).toBe(inThisMorning + 1);
    expect(absent).toBe(1);
    expect(present! + absent! + paused! + unrecorded!).toBe(children);
    // Another day has no one present.
    const before = (await as(app, director).get("/api/attendance/reports?kind=daily&date=2026-11-19")).json();
    expect(rowOf(before, "Toddlers")[2]).toBe(0);
  });

  it("monthly per child: days present, absent and paused", async () => {
    const report = (
      await as(app, director).get("/api/attendance/reports?kind=monthly&month=2026-11")
    ).json() as ReportAnswer;
    expect(report.columns).toEqual(["Child", "Classroom", "Days present", "Days absent", "Days paused"]);
    const name = (kid: Roster["children"][number]) => `${kid.first_name} ${kid.last_name}`;
    expect(rowOf(report, name(kids[0]!)).slice(1)).toEqual(["Toddlers", 1, 0, 0]);
    expect(rowOf(report, name(kids[2]!)).slice(1)).toEqual(["Toddlers", 0, 1, 3]);
    const october = (await as(app, director).get("/api/attendance/reports?kind=monthly&month=2026-10")).json();
    expect(rowOf(october, name(kids[2]!)).slice(2)).toEqual([0, 0, 0]);
  });

  it("staff hours: closed shifts of the month", async () => {
    const [priya] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
    await db.insert(staffShifts).values([
      {
        centerId: home!.id,
        userId: priya!.id,
        day: "2026-11-03",
        clockInAt: new Date("2026-11-03T03:00:00Z"),
        clockOutAt: new Date("2026-11-03T11:30:00Z"),
      },
      {
        centerId: home!.id,
        userId: priya!.id,
        day: "2026-11-04",
        clockInAt: new Date("2026-11-04T03:00:00Z"),
        clockOutAt: new Date("2026-11-04T09:15:00Z"),
      },
    ]);
    const report = (await as(app, director).get("/api/attendance/reports?kind=staff_hours&month=2026-11")).json();
    expect(report.columns).toEqual(["Staff member", "Days worked", "Hours", "Overtime hours", "Days on leave"]);
    expect(rowOf(report, priya!.fullName)).toEqual([priya!.fullName, 2, 14.75, 0, 0]);
  });

  it("downloads as CSV and .xlsx with the same figures", async () => {
    const csv = await as(app, director).get("/api/attendance/reports?kind=daily&date=2026-11-20&format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("daily-attendance-2026-11-20.csv");
    expect(csv.body).toContain("Classroom,Children,Present,Absent,Paused,Not recorded");
    expect(csv.body).toMatch(new RegExp(`\r\nToddlers,\\d+,${inThisMorning + 1},1,`));

    const xlsx = await as(app, director).get("/api/attendance/reports?kind=daily&date=2026-11-20&format=xlsx");
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Classroom",
      "Children",
      "Present",
      "Absent",
      "Paused",
      "Not recorded",
    ]);
    const toddlers = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(1).value === "Toddlers")!;
    expect([toddlers.getCell(3).value, toddlers.getCell(4).value]).toEqual([inThisMorning + 1, 1]);
  });

  it("only for roles with attendance reports, in their centres; bad input is a 400", async () => {
    expect((await as(app, teacher).get("/api/attendance/reports?kind=daily")).statusCode).toBe(403);
    expect((await as(app, director).get(`/api/attendance/reports?kind=daily&center_id=${other!.id}`)).statusCode).toBe(
      404,
    );
    const bad = await as(app, director).get("/api/attendance/reports?kind=monthly&month=2026-13");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeTruthy();
    expect((await as(app, director).get("/api/attendance/reports?kind=weekly")).statusCode).toBe(400);
  });
});
