import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, DEMO_PASSWORD, signIn } from "../../test/harness.ts";
import { refuseAuditOf } from "../../test/refuse-audit.ts";

/**
 * Each account change and its audit entry commit together: when the audit entry cannot be
 * written, the change is not made either (a crash between the two leaves neither).
 */
const { app, clock, database } = await createTestApp();

const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: "POST", url, payload });

async function withAuditRefused<T>(action: string, work: () => Promise<T>): Promise<T> {
  const undo = await refuseAuditOf(database.db, action);
  try {
    return await work();
  } finally {
    await undo();
  }
}

describe("two-factor changes and their audit entries", () => {
  it("enable, backup-code use, regeneration and disable each roll back when their audit entry fails", async () => {
    const session = await signIn(app, DEMO_EMAILS.academic_coordinator);
    const me = as(app, session);
    const { secret, backupCodes } = (await me.get("/api/auth/2fa/setup")).json();

    const firstCode = await codeFor(secret);
    const refusedEnable = await withAuditRefused("2fa_enabled", () =>
      me.post("/api/auth/2fa/verify-setup", { token: firstCode, password: DEMO_PASSWORD }),
    );
    expect(refusedEnable.statusCode).toBe(500);
    expect((await me.get("/api/auth/2fa/status")).json().enabled).toBe(false);
    clock.advance(30_000);
    expect(
      (await me.post("/api/auth/2fa/verify-setup", { token: await codeFor(secret), password: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(200);
    clock.advance(30_000);

    // A backup code is not spent when its use cannot be recorded.
    const pending = (
      await post("/api/auth/login", { email: DEMO_EMAILS.academic_coordinator, password: DEMO_PASSWORD })
    ).json();
    const refusedCode = await withAuditRefused("2fa_backup_code_used", () =>
      post("/api/auth/2fa/verify", { sessionToken: pending.sessionToken, token: backupCodes[0] }),
    );
    expect(refusedCode.statusCode).toBe(500);
    expect((await me.get("/api/auth/2fa/status")).json().backupCodesRemaining).toBe(10);
    const accepted = await post("/api/auth/2fa/verify", { sessionToken: pending.sessionToken, token: backupCodes[0] });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().backupCodesRemaining).toBe(9);

    const refusedRegenerate = await withAuditRefused("2fa_backup_codes_regenerated", () =>
      me.post("/api/auth/2fa/regenerate-backup-codes", { password: DEMO_PASSWORD }),
    );
    expect(refusedRegenerate.statusCode).toBe(500);
    // The old codes still work: the new set was never committed.
    const again = (
      await post("/api/auth/login", { email: DEMO_EMAILS.academic_coordinator, password: DEMO_PASSWORD })
    ).json();
    expect(
      (await post("/api/auth/2fa/verify", { sessionToken: again.sessionToken, token: backupCodes[1] })).statusCode,
    ).toBe(200);

    const refusedDisable = await withAuditRefused("2fa_disabled", () =>
      me.post("/api/auth/2fa/disable", { password: DEMO_PASSWORD }),
    );
    expect(refusedDisable.statusCode).toBe(500);
    expect((await me.get("/api/auth/2fa/status")).json()).toEqual({ enabled: true, backupCodesRemaining: 8 });
    expect((await me.post("/api/auth/2fa/disable", { password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await me.get("/api/auth/2fa/status")).json().enabled).toBe(false);
  });
});

describe("a password reset and its audit entry", () => {
  it("keeps the old password and the reset token when the audit entry fails", async () => {
    const email = DEMO_EMAILS.teacher;
    const { resetId } = (await post("/api/auth/forgot-password", { email })).json();
    const mail = (
      await app.inject({ method: "GET", url: `/api/auth/test-email?email=${encodeURIComponent(email)}` })
    ).json();
    const { resetToken } = (
      await post("/api/auth/verify-reset-code", { email, resetId, challengeCode: mail.code })
    ).json();
    const body = { email, resetId, resetToken, newPassword: "Changed-Secret42" };

    const refused = await withAuditRefused("password_reset", () => post("/api/auth/reset-password", body));
    expect(refused.statusCode).toBe(500);
    const oldPassword = await post("/api/auth/login", { email, password: DEMO_PASSWORD });
    expect(oldPassword.statusCode).toBe(200);

    // The token was not spent: the same reset goes through once the audit log takes entries.
    expect((await post("/api/auth/reset-password", body)).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email, password: "Changed-Secret42" })).statusCode).toBe(200);
    const { rows } = (await database.db.execute(
      `select count(*)::int as n from audit_log where action = 'password_reset'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
  });
});

describe("a sign-in and its audit entry", () => {
  const count = async (query: string) => {
    const { rows } = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  };

  it("opens no session when the sign-in cannot be audited, and records the session it opens", async () => {
    const email = DEMO_EMAILS.admin;
    const sessionsOf = `select count(*)::int as n from sessions s join users u on u.id = s.user_id
      where u.email = '${email}' and s.stage = 'active'`;
    const before = await count(sessionsOf);

    const refused = await withAuditRefused("login", () => post("/api/auth/login", { email, password: DEMO_PASSWORD }));
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).not.toHaveProperty("token");
    expect(await count(sessionsOf)).toBe(before);

    const accepted = await post("/api/auth/login", { email, password: DEMO_PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(await count(sessionsOf)).toBe(before + 1);
    const { token, sessionToken, csrfToken } = accepted.json();
    const verify = await app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: { authorization: `Bearer ${token}`, "x-session-token": sessionToken, "x-csrf-token": csrfToken },
    });
    expect(verify.statusCode).toBe(200);
    // The entry names the session it opened.
    expect(
      await count(`select count(*)::int as n from audit_log a join sessions s on s.id::text = a.entity_id::text
        join users u on u.id = s.user_id where a.action = 'login' and u.email = '${email}'`),
    ).toBe(1);
  });

  it("leaves the second-factor sign-in unfinished when its audit entry fails", async () => {
    const email = DEMO_EMAILS.owner;
    const me = as(app, await signIn(app, email));
    const { secret } = (await me.get("/api/auth/2fa/setup")).json();
    clock.advance(30_000);
    expect(
      (await me.post("/api/auth/2fa/verify-setup", { token: await codeFor(secret), password: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const sessionsOf = `select count(*)::int as n from sessions s join users u on u.id = s.user_id
      where u.email = '${email}' and s.stage = 'active' and s.revoked_at is null`;
    const before = await count(sessionsOf);

    clock.advance(30_000);
    const pending = (await post("/api/auth/login", { email, password: DEMO_PASSWORD })).json();
    const refused = await withAuditRefused("login", async () =>
      post("/api/auth/2fa/verify", { sessionToken: pending.sessionToken, token: await codeFor(secret) }),
    );
    expect(refused.statusCode).toBe(500);
    expect(await count(sessionsOf)).toBe(before);
  });
});
