import { AGEING_BUCKETS, REPORT_MESSAGES } from "@sprout/shared/schemas/reports";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { demoIds } from "../../../test/demo-ids.ts";
import { demoNotArrived } from "../../../test/demo-today.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { otherOrganisation } from "../../../test/other-organisation.ts";
import { attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";
import { invoices, payments } from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { ownerCenters } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const ids = await demoIds(db);
const foreign = await otherOrganisation(db);

let owner: SignedIn;
let director: SignedIn;
let finance: SignedIn;
let coordinator: SignedIn;
let teacher: SignedIn;
let centres: string[];

const RANGE = "from=2026-06-01&to=2026-11-20";
const rupees = (paise: number) => paise / 100;

async function workbook(session: SignedIn, url: string) {
  const response = await as(app, session).get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toContain("spreadsheetml");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const values = (row.values as unknown[]).slice(1);
    if (values.length < 2) return;
    rows.push(Object.fromEntries(header.map((name, column) => [String(name), values[column]])));
  });
  return rows;
}

beforeAll(async () => {
  [owner, director, finance, coordinator, teacher] = await Promise.all([
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.financial_manager),
    signIn(app, DEMO_EMAILS.academic_coordinator),
    signIn(app, DEMO_EMAILS.teacher),
  ]);
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  centres = (
    await db.select({ id: ownerCenters.centerId }).from(ownerCenters).where(eq(ownerCenters.ownerId, me!.id))
  ).map((row) => row.id);
  // Beside the demo's morning arrivals, two more children come in now and one is marked absent.
  const kids = await demoNotArrived(db, ids.homeCentre);
  for (const kid of kids.slice(0, 2)) {
    const response = await as(app, director).post("/api/attendance/check-in", { student_id: kid.id });
    expect(response.statusCode, response.body).toBe(200);
  }
  const absent = await as(app, director).post("/api/attendance/absent", { student_id: kids[2]!.id, reason: "sick" });
  expect(absent.statusCode, absent.body).toBe(200);
});

