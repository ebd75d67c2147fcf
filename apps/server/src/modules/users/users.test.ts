import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import { USER_MESSAGES } from "@sprout/shared/schemas/users";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app, database } = await createTestApp();
const admin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
const centres = (await admin.get("/api/owners/centers")).json() as { id: string; name: string }[];
const koramangala = centres.find((centre) => centre.name === "Sprout Koramangala")!;

/** The user with this e-mail, found through the list's server search. */
const listed = async (email: string) =>
  (
    (await admin.get(`/api/owners?search=${encodeURIComponent(email)}`)).json().users as {
      id: string;
      email: string;
      [field: string]: unknown;
    }[]
  ).find((user) => user.email === email)!;
const listTotal = async () => (await admin.get("/api/owners")).json().pagination.total as number;

const auditRows = async (action: string) =>
  (
    (await database.db.execute(`select * from audit_log where action = '${action}'`)) as unknown as {
      rows: { before: unknown; after: unknown; entity_id: string }[];
    }
  ).rows;

describe("user management", () => {
  it("lists roles a super admin may assign, centres and users", async () => {
    const roles = (await admin.get("/api/owners/roles")).json().roles;
    expect(roles.map((role: { value: string }) => role.value)).toEqual([
      "owner",
      "financial_manager",
      "center_director",
      "admin",
      "academic_coordinator",
      "teacher",
      "parent",
    ]);
    expect(roles[0]).toEqual({ value: "owner", label: "Center Owner" });
    expect(centres.map((centre) => centre.name)).toEqual([
      "Sprout Andheri West",
      "Sprout Gachibowli",
      "Sprout Koramangala",
    ]);
    const teacher = await listed(DEMO_EMAILS.teacher);
    expect(teacher).toMatchObject({
      full_name: "Priya Sharma",
      role: "teacher",
      center_name: "Sprout Koramangala",
      is_active: true,
    });
    expect(Object.keys(teacher).sort()).toEqual([
      "center_id",
      "center_name",
      "email",
      "full_name",
      "id",
      "is_active",
      "job_title",
      "last_login_at",
      "must_reset_password",
      "phone_number",
      "role",
      "two_factor_enabled",
    ]);
    expect(JSON.stringify((await admin.get("/api/owners?limit=100")).json())).not.toMatch(
      /password_hash|passwordHash|two_factor_secret/,
    );
  });

  it("pages the users by name on the server, with one total, search, role and status", async () => {
    const { rows } = (await database.db.execute("select count(*)::int as n from users")) as unknown as {
      rows: { n: number }[];
    };
    const total = rows[0]!.n;
    const first = (await admin.get("/api/owners?limit=3")).json();
    expect(first.users).toHaveLength(3);
    expect(first.pagination).toEqual({ page: 1, limit: 3, total, totalPages: Math.ceil(total / 3) });
    const second = (await admin.get("/api/owners?limit=3&page=2")).json();
    expect(new Set([...first.users, ...second.users].map((user: { id: string }) => user.id)).size).toBe(6);
    expect((await admin.get("/api/owners")).json().users).toHaveLength(Math.min(25, total));
    expect((await admin.get("/api/owners?limit=101")).statusCode).toBe(400);
    expect((await admin.get("/api/owners?limit=0")).statusCode).toBe(400);
    expect((await admin.get("/api/owners?search=%00")).statusCode).toBe(400);

    const priya = (await admin.get("/api/owners?search=priya%20SHAR")).json();
    expect(priya.users.map((user: { email: string }) => user.email)).toEqual([DEMO_EMAILS.teacher]);
    expect(priya.pagination.total).toBe(1);
    // A percent sign is a character to find, not a wildcard.
    expect((await admin.get("/api/owners?search=%25")).json().pagination.total).toBe(0);
    const owners = (await admin.get("/api/owners?role=owner&status=active")).json();
    expect(owners.users.map((user: { email: string }) => user.email)).toContain(DEMO_EMAILS.owner);
    expect(owners.users.every((user: { role: string }) => user.role === "owner")).toBe(true);
    expect((await admin.get("/api/owners?role=nobody")).statusCode).toBe(400);
  });

  it("creates a user who can then sign in; audits without the password", async () => {
    const created = await admin.post("/api/owners", {
      fullName: "Meera Joshi",
      email: "Meera.Joshi@sprout.test",
      password: "Welcome123",
      role: "teacher",
      centerId: koramangala.id,
      phoneNumber: "+91 98450 12345",
      jobTitle: "Lead teacher",
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({
      email: "meera.joshi@sprout.test",
      role: "teacher",
      center_name: "Sprout Koramangala",
    });
    await expect(signIn(app, "meera.joshi@sprout.test", "Welcome123")).resolves.toMatchObject({
      user: { role: "teacher" },
    });
    const audit = await auditRows("user_created");
    expect(audit.at(-1)!.after).toMatchObject({ email: "meera.joshi@sprout.test", invited: false });
    expect(JSON.stringify(audit)).not.toContain("Welcome123");
  });

  it("refuses bad input with clear messages and changes nothing", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { fullName: "", email: "x@sprout.test", role: "teacher", centerId: koramangala.id },
        400,
        USER_MESSAGES.fullNameRequired,
      ],
      [
        { fullName: "Valid Name", email: "nope", role: "teacher", centerId: koramangala.id },
        400,
        ACCOUNT_MESSAGES.emailInvalid,
      ],
      [
        {
          fullName: "Valid Name",
          email: "v@sprout.test",
          password: "short",
          role: "teacher",
          centerId: koramangala.id,
        },
        400,
        ACCOUNT_MESSAGES.passwordMin,
      ],
      [
        { fullName: "Valid Name", email: "v@sprout.test", password: "Welcome123", role: "teacher" },
        400,
        USER_MESSAGES.centerRequired,
      ],
      [
        {
          fullName: "Valid Name",
          email: "v@sprout.test",
          password: "Welcome123",
          role: "teacher",
          centerId: koramangala.id,
          phoneNumber: "12345",
        },
        400,
        USER_MESSAGES.phoneInvalid,
      ],
      [
        {
          fullName: "Valid Name",
          email: DEMO_EMAILS.teacher,
          password: "Welcome123",
          role: "teacher",
          centerId: koramangala.id,
        },
        409,
        USER_MESSAGES.emailTaken,
      ],
      [
        { fullName: "Valid Name", email: "boss@sprout.test", password: "Welcome123", role: "super_admin" },
        403,
        USER_MESSAGES.roleNotAllowed,
      ],
      [
        {
          fullName: "Valid Name",
          email: "v@sprout.test",
          password: "Welcome123",
          role: "teacher",
          centerId: "00000000-0000-4000-8000-000000000000",
        },
        400,
        USER_MESSAGES.centerNotAllowed,
      ],
    ];
    const before = await listTotal();
    for (const [payload, status, message] of cases) {
      const response = await admin.post("/api/owners", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toBe(message);
    }
    expect(await listTotal()).toBe(before);
  });

  it("creates a user without a password by e-mailing an invitation that sets one", async () => {
    const created = await admin.post("/api/owners", {
      fullName: "Nikhil Rao",
      email: "nikhil@sprout.test",
      role: "admin",
      centerId: koramangala.id,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(USER_MESSAGES.createdInvited);
    const mail = (await app.inject({ method: "GET", url: "/api/auth/test-email?email=nikhil@sprout.test" })).json();
    expect(mail.subject).toMatch(/invited/);
    const resetId = /resetId=([0-9a-f-]{36})/.exec(mail.text)![1];
    const verified = await app.inject({
      method: "POST",
      url: "/api/auth/verify-reset-code",
      payload: { email: "nikhil@sprout.test", resetId, challengeCode: mail.code },
    });
    expect(verified.statusCode).toBe(200);
    const set = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: {
        email: "nikhil@sprout.test",
        resetId,
        resetToken: verified.json().resetToken,
        newPassword: "FirstPass9",
      },
    });
    expect(set.statusCode).toBe(200);
    // A first password is set, not reset (issue 30, point 8).
    expect(set.json()).toEqual({ message: ACCOUNT_MESSAGES.invitationDone });
    expect(set.json().message).not.toMatch(/reset/i);
    await expect(signIn(app, "nikhil@sprout.test", "FirstPass9")).resolves.toMatchObject({ user: { role: "admin" } });
  });

  it("deactivation ends the user's sessions at once and refuses their sign-in; activation restores it", async () => {
    const teacher = await signIn(app, "meera.joshi@sprout.test", "Welcome123");
    const id = teacher.user.id;
    const toggled = await admin.put(`/api/owners/${id}/toggle-status`, {});
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({ message: USER_MESSAGES.deactivated, user: { is_active: false } });
    expect((await as(app, teacher).get("/api/auth/verify")).statusCode).toBe(401);
    const refused = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "meera.joshi@sprout.test", password: "Welcome123" },
    });
    // A deactivated account answers like a wrong password (issue 20), whatever the password.
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("INVALID_CREDENTIALS");
    const back = await admin.put(`/api/owners/${id}/toggle-status`, {});
    expect(back.json().user.is_active).toBe(true);
    await expect(signIn(app, "meera.joshi@sprout.test", "Welcome123")).resolves.toBeTruthy();
    const audit = await auditRows("user_deactivated");
    expect(audit.at(-1)).toMatchObject({ entity_id: id, before: { is_active: true }, after: { is_active: false } });
  });

  it("edits a user; nobody changes their own role or deactivates themselves", async () => {
    const meera = await listed("meera.joshi@sprout.test");
    const edited = await admin.put(`/api/owners/${meera.id}`, {
      fullName: "Meera J. Joshi",
      email: meera.email,
      role: "academic_coordinator",
      centerId: koramangala.id,
      phoneNumber: "9845012345",
      jobTitle: "Coordinator",
      isActive: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().user).toMatchObject({
      full_name: "Meera J. Joshi",
      role: "academic_coordinator",
      job_title: "Coordinator",
    });
    const audit = await auditRows("user_updated");
    expect(audit.at(-1)).toMatchObject({ before: { role: "teacher" }, after: { role: "academic_coordinator" } });

    const me = await listed(DEMO_EMAILS.super_admin);
    const demote = await admin.put(`/api/owners/${me.id}`, {
      fullName: me.full_name,
      email: me.email,
      role: "owner",
      centerId: null,
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().error).toBe(USER_MESSAGES.selfRole);
    const off = await admin.put(`/api/owners/${me.id}/toggle-status`, {});
    expect(off.json().error).toBe(USER_MESSAGES.selfDeactivate);
    const unknown = await admin.put("/api/owners/00000000-0000-4000-8000-000000000000/toggle-status", {});
    expect(unknown.statusCode).toBe(404);
  });

  it("a forced reset ends sessions and sends the next sign-in through setting a new password", async () => {
    const email = DEMO_EMAILS.teacher;
    const teacher = await signIn(app, email);
    const forced = await admin.put(`/api/owners/${teacher.user.id}/reset-password`, {});
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ message: USER_MESSAGES.resetForced, user: { must_reset_password: true } });
    expect((await as(app, teacher).get("/api/auth/verify")).statusCode).toBe(401);

    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Sprout@2026" },
    });
    expect(login.statusCode).toBe(403);
    const body = login.json();
    expect(body).toMatchObject({
      code: "PASSWORD_RESET_REQUIRED",
      error: ACCOUNT_MESSAGES.forcedReset,
      details: { email, maskedEmail: "te*****@sprout.test" },
    });
    // A wrong password reveals nothing about the forced reset.
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Wrong-pass1" },
    });
    expect(wrong.statusCode).toBe(401);

    const mail = (await app.inject({ method: "GET", url: `/api/auth/test-email?email=${email}` })).json();
    expect(mail.subject).toMatch(/Set a new Sprout password/);
    const resetId = body.details.resetId;
    const verified = await app.inject({
      method: "POST",
      url: "/api/auth/verify-reset-code",
      payload: { email, resetId, challengeCode: mail.code },
    });
    const { resetToken } = verified.json();
    await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { email, resetId, resetToken, newPassword: "Changed2026" },
    });
    const after = await signIn(app, email, "Changed2026");
    expect(after.user).toMatchObject({ role: "teacher" });
    expect((await listed(email)).must_reset_password).toBe(false);
  });
});
