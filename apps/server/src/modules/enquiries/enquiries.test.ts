import { ADMISSION_MESSAGES } from "@sprout/shared/schemas/admissions";
import { ENQUIRY_MESSAGES as M } from "@sprout/shared/schemas/enquiries";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { guardians, students } from "../../db/schema/children.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { centers, organisations } from "../../db/schema/organisations.ts";
import { createSettingsService } from "../settings/service.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;

type Client = ReturnType<typeof as>;
let admin: Client;
let director: Client;
let owner: Client;
let superAdmin: Client;
let centreIds: string[];

beforeAll(async () => {
  admin = as(app, await signIn(app, DEMO_EMAILS.admin));
  director = as(app, await signIn(app, DEMO_EMAILS.center_director));
  owner = as(app, await signIn(app, DEMO_EMAILS.owner));
  superAdmin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
  const rows = await db
    .select({ id: centers.id, name: centers.name })
    .from(centers)
    .orderBy(centers.createdAt, sql`ctid`);
  centreIds = rows.map((row) => row.id);
});

const lead = (patch: Record<string, unknown> = {}) => ({
  child_name: "Aarav Sharma",
  child_dob: "2023-04-02",
  parent_name: "Rahul Sharma",
  mobile_number: "+91 98765 43210",
  email: "rahul.sharma@example.in",
  source: "Walk-in",
  major_program: "Pre-school",
  specific_program: "TODDLERS",
  service_hours: 4,
  status: "Open",
  ...patch,
});