describe("reports equal their rows counted another way", () => {
  it("enrolment: the last month's enrolled children are the children list's enrolled", async () => {
    // One child left in September: enrolled until then, counted as left that month.
    const [leaver] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(inArray(students.centerId, centres), eq(students.status, "active")))
      .limit(1);
    await db.update(students).set({ status: "left", exitDate: "2026-09-15" }).where(eq(students.id, leaver!.id));
    const report = (await as(app, owner).get(`/api/reports/enrolment?${RANGE}`)).json();
    const rows = await workbook(owner, `/api/reports/enrolment/export?${RANGE}`);
    await db.update(students).set({ status: "active", exitDate: null }).where(eq(students.id, leaver!.id));
    expect(report.months.find((row: { month: string }) => row.month === "2026-09").left).toBeGreaterThan(0);
    const kids = await db
      .select({ id: students.id, status: students.status, joined: students.enrollmentDate, exit: students.exitDate })
      .from(students)
      .where(inArray(students.centerId, centres))
      .then((rows) =>
        rows.map((kid) => (kid.id === leaver!.id ? { ...kid, status: "left" as const, exit: "2026-09-15" } : kid)),
      );
    expect(report.months.map((row: { month: string }) => row.month)).toEqual([
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    const last = report.months.at(-1);
    expect(last.enrolled).toBe(kids.filter((kid) => kid.status !== "left" && kid.joined <= "2026-11-20").length);
    expect(last.joined).toBe(kids.filter((kid) => kid.joined >= "2026-11-01" && kid.joined <= "2026-11-20").length);
    // Every month, counted child by child: a child who left is enrolled until their exit date.
    for (const row of report.months as { month: string; enrolled: number; joined: number; left: number }[]) {
      const first = `${row.month}-01`;
      const end =
        row.month === "2026-11"
          ? "2026-11-20"
          : `${row.month}-${row.month === "2026-06" || row.month === "2026-09" ? 30 : 31}`;
      const gone = (kid: (typeof kids)[number]) => kid.status === "left" && (kid.exit ?? kid.joined) <= end;
      expect(row.enrolled, row.month).toBe(kids.filter((kid) => kid.joined <= end && !gone(kid)).length);
      expect(row.joined, row.month).toBe(kids.filter((kid) => kid.joined >= first && kid.joined <= end).length);
      expect(row.left, row.month).toBe(
        kids.filter((kid) => kid.status === "left" && kid.exit !== null && kid.exit >= first && kid.exit <= end).length,
      );
    }
    expect(rows.map((row) => row.Enrolled)).toEqual(report.months.map((row: { enrolled: number }) => row.enrolled));
  });

  it("attendance: children present and absent per day", async () => {
    const report = (await as(app, director).get(`/api/reports/attendance?${RANGE}`)).json();
    const stays = await db
      .select({ student: attendanceStays.studentId, day: attendanceStays.day })
      .from(attendanceStays)
      .where(eq(attendanceStays.centerId, ids.homeCentre));
    const absences = await db
      .select({ day: attendanceAbsences.day })
      .from(attendanceAbsences)
      .where(eq(attendanceAbsences.centerId, ids.homeCentre));
    const inRange = (day: string) => day >= "2026-06-01" && day <= "2026-11-20";
    expect(report.total_present).toBe(
      new Set(stays.filter((row) => inRange(row.day)).map((row) => `${row.student}|${row.day}`)).size,
    );
    expect(report.total_absent).toBe(absences.filter((row) => inRange(row.day)).length);
    // Today: the demo's morning arrivals and the two who came in above; one marked absent.
    const today = new Set(stays.filter((row) => row.day === "2026-11-20").map((row) => row.student));
    expect(today.size).toBeGreaterThan(2);
    expect(report.days.find((row: { date: string }) => row.date === "2026-11-20")).toMatchObject({
      present: today.size,
      absent: 1,
    });
    const rows = await workbook(director, `/api/reports/attendance/export?${RANGE}`);
    expect(rows.reduce((sum, row) => sum + Number(row.Present), 0)).toBe(report.total_present);
  });

  it("a reader who chose Hindi downloads the same sheet with its title and headers in Hindi", async () => {
    expect((await as(app, director).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    try {
      const response = await as(app, director).get(`/api/reports/attendance/export?${RANGE}`);
      expect(response.statusCode, response.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe("उपस्थिति");
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["तारीख", "उपस्थित", "अनुपस्थित"]);
      const last = (sheet.getRow(sheet.rowCount).values as unknown[]).slice(1);
      expect(last).toEqual(["2026-06-01 से 2026-11-20 तक"]);
    } finally {
      await as(app, director).put("/api/account/preferences", { language: "en" });
    }
  });

  it("revenue: invoiced and received per month are the invoices and payments of the month", async () => {
    const report = (await as(app, finance).get(`/api/reports/revenue?${RANGE}`)).json();
    const billed = await db
      .select({
        paise: invoices.totalPaise,
        on: invoices.issueDate,
        status: invoices.status,
        centre: invoices.centerId,
      })
      .from(invoices);
    const paid = await db
      .select({ paise: payments.amountPaise, on: payments.paidOn, centre: invoices.centerId })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId));
    const [financeUser] = await db
      .select({ org: users.organisationId })
      .from(users)
      .where(eq(users.email, DEMO_EMAILS.financial_manager));
    const orgInvoices = await db
      .select({ centre: invoices.centerId })
      .from(invoices)
      .where(eq(invoices.organisationId, financeUser!.org));
    const seen = new Set(orgInvoices.map((row) => row.centre));
    for (const month of report.months) {
      const invoicedPaise = billed
        .filter((row) => seen.has(row.centre) && row.on.startsWith(month.month) && row.status !== "Cancelled")
        .reduce((sum, row) => sum + row.paise, 0);
      const receivedPaise = paid
        .filter((row) => seen.has(row.centre) && row.on.startsWith(month.month))
        .reduce((sum, row) => sum + row.paise, 0);
      expect(month.invoiced).toBe(rupees(invoicedPaise));
      expect(month.received).toBe(rupees(receivedPaise));
    }
    const rows = await workbook(finance, `/api/reports/revenue/export?${RANGE}`);
    expect(rows.map((row) => row.Invoiced)).toEqual(report.months.map((row: { invoiced: number }) => row.invoiced));
    expect(rows.map((row) => row.Received)).toEqual(report.months.map((row: { received: number }) => row.received));
  });

  it("dues ageing: what unpaid invoices owe, by days past their due date", async () => {
    const report = (await as(app, owner).get("/api/reports/dues")).json();
    const unpaid = await db
      .select({ total: invoices.totalPaise, paid: invoices.paidPaise, due: invoices.dueDate })
      .from(invoices)
      .where(and(inArray(invoices.centerId, centres), inArray(invoices.status, ["Pending", "Overdue"])));
    const age = (due: string) => (Date.parse("2026-11-20") - Date.parse(due)) / 86_400_000;
    const bucketOf = (days: number) => (days <= 30 ? "0-30" : days <= 60 ? "31-60" : days <= 90 ? "61-90" : "90+");
    expect(report.as_of).toBe("2026-11-20");
    expect(report.total_invoices).toBe(unpaid.length);
    for (const bucket of AGEING_BUCKETS) {
      const rows = unpaid.filter((row) => bucketOf(age(row.due)) === bucket);
      expect(report.buckets.find((row: { bucket: string }) => row.bucket === bucket)).toEqual({
        bucket,
        invoices: rows.length,
        amount: rupees(rows.reduce((sum, row) => sum + row.total - row.paid, 0)),
      });
    }
    const rows = await workbook(owner, "/api/reports/dues/export");
    expect(rows.reduce((sum, row) => sum + Number(row.Total), 0)).toBeCloseTo(report.total_amount, 2);
  });

  it("enquiries: the funnel and conversion by source", async () => {
    const report = (await as(app, owner).get(`/api/reports/enquiries?${RANGE}`)).json();
    const leads = await db
      .select({
        date: enquiries.enquiryDate,
        source: enquiries.source,
        status: enquiries.status,
        student: enquiries.studentId,
      })
      .from(enquiries)
      .where(inArray(enquiries.centerId, centres));
    const inRange = leads.filter((lead) => lead.date >= "2026-06-01" && lead.date <= "2026-11-20");
    expect(report.funnel.received).toBe(inRange.length);
    expect(report.funnel.lost).toBe(inRange.filter((lead) => lead.status === "Lost").length);
    expect(report.funnel.converted).toBe(inRange.filter((lead) => lead.student).length);
    for (const source of report.sources)
      expect(source.enquiries).toBe(inRange.filter((lead) => lead.source === source.source).length);
    const rows = await workbook(owner, `/api/reports/enquiries/export?${RANGE}`);
    expect(rows.map((row) => row.Source)).toEqual(report.sources.map((row: { source: string }) => row.source));
  });

  it("centres: the owner's centres only, with the same enrolment as the comparison call", async () => {
    const report = (await as(app, owner).get(`/api/reports/centers?${RANGE}`)).json();
    expect(report.centers.map((row: { id: string }) => row.id).sort()).toEqual([...centres].sort());
    const { centers } = (await as(app, owner).get("/api/analytics/center-comparison")).json();
    for (const row of report.centers)
      expect(row.enrolled).toBe(centers.find((centre: { id: string }) => centre.id === row.id).student_count);
    // The download holds the same row per centre, in the same order, with the same figures.
    const rows = await workbook(owner, `/api/reports/centers/export?${RANGE}`);
    expect(rows.map((row) => row.Center)).toEqual(report.centers.map((row: { name: string }) => row.name));
    for (const [index, row] of report.centers.entries()) {
      expect(rows[index]).toEqual({
        Center: row.name,
        Capacity: row.capacity,
        Enrolled: row.enrolled,
        "Occupancy %": row.occupancy,
        "Child-days Present": row.present_days,
        Enquiries: row.enquiries,
        Converted: row.converted,
        Invoiced: row.invoiced,
        Received: row.received,
      });
    }
    // The coordinator sees no money in the comparison, on the page or in the download.
    const plain = (await as(app, coordinator).get(`/api/reports/centers?${RANGE}`)).json();
    expect(plain.centers[0]).not.toHaveProperty("invoiced");
    const plainRows = await workbook(coordinator, `/api/reports/centers/export?${RANGE}`);
    expect(plainRows).toHaveLength(plain.centers.length);
    expect(Object.keys(plainRows[0]!)).not.toContain("Invoiced");
    expect(Object.keys(plainRows[0]!)).not.toContain("Received");
  });
});

describe("scope, roles and bad input", () => {
  it("another owner's or organisation's centre is not found; reports outside a role are refused", async () => {
    expect((await as(app, owner).get(`/api/reports/revenue?center_id=${ids.otherCentre}`)).statusCode).toBe(404);
    expect((await as(app, director).get(`/api/reports/attendance?center_id=${ids.otherCentre}`)).statusCode).toBe(404);
    expect((await as(app, finance).get(`/api/reports/dues?center_id=${foreign.centre}`)).statusCode).toBe(404);
    expect((await as(app, finance).get("/api/reports/attendance")).statusCode).toBe(403);
    expect((await as(app, coordinator).get("/api/reports/revenue")).statusCode).toBe(403);
    expect((await as(app, teacher).get("/api/reports/centers")).statusCode).toBe(403);
    expect((await as(app, owner).get("/api/reports/nothing")).statusCode).toBe(400);
  });

  it("a range that ends before it starts, or runs past a year, is refused with the message", async () => {
    const backwards = await as(app, owner).get("/api/reports/revenue?from=2026-11-01&to=2026-10-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(REPORT_MESSAGES.dateRange);
    const long = await as(app, owner).get("/api/reports/revenue?from=2024-01-01&to=2026-01-01");
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(REPORT_MESSAGES.rangeTooLong);
    expect((await as(app, owner).get("/api/reports/revenue?from=2026-02-30")).statusCode).toBe(400);
  });
});

describe("download names", () => {
  it("carry the centre's date and time, not UTC's: 23:30 UTC is the next morning in Kolkata (issue 30, point 8)", async () => {
    const before = clock.now();
    clock.set(new Date("2026-11-20T23:30:00Z"));
    try {
      const late = await signIn(app, DEMO_EMAILS.financial_manager);
      const answer = await as(app, late).get(`/api/reports/revenue/export?${RANGE}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["content-disposition"]).toBe('attachment; filename="revenue_report_20261121_050000.xlsx"');
    } finally {
      clock.set(before);
    }
  });
});
