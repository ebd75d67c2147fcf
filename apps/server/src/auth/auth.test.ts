import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { users } from "../db/schema/users.ts";
import { hashPassword } from "./passwords.ts";
import { LOGIN_MESSAGES } from "./service.ts";
import { REFRESH_GRACE_SECONDS } from "./sessions.ts";

const { app, clock, database } = await createTestApp();

describe("sign-in", () => {
  it("answers the tokens, the user and require2FA", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "Admin@Sprout.test", password: "Sprout@2026" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      "csrfToken",
      "expiresIn",
      "refreshToken",
      "require2FA",
      "sessionToken",
      "token",
      "user",
    ]);
    expect(body.require2FA).toBe(false);
    expect(body.user).toMatchObject({ role: "admin", fullName: "Farhan Qureshi", centerName: "Sprout Koramangala" });
    expect(JSON.stringify(body)).not.toContain("password");
  });

  it("refuses a wrong password and an unknown address with the same message", async () => {
    for (const payload of [
      { email: DEMO_EMAILS.teacher, password: "wrong-password" },
      { email: "nobody@sprout.test", password: "Sprout@2026" },
    ]) {
      const response = await app.inject({ method: "POST", url: "/api/auth/login", payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: LOGIN_MESSAGES.invalid, code: "INVALID_CREDENTIALS" });
    }
  });

  it("slows an address after five wrong passwords without locking its owner out", async () => {
    const email = DEMO_EMAILS.academic_coordinator;
    const attempt = (password: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    for (let index = 0; index < 5; index++) expect((await attempt("nope")).statusCode).toBe(401);
    // The fifth failure asks for a one-second wait: even the right password is not checked now.
    const waiting = await attempt("Sprout@2026");
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers["retry-after"]).toBe("1");
    expect(waiting.json()).toMatchObject({ code: "LOGIN_THROTTLED", details: { retryAfter: "1" } });
    expect(waiting.json().error).toBe(LOGIN_MESSAGES.throttled(1));
    // Each further failure doubles the wait: 2 s, then 4 s.
    clock.advance(1000);
    expect((await attempt("nope")).statusCode).toBe(401);
    expect((await attempt("nope")).headers["retry-after"]).toBe("2");
    clock.advance(2000);
    expect((await attempt("nope")).statusCode).toBe(401);
    expect((await attempt("Sprout@2026")).headers["retry-after"]).toBe("4");
    // Once the wait is over the owner signs in, and that clears the count.
    clock.advance(4000);
    await expect(signIn(app, email)).resolves.toMatchObject({ user: { role: "academic_coordinator" } });
    for (let index = 0; index < 4; index++) expect((await attempt("nope")).statusCode).toBe(401);
    await expect(signIn(app, email)).resolves.toMatchObject({ user: { role: "academic_coordinator" } });
  });

  it("answers an unknown address exactly like a known one, before and after the slowdown", async () => {
    const known = DEMO_EMAILS.financial_manager;
    const unknown = "no.such.person@sprout.test";
    const answers = async (email: string) => {
      const seen: { status: number; body: string; retryAfter?: string | string[] }[] = [];
      for (let index = 0; index < 7; index++) {
        const response = await app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email, password: "x" },
        });
        seen.push({ status: response.statusCode, body: response.body, retryAfter: response.headers["retry-after"] });
      }
      return seen;
    };
    const fromKnown = await answers(known);
    expect(fromKnown.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(await answers(unknown)).toEqual(fromKnown);
    clock.advance(2000);
  });

  it("answers a deactivated account the same for the wrong and the right password", async () => {
    const email = "deactivated.teacher@sprout.test";
    const [row] = await database.db
      .select({ organisationId: users.organisationId, centerId: users.centerId })
      .from(users)
      .where(eq(users.email, DEMO_EMAILS.teacher));
    await database.db.insert(users).values({
      ...row!,
      email,
      fullName: "Deactivated Teacher",
      role: "teacher",
      passwordHash: await hashPassword("Right-Password-1"),
      isActive: false,
    });
    const wrong = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "nope" } });
    const right = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Right-Password-1" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(right.statusCode).toBe(wrong.statusCode);
    expect(right.body).toBe(wrong.body);
  });

  it("gives clear 400s for malformed, empty and wrongly typed bodies", async () => {
    const malformed = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "The request body is not valid JSON", code: "INVALID_JSON" });
    const missing = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "a@b.c" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ password: "password is required" });
    const wrongType = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: 42, password: true },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe("VALIDATION_ERROR");
  });

  it("refuses a huge body with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "Request body is too large", code: "PAYLOAD_TOO_LARGE" });
  });
});

