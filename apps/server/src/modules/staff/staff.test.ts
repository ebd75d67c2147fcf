import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import { STAFF_EXIT_MESSAGES, STAFF_MESSAGES } from "@sprout/shared/schemas/staff";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { rolesAssignableBy } from "../../auth/access.ts";
import { auditLog } from "../../db/schema/audit.ts";

const { app, database } = await createTestApp();
const superAdmin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const centres = (await superAdmin.get("/api/owners/centers")).json() as { id: string; name: string }[];
const koramangala = centres.find((centre) => centre.name === "Sprout Koramangala")!;
const andheri = centres.find((centre) => centre.name === "Sprout Andheri West")!;

const member = (overrides: Record<string, unknown> = {}) => ({
  email: "anita.pillai@sprout.test",
  password: "Teacher2026",
  first_name: "Anita",
  last_name: "Pillai",
  role: "teacher",
  designation: "Assistant Teacher",
  department: "Pre-school",
  joining_date: "2026-06-01",
  contract_type: "full-time",
  contact_number: "+91 98860 11223",
  emergency_contact: "Ravi Pillai, 9886055667",
  address: "12, 4th Cross, HSR Layout, Bengaluru",
  active_status: true,
  center_id: koramangala.id,
  ...overrides,
});

describe("staff management", () => {
  let anitaId = "";

  it("creates a staff member with every field, an employee ID from the sequence, and a sign-in account", async () => {
    const created = await director.post("/api/staff", member());
    expect(created.statusCode, created.body).toBe(200);
    const staff = created.json().staff;
    expect(staff).toMatchObject({
      email: "anita.pillai@sprout.test",
      first_name: "Anita",
      last_name: "Pillai",
      role: "teacher",
      designation: "Assistant Teacher",
      department: "Pre-school",
      joining_date: "2026-06-01",
      contract_type: "full-time",
      contact_number: "+91 98860 11223",
      emergency_contact: "Ravi Pillai, 9886055667",
      address: "12, 4th Cross, HSR Layout, Bengaluru",
      active_status: true,
      center_id: koramangala.id,
      center_name: "Sprout Koramangala",
    });
    expect(staff.employee_id).toMatch(/^EMP-\d{4,}$/);
    expect(JSON.stringify(created.json())).not.toContain("Teacher2026");
    anitaId = staff.id;
    await expect(signIn(app, "anita.pillai@sprout.test", "Teacher2026")).resolves.toMatchObject({
      user: { role: "teacher", center_name: "Sprout Koramangala" },
    });

    const second = await owner.post(
      "/api/staff",
      member({
        email: "joseph@sprout.test",
        first_name: "Joseph",
        last_name: "Dsouza",
        role: "staff",
        password: "",
        center_id: andheri.id,
      }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().message).toBe(STAFF_MESSAGES.createdInvited);
    const next = Number(second.json().staff.employee_id.slice(4));
    expect(next).toBeGreaterThan(Number(staff.employee_id.slice(4)));
    const mail = (await app.inject({ method: "GET", url: "/api/auth/test-email?email=joseph@sprout.test" })).json();
    expect(mail.subject).toMatch(/invited/);
    expect(mail.code).toMatch(/^[A-Z0-9]{6}$/);
    // The link's reset is an invitation, valid 72 hours: the page welcomes them and shows that date.
    const resetId = /resetId=([0-9a-f-]{36})/.exec(mail.text)![1];
    const status = (await app.inject({ method: "GET", url: `/api/auth/reset-status/${resetId}` })).json();
    expect(status).toMatchObject({ status: "pending", kind: "invitation", expiresIn: 72 * 3600 });
    const reset = (
      await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "joseph@sprout.test" } })
    ).json();
    const resetStatus = await app.inject({ method: "GET", url: `/api/auth/reset-status/${reset.resetId}` });
    expect(resetStatus.json()).toMatchObject({ status: "pending", kind: "reset", expiresIn: 15 * 60 });
  });

  it("validates with clear messages", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [member({ email: "a1@sprout.test", first_name: "" }), 400, STAFF_MESSAGES.firstNameRequired],
      [member({ email: "a2@sprout.test", role: "principal" }), 400, "Role is required"],
      [member({ email: "a3@sprout.test", joining_date: "01/06/2026" }), 400, STAFF_MESSAGES.dateInvalid],
      [member({ email: "a4@sprout.test", password: "weakpass" }), 400, ACCOUNT_MESSAGES.passwordUpper],
      [member({ email: "a5@sprout.test", contract_type: "forever" }), 400, ""],
      [member(), 409, STAFF_MESSAGES.emailTaken],
    ];
    for (const [payload, status, message] of cases) {
      const response = await director.post("/api/staff", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(response.json().error).toBe(message);
    }
  });

  it("every demo staff sign-in of a centre has its staff record, with a real job title", async () => {
    const mine = (await director.get("/api/staff")).json().staff;
    const demo = mine.filter(
      (row: { email: string }) => row.email.endsWith("@sprout.test") && row.email !== "anita.pillai@sprout.test",
    );
    expect(
      demo.map((row: { email: string; role: string; designation: string }) => [row.email, row.role, row.designation]),
    ).toEqual(
      expect.arrayContaining([
        ["director@sprout.test", "center_director", "Centre Director"],
        ["admin@sprout.test", "admin", "Centre Administrator"],
        ["coordinator@sprout.test", "academic_coordinator", "Academic Coordinator"],
        ["teacher@sprout.test", "teacher", "Lead Teacher"],
      ]),
    );
    // The README's four and the centre's seven other teachers (who have no sign-in yet).
    expect(demo).toHaveLength(11);
    expect(
      demo.filter((row: { designation: string }) => ["Lead Teacher", "Assistant Teacher"].includes(row.designation)),
    ).toHaveLength(8);
  });

  it("super admin and owner see every centre's staff; a director only their own centre's; other centres are 404", async () => {
    const demoStaff = ["admin", "coordinator", "director", "teacher"].map((name) => `${name}@sprout.test`);
    // The demo staffs every centre: Koramangala 11 (the README's four among them), Andheri West
    // and Gachibowli 9 each; Anita joined Koramangala and Joseph Andheri West above.
    const all = (await superAdmin.get("/api/staff?limit=100")).json().staff;
    const emails = all.map((row: { email: string }) => row.email);
    expect(emails).toEqual(expect.arrayContaining(["anita.pillai@sprout.test", "joseph@sprout.test", ...demoStaff]));
    expect(all).toHaveLength(31);
    expect(new Set(all.map((row: { center_name: string }) => row.center_name))).toEqual(
      new Set(["Sprout Koramangala", "Sprout Andheri West", "Sprout Gachibowli"]),
    );
    expect((await owner.get("/api/staff?limit=100")).json().staff).toHaveLength(31);
    const mine = (await director.get("/api/staff?limit=100")).json().staff;
    expect(mine.map((row: { email: string }) => row.email)).toEqual(
      expect.arrayContaining(["anita.pillai@sprout.test", ...demoStaff]),
    );
    expect(mine).toHaveLength(12);
    expect(mine.every((row: { center_id: string }) => row.center_id === koramangala.id)).toBe(true);
    expect((await director.get(`/api/staff/center/${koramangala.id}?limit=100`)).json().staff).toHaveLength(12);
    const elsewhere = await director.get(`/api/staff/center/${andheri.id}`);
    expect(elsewhere.statusCode).toBe(404);
    const joseph = all.find((row: { email: string }) => row.email === "joseph@sprout.test");
    const theirs = await director.put(`/api/staff/${joseph.id}`, member({ email: joseph.email, first_name: "Hacked" }));
    expect(theirs.statusCode).toBe(404);
    const intoAndheri = await director.post(
      "/api/staff",
      member({ email: "sneak@sprout.test", center_id: andheri.id }),
    );
    expect(intoAndheri.statusCode).toBe(404);
    const andheriStaff = (await superAdmin.get(`/api/staff/center/${andheri.id}?limit=100`)).json().staff;
    expect(andheriStaff).toHaveLength(10);
    expect(andheriStaff.map((row: { email: string }) => row.email)).toContain("joseph@sprout.test");
  });

  it("pages the staff on the server by name, searches name, e-mail and employee ID, one total", async () => {
    const first = (await superAdmin.get("/api/staff?limit=2")).json();
    expect(first.staff).toHaveLength(2);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 31, totalPages: 16 });
    const third = (await superAdmin.get("/api/staff?limit=2&page=3")).json();
    expect(third.staff).toHaveLength(2);
    expect(third.staff.map((row: { id: string }) => row.id)).not.toContain(first.staff[0].id);
    expect((await superAdmin.get("/api/staff?limit=2&page=16")).json().staff).toHaveLength(1);
    expect((await superAdmin.get("/api/staff?limit=2&page=17")).json().staff).toEqual([]);
    expect((await superAdmin.get("/api/staff?limit=101")).statusCode).toBe(400);
    expect((await superAdmin.get("/api/staff?search=a%00b")).statusCode).toBe(400);

    const priya = (await director.get("/api/staff?search=priya%20sh")).json();
    expect(priya.staff.map((row: { email: string }) => row.email)).toEqual(["teacher@sprout.test"]);
    expect(priya.pagination.total).toBe(1);
    const byEmail = (await director.get("/api/staff?search=COORDINATOR@")).json();
    expect(byEmail.staff.map((row: { email: string }) => row.email)).toEqual(["coordinator@sprout.test"]);
    const employeeId = priya.staff[0].employee_id as string;
    expect((await director.get(`/api/staff?search=${employeeId}`)).json().staff[0].employee_id).toBe(employeeId);
    // Joseph works at Andheri: a director's search does not reach him; the centre's page is 404.
    expect((await director.get("/api/staff?search=joseph")).json()).toMatchObject({
      staff: [],
      pagination: { total: 0 },
    });
    expect((await director.get(`/api/staff/center/${andheri.id}?search=joseph`)).statusCode).toBe(404);
  });

  it("updates a staff member and their account; deactivation ends their sessions", async () => {
    const anita = await signIn(app, "anita.pillai@sprout.test", "Teacher2026");
    const { center_id: _centre, password: _password, ...fields } = member();
    const updated = await director.put(`/api/staff/${anitaId}`, {
      ...fields,
      designation: "Lead Teacher",
      contract_type: "part-time",
      active_status: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().staff).toMatchObject({
      designation: "Lead Teacher",
      contract_type: "part-time",
      active_status: false,
    });
    expect((await as(app, anita).get("/api/auth/verify")).statusCode).toBe(401);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "anita.pillai@sprout.test", password: "Teacher2026" },
    });
    // Deactivated: answered like a wrong password (issue 20).
    expect(login.statusCode).toBe(401);
  });

  it("a centre sign-in made in User Management (invited, no password) gets its staff record; a parent does not", async () => {
    const invited = await superAdmin.post("/api/owners", {
      fullName: "Deepa Menon Rao",
      email: "deepa.menon@sprout.test",
      role: "academic_coordinator",
      centerId: koramangala.id,
      jobTitle: "Academic Coordinator",
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const parent = await superAdmin.post("/api/owners", {
      fullName: "Ravi Parent",
      email: "ravi.parent@sprout.test",
      role: "parent",
      centerId: koramangala.id,
    });
    expect(parent.statusCode, parent.body).toBe(200);
    const records = (await director.get("/api/staff")).json().staff;
    expect(records.find((row: { email: string }) => row.email === "deepa.menon@sprout.test")).toMatchObject({
      first_name: "Deepa",
      last_name: "Menon Rao",
      role: "academic_coordinator",
      designation: "Academic Coordinator",
      center_id: koramangala.id,
      employee_id: expect.stringMatching(/^EMP-\d{4,}$/),
    });
    expect(records.some((row: { email: string }) => row.email === "ravi.parent@sprout.test")).toBe(false);
    // Moving the account to another centre moves its staff record along.
    const user = invited.json().user;
    const moved = await superAdmin.put(`/api/owners/${user.id}`, {
      fullName: "Deepa Menon Rao",
      email: "deepa.menon@sprout.test",
      role: "academic_coordinator",
      centerId: andheri.id,
      jobTitle: "Academic Coordinator",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const andheriStaff = (await superAdmin.get(`/api/staff/center/${andheri.id}`)).json().staff;
    expect(andheriStaff.map((row: { email: string }) => row.email)).toContain("deepa.menon@sprout.test");
  });

  it("a staff member leaving: an exit record on their record and in the exits, sign-in and sessions ended, audited", async () => {
    const created = await director.post(
      "/api/staff",
      member({
        email: "suresh.kumar@sprout.test",
        first_name: "Suresh",
        last_name: "Kumar",
        joining_date: "2024-06-01",
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().staff.id as string;
    expect(created.json().staff.exit).toBeNull();
    const suresh = as(app, await signIn(app, "suresh.kumar@sprout.test", "Teacher2026"));
    const [room] = (await director.get(`/api/admin/classrooms?center_id=${koramangala.id}`)).json();
    const assigned = await director.put(`/api/staff/${id}/classrooms`, {
      assignments: [{ classroom_id: room.id, role: "assistant" }],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const exit = (body: Record<string, unknown>, caller = director) => caller.post(`/api/staff/${id}/exit`, body);

    // The test clock's today in Bengaluru is 20/11/2026. Refusals change nothing.
    const refused: [Record<string, unknown>, string][] = [
      [{ exit_date: "2026-11-15", exit_reason: "  " }, STAFF_EXIT_MESSAGES.reasonRequired],
      [{ exit_reason: "Moved" }, STAFF_EXIT_MESSAGES.dateRequired],
      [{ exit_date: "2026-02-30", exit_reason: "Moved" }, STAFF_MESSAGES.dateInvalid],
      [{ exit_date: "2026-11-21", exit_reason: "Moved" }, STAFF_EXIT_MESSAGES.future],
      [{ exit_date: "2024-05-31", exit_reason: "Moved" }, STAFF_EXIT_MESSAGES.beforeJoining],
    ];
    for (const [body, message] of refused) {
      const answer = await exit(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ error: message, code: "VALIDATION_ERROR" });
    }
    expect((await suresh.get("/api/auth/verify")).statusCode).toBe(200);

    // Another centre's director does not see this record.
    const andheriDirector = await owner.post(
      "/api/staff",
      member({ email: "andheri.head@sprout.test", role: "center_director", center_id: andheri.id }),
    );
    expect(andheriDirector.statusCode, andheriDirector.body).toBe(200);
    const foreign = as(app, await signIn(app, "andheri.head@sprout.test", "Teacher2026"));
    expect((await exit({ exit_date: "2026-11-15", exit_reason: "Moved" }, foreign)).statusCode).toBe(404);

    // Two at once: one exit, one "already left".
    const body = { exit_date: "2026-11-15", exit_reason: "Moved to Pune with family" };
    const answers = await Promise.all([exit(body), exit(body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(done.message).toBe(STAFF_EXIT_MESSAGES.recorded);
    expect(done.staff).toMatchObject({
      active_status: false,
      exit: { exit_date: "2026-11-15", exit_reason: "Moved to Pune with family" },
    });
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe(STAFF_EXIT_MESSAGES.alreadyLeft);

    // Their open session has ended and the sign-in is refused.
    expect((await suresh.get("/api/auth/verify")).statusCode).toBe(401);
    await expect(signIn(app, "suresh.kumar@sprout.test", "Teacher2026")).rejects.toThrow();

    // They no longer work in any classroom.
    expect((await director.get(`/api/staff/${id}/classrooms`)).json()).toEqual([]);
    const record = (await director.get("/api/staff")).json().staff.find((row: { id: string }) => row.id === id);
    expect(record.exit).toEqual({ exit_date: "2026-11-15", exit_reason: "Moved to Pune with family" });
    const exits = (await owner.get("/api/exits?type=teacher_staff")).json().records;
    expect(exits.filter((row: { person_name: string }) => row.person_name === "Suresh Kumar")).toEqual([
      expect.objectContaining({ exit_date: "2026-11-15", exit_reason: "Moved to Pune with family" }),
    ]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff_exit"), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ active_status: false, exit: { exit_date: "2026-11-15" } });
  });

  it("nobody hands out a role at or above their own", () => {
    expect(rolesAssignableBy({ role: "owner" })).not.toContain("super_admin");
    expect(rolesAssignableBy({ role: "owner" })).not.toContain("owner");
    expect(rolesAssignableBy({ role: "center_director" })).toEqual([
      "admin",
      "academic_coordinator",
      "teacher",
      "parent",
    ]);
    expect(rolesAssignableBy({ role: "teacher" })).toEqual(["parent"]);
  });
});
