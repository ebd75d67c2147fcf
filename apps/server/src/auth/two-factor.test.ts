import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, DEMO_PASSWORD, type SignedIn, signIn } from "../../test/harness.ts";
import { removeSessionSubscriptions, removeUserSubscriptions } from "../modules/push/service.ts";
import { createUserDirectory } from "../modules/users/service.ts";
import { createAttemptCounter } from "./attempts.ts";
import { requireSecondFactor } from "./second-factor-guard.ts";
import { createSecretBox } from "./secrets.ts";
import { createSessionService } from "./sessions.ts";
import { createAccessTokens } from "./tokens.ts";
import { createTwoFactorService } from "./two-factor.ts";

const { app, clock, database } = await createTestApp();
const APP_SECRET = "test-secret-".padEnd(48, "x");

const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
const login = (email: string, password = DEMO_PASSWORD) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
const verify2fa = (sessionToken: string, token: string) =>
  app.inject({ method: "POST", url: "/api/auth/2fa/verify", payload: { sessionToken, token } });

/** Enrols a demo user in two-factor and returns the secret and backup codes. */
async function enrol(email: string) {
  const session = await signIn(app, email);
  const setup = await as(app, session).get("/api/auth/2fa/setup");
  expect(setup.statusCode).toBe(200);
  const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
  const enabled = await as(app, session).post("/api/auth/2fa/verify-setup", {
    token: await codeFor(secret),
    password: DEMO_PASSWORD,
  });
  expect(enabled.statusCode).toBe(200);
  clock.advance(30_000);
  return { session, secret, backupCodes };
}

describe("two-factor setup", () => {
  it("gives a QR code, a secret and 8-character backup codes; keeps the secret encrypted", async () => {
    const session = await signIn(app, DEMO_EMAILS.teacher);
    const response = await as(app, session).get("/api/auth/2fa/setup");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.backupCodes).toHaveLength(10);
    for (const code of body.backupCodes) expect(code).toMatch(/^[A-Z0-9]{8}$/);

    const { rows } = (await database.db.execute(
      `select two_factor_secret, two_factor_enabled from users where email = '${DEMO_EMAILS.teacher}'`,
    )) as unknown as { rows: { two_factor_secret: string; two_factor_enabled: boolean }[] };
    expect(rows[0]!.two_factor_secret.startsWith("v1.")).toBe(true);
    expect(rows[0]!.two_factor_secret).not.toContain(body.secret);
    expect(rows[0]!.two_factor_enabled).toBe(false);
    const stored = (await database.db.execute(`select code_hash from two_factor_backup_codes`)) as unknown as {
      rows: { code_hash: string }[];
    };
    expect(stored.rows.map((row) => row.code_hash)).not.toContain(body.backupCodes[0]);

    // A stolen session alone cannot put its holder's authenticator on the account: the password
    // is asked first, and a wrong one changes nothing (the right code is not spent either).
    const code = await codeFor(body.secret);
    const stolen = await as(app, session).post("/api/auth/2fa/verify-setup", { token: code, password: "Guessed-1234" });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: "PASSWORD_INCORRECT", error: ACCOUNT_MESSAGES.passwordIncorrect });
    const noPassword = await as(app, session).post("/api/auth/2fa/verify-setup", { token: code });
    expect(noPassword.json().error).toBe(ACCOUNT_MESSAGES.passwordRequired);
    expect((await as(app, session).get("/api/auth/2fa/status")).json().enabled).toBe(false);

    const wrong = await as(app, session).post("/api/auth/2fa/verify-setup", {
      token: "000000",
      password: DEMO_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ACCOUNT_MESSAGES.twoFactorInvalid);
    const malformed = await as(app, session).post("/api/auth/2fa/verify-setup", {
      token: "12ab",
      password: DEMO_PASSWORD,
    });
    expect(malformed.json().error).toBe(ACCOUNT_MESSAGES.twoFactorAppFormat);
    const ok = await as(app, session).post("/api/auth/2fa/verify-setup", { token: code, password: DEMO_PASSWORD });
    expect(ok.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorEnabled, enabled: true });
    expect((await as(app, session).get("/api/auth/2fa/status")).json()).toEqual({
      enabled: true,
      backupCodesRemaining: 10,
    });
    const again = await as(app, session).get("/api/auth/2fa/setup");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(ACCOUNT_MESSAGES.twoFactorAlreadyEnabled);
  });
});