async function classroomOf(centreIndex: number) {
  const response = await superAdmin.get(`/api/classrooms?center_id=${centreIds[centreIndex]}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0] as { id: string; name: string };
}

describe("settings: programs and tie-up companies", () => {
  it("lists the spec's programs from the start", async () => {
    const response = await admin.get("/api/settings/programs");
    expect(response.statusCode).toBe(200);
    const pairs = response
      .json()
      .map(
        (row: { major_program: string; specific_program: string }) => `${row.major_program}/${row.specific_program}`,
      );
    expect(pairs).toEqual([
      "Daycare/CRECHE",
      "Daycare/PLAYGROUP",
      "Daycare/TODDLERS",
      "Daycare/PRE-KINDY",
      "Daycare/KINDY",
      "Pre-school/PLAYGROUP",
      "Pre-school/TODDLERS",
      "Pre-school/PRE-KINDY",
      "Pre-school/KINDY",
      "Adhoc Daycare/Adhoc Daycare",
      "After-school Care/Joey Juniors",
      "After-school Care/Koala Seniors",
    ]);
  });

  it("gives a new organisation the same lists", async () => {
    const [organisation] = await db.insert(organisations).values({ name: "Little Steps Montessori" }).returning();
    const settings = createSettingsService({ db });
    const map = await settings.programMap(organisation!.id);
    expect(map["After-school Care"]).toEqual(["Joey Juniors", "Koala Seniors"]);
    expect(Object.keys(map)).toHaveLength(4);
  });

  it("adds a program, which the enquiry form then accepts, and refuses a duplicate", async () => {
    const added = await admin.post("/api/settings/programs", {
      majorProgram: "Pre-school",
      specificProgram: "Nursery",
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ major_program: "Pre-school", specific_program: "Nursery" });
    const again = await admin.post("/api/settings/programs", {
      majorProgram: "pre-school ",
      specificProgram: "NURSERY",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "This program already exists", code: "CONFLICT" });
    const missing = await admin.post("/api/settings/programs", { majorProgram: "", specificProgram: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({
      majorProgram: "Major program is required",
      specificProgram: "Specific program is required",
    });
    const enquiry = await admin.post("/api/enquiries", lead({ specific_program: "Nursery" }));
    expect(enquiry.statusCode, enquiry.body).toBe(201);
  });

  it("adds a tie-up company and refuses a duplicate whatever its case", async () => {
    const added = await superAdmin.post("/api/settings/companies", { companyName: "  Zoho Corporation " });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().company_name).toBe("Zoho Corporation");
    const again = await superAdmin.post("/api/settings/companies", { companyName: "zoho corporation" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("This company already exists");
    const short = await superAdmin.post("/api/settings/companies", { companyName: "Z" });
    expect(short.json().details).toEqual({ companyName: "Company name must be at least 2 characters" });
    const list = await admin.get("/api/settings/companies");
    expect(list.json().map((row: { company_name: string }) => row.company_name)).toContain("Zoho Corporation");
  });

  it("checks a company's tie-up, ignoring case and spaces", async () => {
    expect((await admin.get("/api/enquiries/check-company?name=%20infosys%20")).json()).toEqual({
      hasTieUp: true,
      company_name: "Infosys",
    });
    expect((await admin.get("/api/enquiries/check-company?name=Globex%20Ltd")).json()).toEqual({
      hasTieUp: false,
      company_name: null,
    });
    expect((await admin.get("/api/enquiries/check-company?name=")).json()).toEqual({
      hasTieUp: false,
      company_name: null,
    });
  });
});

describe("creating and updating enquiries", () => {
  it("creates an enquiry for the caller's centre, dated today, with the mobile stored normalised", async () => {
    const response = await admin.post("/api/enquiries", lead({ company: "wipro" }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      enquiry_date: "2026-11-20",
      mobile_number: "+919876543210",
      status: "Open",
      follow_up_flag: false,
      has_tie_up: true,
      center_id: centreIds[0],
      center_name: "Sprout Koramangala",
      student_id: null,
    });
  });

  it("refuses a bad payload with every field's message and changes nothing", async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(enquiries);
    const response = await admin.post(
      "/api/enquiries",
      lead({
        child_name: "A",
        parent_name: "R2D2",
        mobile_number: "12345",
        email: "nope",
        child_dob: "2026-11-21",
        service_hours: 13,
        source: "",
        remarks: "x".repeat(501),
        company: "I",
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.details).toMatchObject({
      child_name: M.childName.tooShort,
      parent_name: M.parentName.letters,
      mobile_number: M.mobileInvalid,
      email: M.emailInvalid,
      service_hours: M.serviceHoursMax,
      source: M.sourceRequired,
      remarks: M.remarksTooLong,
      company: M.companyTooShort,
    });
    expect(typeof body.error).toBe("string");
    const dob = await admin.post("/api/enquiries", lead({ child_dob: "2026-11-21" }));
    expect(dob.json().details).toEqual({ child_dob: M.dobFuture });
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(enquiries);
    expect(after).toEqual(before);
  });

  it("applies the age rule at its boundaries on the server's date", async () => {
    expect((await admin.post("/api/enquiries", lead({ child_dob: "2026-05-20" }))).statusCode).toBe(201);
    expect((await admin.post("/api/enquiries", lead({ child_dob: "2026-05-21" }))).json().details).toEqual({
      child_dob: M.dobTooYoung,
    });
    expect((await admin.post("/api/enquiries", lead({ child_dob: "2018-11-20" }))).statusCode).toBe(201);
    expect((await admin.post("/api/enquiries", lead({ child_dob: "2018-11-19" }))).json().details).toEqual({
      child_dob: M.dobTooOld,
    });
  });

  it("refuses a specific program that is not one of the major program's", async () => {
    const response = await admin.post(
      "/api/enquiries",
      lead({ major_program: "After-school Care", specific_program: "CRECHE" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual({ specific_program: M.specificMismatch });
  });

  it("Follow-up turns the flag on and needs a date from today to 6 months ahead", async () => {
    const missing = await admin.post("/api/enquiries", lead({ status: "Follow-up" }));
    expect(missing.json().details).toEqual({ follow_up_date: M.followUpRequired });
    const past = await admin.post("/api/enquiries", lead({ status: "Follow-up", follow_up_date: "2026-11-19" }));
    expect(past.json().details).toEqual({ follow_up_date: M.followUpPast });
    const tooFar = await admin.post("/api/enquiries", lead({ status: "Follow-up", follow_up_date: "2027-05-21" }));
    expect(tooFar.json().details).toEqual({ follow_up_date: M.followUpTooFar });
    const edge = await admin.post(
      "/api/enquiries",
      lead({ status: "Follow-up", follow_up_flag: false, follow_up_date: "2027-05-20" }),
    );
    expect(edge.statusCode, edge.body).toBe(201);
    expect(edge.json()).toMatchObject({ follow_up_flag: true, follow_up_date: "2027-05-20", follow_up_due: false });
    const todayOk = await admin.post("/api/enquiries", lead({ status: "Follow-up", follow_up_date: "2026-11-20" }));
    expect(todayOk.json()).toMatchObject({ follow_up_due: true });
  });

  it("takes 'today' from the centre's time zone, not UTC", async () => {
    // 20:00 UTC on the 20th is already 01:30 on the 21st in Bengaluru.
    clock.set(new Date("2026-11-20T20:00:00Z"));
    try {
      const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
      const past = await admin.post("/api/enquiries", lead({ status: "Follow-up", follow_up_date: "2026-11-20" }));
      expect(past.json().details).toEqual({ follow_up_date: M.followUpPast });
      const created = await admin.post("/api/enquiries", lead({ child_name: "Late Night" }));
      expect(created.json().enquiry_date).toBe("2026-11-21");
    } finally {
      clock.set(new Date("2026-11-20T06:30:00Z"));
    }
  });

  it("Lost needs a reason for closure", async () => {
    const created = (await admin.post("/api/enquiries", lead({ child_name: "Diya Iyer" }))).json();
    const refused = await admin.put(`/api/enquiries/${created.id}`, lead({ child_name: "Diya Iyer", status: "Lost" }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({ reason_for_closure: M.reasonRequired });
    const lost = await admin.put(
      `/api/enquiries/${created.id}`,
      lead({ child_name: "Diya Iyer", status: "Lost", reason_for_closure: "Chose a centre nearer home" }),
    );
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ status: "Lost", reason_for_closure: "Chose a centre nearer home" });
  });

  it("keeps enquiries to the caller's centres: others answer 404", async () => {
    const elsewhere = (
      await owner.post("/api/enquiries", lead({ child_name: "Andheri Child", center_id: centreIds[1] }))
    ).json();
    expect(elsewhere.center_id).toBe(centreIds[1]);
    expect((await director.put(`/api/enquiries/${elsewhere.id}`, lead())).statusCode).toBe(404);
    const room = await classroomOf(1);
    const admission = {
      child: { firstName: "Andheri", lastName: "Child", dateOfBirth: "2023-04-02", gender: "Male" },
      parents: [{ firstName: "Rahul", lastName: "Sharma", relation: "Father", phone: "9876543210", email: "" }],
      classroomId: room.id,
    };
    expect((await director.post(`/api/admissions/convert/${elsewhere.id}`, admission)).statusCode).toBe(404);
    const listed = (await director.get("/api/enquiries?limit=50&search=Andheri")).json();
    expect(listed.pagination.total_items).toBe(0);
    expect((await director.get(`/api/enquiries?center_id=${centreIds[1]}`)).statusCode).toBe(404);
    expect((await admin.post("/api/enquiries", lead({ center_id: centreIds[1] }))).statusCode).toBe(404);
    // A multi-centre user names the centre.
    const unnamed = await superAdmin.post("/api/enquiries", lead());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().details).toEqual({ center_id: "Please choose a centre" });
    expect((await admin.put("/api/enquiries/00000000-0000-4000-8000-000000000000", lead())).statusCode).toBe(404);
  });
});

describe("the enquiries table", () => {
  it("searches by child name, filters by status and pages on the server", async () => {
    const all = (await admin.get("/api/enquiries?limit=5")).json();
    expect(all.enquiries).toHaveLength(5);
    expect(all.pagination).toMatchObject({ current_page: 1, items_per_page: 5 });
    expect(all.pagination.total_pages).toBe(Math.ceil(all.pagination.total_items / 5));
    const second = (await admin.get("/api/enquiries?limit=5&page=2")).json();
    const ids = new Set(all.enquiries.map((row: { id: string }) => row.id));
    expect(second.enquiries.some((row: { id: string }) => ids.has(row.id))).toBe(false);

    const search = (await admin.get("/api/enquiries?search=saanvi")).json();
    expect(search.enquiries.map((row: { child_name: string }) => row.child_name)).toEqual(["Saanvi Pillai"]);
    expect(search.pagination).toMatchObject({ total_items: 1, total_is_lower_bound: false });
    // A search answers the same rows in the same order as the list it narrows, counted exactly under the cap.
    const everyA = (await admin.get("/api/enquiries?limit=50")).json();
    const withA = everyA.enquiries.filter((row: { child_name: string }) => row.child_name.toLowerCase().includes("a"));
    expect(everyA.pagination.total_items).toBeLessThanOrEqual(50);
    const searchedA = (await admin.get("/api/enquiries?search=a&limit=50")).json();
    expect(searchedA.enquiries.map((row: { id: string }) => row.id)).toEqual(
      withA.map((row: { id: string }) => row.id),
    );
    expect(searchedA.pagination).toMatchObject({ total_items: withA.length, total_is_lower_bound: false });
    const lostOnly = (await admin.get("/api/enquiries?status=Lost&limit=50")).json();
    expect(lostOnly.enquiries.length).toBeGreaterThan(0);
    expect(lostOnly.enquiries.every((row: { status: string }) => row.status === "Lost")).toBe(true);
    expect((await admin.get("/api/enquiries?limit=7")).statusCode).toBe(400);
  });

  it("shows follow-ups due today or overdue", async () => {
    const due = (await admin.get("/api/enquiries?follow_up=due&limit=50")).json();
    expect(due.enquiries.length).toBe(due.due_follow_ups);
    expect(due.enquiries.length).toBeGreaterThanOrEqual(3);
    for (const row of due.enquiries) {
      expect(row.follow_up_due).toBe(true);
      expect(row.follow_up_date <= "2026-11-20").toBe(true);
      expect(["Open", "Follow-up"]).toContain(row.status);
    }
  });

  it("the dashboard's open-enquiry figure counts Open and Follow-up enquiries in scope", async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(enquiries)
      .where(sql`${enquiries.centerId} = ${centreIds[0]} and ${enquiries.status} in ('Open', 'Follow-up')`);
    const overview = (await admin.get("/api/analytics/overview")).json();
    expect(overview.open_enquiries).toBe(row!.n);
    const all = (await superAdmin.get("/api/analytics/overview")).json();
    expect(all.open_enquiries).toBeGreaterThan(overview.open_enquiries);
  });
});

describe("admission", () => {
  const parents = (first: Record<string, string> = {}, second: Record<string, string> = {}) => [
    {
      firstName: "Rahul",
      lastName: "Sharma",
      relation: "Father",
      phone: "+91 98765 43210",
      email: "rahul.sharma@example.in",
      ...first,
    },
    {
      firstName: "Pooja",
      lastName: "Sharma",
      relation: "Mother",
      phone: "98450 11223",
      email: "pooja.sharma@example.in",
      ...second,
    },
    { firstName: "", lastName: "", relation: "Guardian", phone: "", email: "" },
  ];

  async function closedEnquiry(childName: string) {
    const created = await admin.post("/api/enquiries", lead({ child_name: childName, status: "Closed" }));
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string };
  }

  it("refuses to admit an enquiry that is not Closed", async () => {
    const open = (await admin.post("/api/enquiries", lead({ child_name: "Still Open" }))).json();
    const room = await classroomOf(0);
    const response = await admin.post(`/api/admissions/convert/${open.id}`, {
      child: { firstName: "Still", lastName: "Open", dateOfBirth: "2023-04-02", gender: "Male" },
      parents: parents(),
      classroomId: room.id,
    });
    expect(response.statusCode).toBe(409);
  });

  it("validates the Final Admission Form", async () => {
    const enquiry = await closedEnquiry("Form Check");
    const response = await admin.post(`/api/admissions/convert/${enquiry.id}`, {
      child: { firstName: "", lastName: "", dateOfBirth: "", gender: "" },
      parents: parents({ firstName: "", phone: "" }),
      classroomId: "",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({
      "child.firstName": "Child first name is required",
      "child.dateOfBirth": "Date of birth is required",
      "child.gender": "Gender is required",
      "parents.0.firstName": "Parent first name is required",
      "parents.0.phone": "Parent phone is required",
      classroomId: "Please choose a classroom",
    });
    // The relation is asked, never assumed (issue 30, point 8): a filled row without one is refused;
    // an empty row needs none.
    const room = await classroomOf(0);
    const child = { firstName: "Form", lastName: "Check", dateOfBirth: "2023-04-02", gender: "Female" };
    const [first, second, blank] = parents();
    const noRelation = { ...first, relation: undefined };
    const unsaid = await admin.post(`/api/admissions/convert/${enquiry.id}`, {
      child,
      parents: [noRelation, { ...second, relation: " " }, { ...blank, relation: "" }],
      classroomId: room.id,
    });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().details).toEqual({
      "parents.0.relation": ADMISSION_MESSAGES.relationRequired,
      "parents.1.relation": ADMISSION_MESSAGES.relationRequired,
    });
    const otherRoom = await classroomOf(1);
    const wrongRoom = await admin.post(`/api/admissions/convert/${enquiry.id}`, {
      child: { firstName: "Form", lastName: "Check", dateOfBirth: "2023-04-02", gender: "Female" },
      parents: parents(),
      classroomId: otherRoom.id,
    });
    expect(wrongRoom.statusCode).toBe(400);
    expect(wrongRoom.json().details).toEqual({ classroomId: "Classroom not found in this centre" });
  });

  it("an address with a staff sign-in is neither refused nor linked: the answer reveals nothing (issue 20)", async () => {
    const enquiry = await closedEnquiry("Staff Address");
    const room = await classroomOf(0);
    const admitted = await admin.post(`/api/admissions/convert/${enquiry.id}`, {
      child: { firstName: "Staff", lastName: "Address", dateOfBirth: "2023-04-02", gender: "Male" },
      parents: parents({ email: "staff.address.father@example.in" }, { email: DEMO_EMAILS.teacher }),
      classroomId: room.id,
    });
    expect(admitted.statusCode, admitted.body).toBe(201);
    expect(admitted.json().invited).toEqual(["staff.address.father@example.in", DEMO_EMAILS.teacher]);
    const [teacherGuardian] = await db.select().from(guardians).where(eq(guardians.email, DEMO_EMAILS.teacher));
    expect(teacherGuardian!.userId).toBeNull();
  });

  it("creates the student, guardians, links and placement; refuses a second conversion; the parent signs in through the invitation", async () => {
    const enquiry = await closedEnquiry("Ira Sharma");
    const room = await classroomOf(0);
    const body = {
      child: { firstName: "Ira", lastName: "Sharma", dateOfBirth: "2023-04-02", gender: "Female" },
      parents: parents(),
      classroomId: room.id,
      probableJoiningDate: "2026-12-01",
    };
    const response = await admin.post(`/api/admissions/convert/${enquiry.id}`, body);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      message: "Student admitted successfully",
      student: {
        first_name: "Ira",
        last_name: "Sharma",
        class_id: room.id,
        classroom_name: room.name,
        enrollment_date: "2026-12-01",
      },
      invited: ["rahul.sharma@example.in", "pooja.sharma@example.in"],
    });
    expect(result.student.student_id).toMatch(/^SPR-\d+$/);

    const again = await admin.post(`/api/admissions/convert/${enquiry.id}`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(M.alreadyAdmitted);
    expect(
      await db
        .select()
        .from(students)
        .where(sql`${students.firstName} = 'Ira' and ${students.dateOfBirth} = '2023-04-02'`),
    ).toHaveLength(1);

    const edit = await admin.put(`/api/enquiries/${enquiry.id}`, lead({ child_name: "Ira Sharma", status: "Closed" }));
    expect(edit.statusCode).toBe(409);
    const listed = (await admin.get("/api/enquiries?search=Ira%20Sharma")).json().enquiries[0];
    expect(listed).toMatchObject({ student_id: result.student.id, status: "Closed" });

    // The child is on the roll of the centre.
    const children = await admin.get("/api/admin/children?search=Ira&limit=100");
    expect(children.statusCode, children.body).toBe(200);
    expect(children.json().children.map((child: { student_id: string }) => child.student_id)).toContain(
      result.student.student_id,
    );

    // The guardians' links: father primary, mother second, with their numbers normalised.
    const linked = await db.execute(sql`
      select g.first_name, g.phone, sg.relation, sg.is_primary, u.role, u.password_hash is null as no_password
      from student_guardians sg join guardians g on g.id = sg.guardian_id left join users u on u.id = g.user_id
      where sg.student_id = ${result.student.id} order by sg.is_primary desc`);
    expect((linked as unknown as { rows: unknown[] }).rows ?? linked).toEqual([
      {
        first_name: "Rahul",
        phone: "+919876543210",
        relation: "Father",
        is_primary: true,
        role: "parent",
        no_password: true,
      },
      {
        first_name: "Pooja",
        phone: "+919845011223",
        relation: "Mother",
        is_primary: false,
        role: "parent",
        no_password: true,
      },
    ]);

    // The invitation e-mail carries a code; the parent sets a password and signs in.
    const mail = await app.inject({ method: "GET", url: "/api/auth/test-email?email=pooja.sharma@example.in" });
    expect(mail.statusCode, mail.body).toBe(200);
    const { code, text } = mail.json();
    const resetId = /resetId=([0-9a-f-]{36})/.exec(text)![1];
    const verified = await app.inject({
      method: "POST",
      url: "/api/auth/verify-reset-code",
      payload: { email: "pooja.sharma@example.in", challengeCode: code, resetId },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const set = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: {
        email: "pooja.sharma@example.in",
        resetId,
        resetToken: verified.json().resetToken,
        newPassword: "Ira@Sprout2026",
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const parent = await signIn(app, "pooja.sharma@example.in", "Ira@Sprout2026");
    expect(parent.user.role).toBe("parent");
  });

  it("a sibling's parent who has a sign-in is asked to accept the child, not linked (issue 20)", async () => {
    const enquiry = await closedEnquiry("Veer Sharma");
    const room = await classroomOf(0);
    const response = await admin.post(`/api/admissions/convert/${enquiry.id}`, {
      child: { firstName: "Veer", lastName: "Sharma", dateOfBirth: "2022-01-10", gender: "Male" },
      parents: parents().slice(0, 1),
      classroomId: room.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ invited: ["rahul.sharma@example.in"] });
    // Ira's guardian record keeps its sign-in; Veer's is a new record without one until Rahul accepts.
    const records = await db.select().from(guardians).where(eq(guardians.email, "rahul.sharma@example.in"));
    expect(records.map((record) => record.userId === null).sort()).toEqual([false, true]);
  });
});