describe("sessions", () => {
  it("verifies a live session and refuses forged, expired or mismatched tokens", async () => {
    const session = await signIn(app, DEMO_EMAILS.teacher);
    const ok = await as(app, session).get("/api/auth/verify");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(DEMO_EMAILS.teacher);

    const forged = await app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: { ...session.headers, authorization: `Bearer ${session.token.slice(0, -4)}abcd` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe("TOKEN_INVALID");

    const wrongSession = await app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: { ...session.headers, "x-session-token": "someone-else" },
    });
    expect(wrongSession.json().code).toBe("SESSION_INVALID");

    const none = await app.inject({ method: "GET", url: "/api/auth/verify" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: "Authentication required", code: "NO_TOKEN" });

    clock.advance(16 * 60_000);
    const expired = await as(app, session).get("/api/auth/verify");
    expect(expired.json().code).toBe("TOKEN_INVALID");
  });

  it("needs the session's CSRF header on non-GET calls", async () => {
    const session = await signIn(app, DEMO_EMAILS.teacher);
    const { "x-csrf-token": _csrf, ...withoutCsrf } = session.headers;
    const missing = await app.inject({ method: "POST", url: "/api/auth/logout", headers: withoutCsrf });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe("CSRF_INVALID");
    const wrong = await app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { ...withoutCsrf, "x-csrf-token": "guess" },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await as(app, session).get("/api/auth/verify")).statusCode).toBe(200);
  });

  const refresh = (refreshToken: string) =>
    app.inject({ method: "POST", url: "/api/auth/refresh-token", payload: { refreshToken } });
  const headersOf = (tokens: { token: string; sessionToken: string; csrfToken: string }) => ({
    authorization: `Bearer ${tokens.token}`,
    "x-session-token": tokens.sessionToken,
    "x-csrf-token": tokens.csrfToken,
  });
  const verify = (headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/api/auth/verify", headers }).then((response) => response.statusCode);

  it("rotates the refresh token; the previous one spent after the grace window ends the session", async () => {
    const session = await signIn(app, DEMO_EMAILS.center_director);
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    expect(await verify(headersOf(rotated))).toBe(200);
    // The old session token no longer names the session.
    expect((await as(app, session).get("/api/auth/verify")).statusCode).toBe(401);

    clock.advance((REFRESH_GRACE_SECONDS + 1) * 1000);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe("REFRESH_REUSED");
    expect(await verify(headersOf(rotated))).toBe(401);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it("two tabs refreshing with the same token at once both get the same new tokens", async () => {
    const session = await signIn(app, DEMO_EMAILS.admin);
    const [one, two] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const { token: _one, ...firstPair } = one.json();
    const { token: _two, ...secondPair } = two.json();
    expect(secondPair).toEqual(firstPair);
    // Within the grace window a late tab still gets that same pair, and the session lives on.
    clock.advance((REFRESH_GRACE_SECONDS - 5) * 1000);
    const late = await refresh(session.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json().refreshToken).toBe(firstPair.refreshToken);
    expect(await verify(headersOf(late.json()))).toBe(200);
    const next = await refresh(firstPair.refreshToken);
    expect(next.statusCode).toBe(200);
    expect(await verify(headersOf(next.json()))).toBe(200);
  });

  it("a token two rotations old ends the session at once, even inside the grace window", async () => {
    const session = await signIn(app, DEMO_EMAILS.teacher);
    const second = (await refresh(session.refreshToken)).json();
    const third = (await refresh(second.refreshToken)).json();
    expect(await verify(headersOf(third))).toBe(200);
    const stolen = await refresh(session.refreshToken);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().code).toBe("REFRESH_REUSED");
    expect(await verify(headersOf(third))).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
  });

  it("says goodbye in the language the person chose", async () => {
    const session = await signIn(app, DEMO_EMAILS.owner);
    expect((await as(app, session).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    try {
      const out = await as(app, session).post("/api/auth/logout");
      expect(out.statusCode).toBe(200);
      expect(out.json().message).toBe("आप साइन आउट हो गए हैं");
    } finally {
      const again = await signIn(app, DEMO_EMAILS.owner);
      await as(app, again).put("/api/account/preferences", { language: "en" });
    }
  });

  it("logout revokes the session on the server", async () => {
    const session = await signIn(app, DEMO_EMAILS.owner);
    const out = await as(app, session).post("/api/auth/logout");
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe("Logged out successfully");
    expect((await as(app, session).get("/api/auth/verify")).statusCode).toBe(401);
    const refresh = await app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Route GET /api/nope not found", code: "NOT_FOUND" });
  });
});