describe("two-factor sign-in", () => {
  let secret = "";
  let backupCodes: string[] = [];
  const email = DEMO_EMAILS.center_director;

  it("login answers require2FA with a 600 s session token and no access token", async () => {
    ({ secret, backupCodes } = await enrol(email));
    const response = await login(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      token: null,
      sessionToken: expect.any(String),
      csrfToken: null,
      refreshToken: null,
      user: null,
      require2FA: true,
      expiresIn: 600,
    });
    // The half-open session opens nothing.
    const sneaky = await app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: { "x-session-token": response.json().sessionToken },
    });
    expect(sneaky.statusCode).toBe(401);
  });

  it("an app code completes the sign-in with the login answer; the same code cannot be replayed", async () => {
    const first = (await login(email)).json();
    const code = await codeFor(secret);
    const done = await verify2fa(first.sessionToken, code);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({
      require2FA: false,
      usedBackupCode: false,
      user: { role: "center_director" },
      expiresIn: expect.any(Number),
    });
    for (const key of ["token", "sessionToken", "csrfToken", "refreshToken"]) expect(typeof body[key]).toBe("string");
    const session = {
      ...body,
      headers: {
        authorization: `Bearer ${body.token}`,
        "x-session-token": body.sessionToken,
        "x-csrf-token": body.csrfToken,
      },
    } as SignedIn;
    expect((await as(app, session).get("/api/auth/verify")).statusCode).toBe(200);

    // The pending session was used up.
    expect((await verify2fa(first.sessionToken, code)).statusCode).toBe(401);
    // A new sign-in with the same code, inside its window: refused.
    const second = (await login(email)).json();
    const replay = await verify2fa(second.sessionToken, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("INVALID_2FA_CODE");
    clock.advance(30_000);
    expect((await verify2fa(second.sessionToken, await codeFor(secret))).statusCode).toBe(200);
  });

  it("a backup code works once, in any case and with a dash", async () => {
    const code = backupCodes[0]!;
    const pending = (await login(email)).json();
    const done = await verify2fa(pending.sessionToken, `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ usedBackupCode: true, backupCodesRemaining: 9 });
    const again = (await login(email)).json();
    const reuse = await verify2fa(again.sessionToken, code);
    expect(reuse.statusCode).toBe(400);
  });

  it("the pending session lasts 600 s", async () => {
    const pending = (await login(email)).json();
    clock.advance(601_000);
    const late = await verify2fa(pending.sessionToken, await codeFor(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: "SESSION_EXPIRED", error: ACCOUNT_MESSAGES.sessionExpired });
  });

  it("five wrong codes lock two-factor for 15 minutes and end the pending session", async () => {
    clock.advance(16 * 60_000); // the wrong codes of the tests above leave the window
    const pending = (await login(email)).json();
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await verify2fa(pending.sessionToken, "111111")).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect((await verify2fa(pending.sessionToken, await codeFor(secret))).statusCode).toBe(401);
    const next = (await login(email)).json();
    const locked = await verify2fa(next.sessionToken, await codeFor(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(ACCOUNT_MESSAGES.twoFactorTooMany(15));
    clock.advance(15 * 60_000 + 1000);
    const fresh = (await login(email)).json();
    expect((await verify2fa(fresh.sessionToken, await codeFor(secret))).statusCode).toBe(200);
  });

  it("regenerating backup codes needs the password and retires the old codes; disabling needs it too", async () => {
    // Another user: sign-in calls are rate-limited per address in real time.
    const other = DEMO_EMAILS.academic_coordinator;
    const { session, secret: otherSecret, backupCodes: oldCodes } = await enrol(other);
    const wrong = await as(app, session).post("/api/auth/2fa/regenerate-backup-codes", { password: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ACCOUNT_MESSAGES.passwordIncorrect);
    const regenerated = await as(app, session).post("/api/auth/2fa/regenerate-backup-codes", {
      password: DEMO_PASSWORD,
    });
    expect(regenerated.statusCode).toBe(200);
    const fresh: string[] = regenerated.json().backupCodes;
    expect(fresh).toHaveLength(10);
    const pending = (await login(other)).json();
    expect((await verify2fa(pending.sessionToken, oldCodes[1]!)).statusCode).toBe(400);
    expect((await verify2fa(pending.sessionToken, fresh[0]!)).statusCode).toBe(200);
    expect(otherSecret).not.toBe(secret);

    const disabledWrong = await as(app, session).post("/api/auth/2fa/disable", { password: "wrong" });
    expect(disabledWrong.statusCode).toBe(400);
    const disabled = await as(app, session).post("/api/auth/2fa/disable", { password: DEMO_PASSWORD });
    expect(disabled.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorDisabled });
    expect((await as(app, session).get("/api/auth/2fa/status")).json()).toEqual({
      enabled: false,
      backupCodesRemaining: 0,
    });
    expect((await login(other)).json().require2FA).toBe(false);
  });

  it("too many wrong password confirmations are refused for a while", async () => {
    const session = await signIn(app, DEMO_EMAILS.admin);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++)
      statuses.push((await as(app, session).post("/api/auth/2fa/disable", { password: "bad" })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe("the x-2fa-totp guard", () => {
  const db = database.db;
  const directory = createUserDirectory({ db });
  const sessions = createSessionService({
    db,
    clock,
    accessTokens: createAccessTokens(APP_SECRET),
    ended: {
      session: (sessionId) => removeSessionSubscriptions(db, sessionId),
      user: (userId) => removeUserSubscriptions(db, userId),
    },
  });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    secrets: createSecretBox(APP_SECRET),
    attempts: createAttemptCounter({ db, clock }),
    sessions,
    directory,
  });
  const guard = requireSecondFactor(twoFactor);
  const requestOf = (userId: string, code?: string) =>
    ({ caller: { userId }, headers: code === undefined ? {} : { "x-2fa-totp": code } }) as never;

  it("asks for a code, refuses users without two-factor, wrong codes and replays; accepts app and backup codes", async () => {
    const { session, secret, backupCodes } = await enrol(DEMO_EMAILS.owner);
    const userId = session.user.id;
    await expect(guard(requestOf(userId))).rejects.toMatchObject({ statusCode: 403, code: "TWO_FACTOR_REQUIRED" });
    await expect(guard(requestOf(userId, "123456"))).rejects.toMatchObject({
      statusCode: 400,
      code: "INVALID_2FA_CODE",
    });
    const code = await codeFor(secret);
    await expect(guard(requestOf(userId, code))).resolves.toBeUndefined();
    await expect(guard(requestOf(userId, code))).rejects.toMatchObject({ code: "INVALID_2FA_CODE" });
    await expect(guard(requestOf(userId, backupCodes[0]))).resolves.toBeUndefined();
    await expect(guard(requestOf(userId, backupCodes[0]))).rejects.toMatchObject({ code: "INVALID_2FA_CODE" });

    const parent = await signIn(app, DEMO_EMAILS.parent);
    await expect(guard(requestOf(parent.user.id, "123456"))).rejects.toMatchObject({
      statusCode: 403,
      code: "TWO_FACTOR_NOT_ENABLED",
    });
  });
});
