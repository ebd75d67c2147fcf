import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { LOGIN_MESSAGES } from "./service.ts";

const { app, clock } = await createTestApp();

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

  it("locks the account after five wrong passwords, even for the right one, until the lock ends", async () => {
    const email = DEMO_EMAILS.academic_coordinator;
    for (let attempt = 0; attempt < 5; attempt++) {
      await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "nope" } });
    }
    const locked = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Sprout@2026" },
    });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toMatch(/try again in 15 minutes/);
    clock.advance(16 * 60_000);
    await expect(signIn(app, email)).resolves.toMatchObject({ user: { role: "academic_coordinator" } });
  });

  it("rate-limits repeated sign-in calls with a clear 429", async () => {
    const statuses: number[] = [];
    let last = "";
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "ghost@sprout.test", password: "x" },
      });
      statuses.push(response.statusCode);
      last = response.json().error;
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last).toMatch(/Too many attempts/);
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

  it("rotates the refresh token, and a reused one ends the session", async () => {
    const session = await signIn(app, DEMO_EMAILS.center_director);
    const first = await app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: session.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    const newHeaders = {
      authorization: `Bearer ${rotated.token}`,
      "x-session-token": rotated.sessionToken,
      "x-csrf-token": rotated.csrfToken,
    };
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: newHeaders })).statusCode).toBe(200);
    // The old session token no longer names the session.
    expect((await as(app, session).get("/api/auth/verify")).statusCode).toBe(401);

    const reuse = await app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: session.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe("REFRESH_REUSED");
    expect((await app.inject({ method: "GET", url: "/api/auth/verify", headers: newHeaders })).statusCode).toBe(401);
    const afterRevoke = await app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(afterRevoke.statusCode).toBe(401);
  });

  it("logout revokes the session on the server", async () => {
    const session = await signIn(app, DEMO_EMAILS.owner);
    const out = await as(app, session).post("/api/auth/logout");
    expect(out.statusCode).toBe(200);
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
