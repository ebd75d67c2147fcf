import { LOGIN_MAX_FAILURES } from "@sprout/shared/constants";
import { RESET_MAX_ATTEMPTS, TWO_FACTOR_MAX_FAILURES } from "@sprout/shared/schemas/account";
import type { FastifyInstance } from "fastify";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, DEMO_PASSWORD, signIn } from "../../test/harness.ts";
import { NETWORK_LOGIN_POLICY } from "./limits.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
const statusesOf = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);
const count = (statuses: number[], ...wanted: number[]) => statuses.filter((status) => wanted.includes(status)).length;
/** Each request from its own address (through a trusted proxy), so only the database limits apply. */
let nextAddress = 1;
const fromSomewhere = () => ({ "x-forwarded-for": `198.51.100.${nextAddress++ % 250}` });

const login = (app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, headers });

describe("proxy headers", async () => {
  const { app } = await createTestApp();

  it("are ignored unless TRUST_PROXY lists the proxy: a new X-Forwarded-For does not escape the network limit", async () => {
    for (let index = 0; index < NETWORK_LOGIN_POLICY.free; index++) {
      const response = await login(app, `spray${index}@sprout.test`, "guess", fromSomewhere());
      expect(response.statusCode).toBe(401);
    }
    const refused = await login(app, "spray-last@sprout.test", "guess", fromSomewhere());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Too many failed sign-ins from your network/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(60);
  });
});

describe("proxy headers from a trusted proxy", async () => {
  const { app } = await createTestApp({ trustProxy: ["127.0.0.1"] });

  it("name the client, so one client's failures do not pause another's", async () => {
    for (let index = 0; index < NETWORK_LOGIN_POLICY.free; index++) {
      await login(app, `spray${index}@sprout.test`, "guess", { "x-forwarded-for": "203.0.113.7" });
    }
    expect((await login(app, "x@sprout.test", "guess", { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(429);
    const other = await login(app, DEMO_EMAILS.teacher, DEMO_PASSWORD, { "x-forwarded-for": "203.0.113.8" });
    expect(other.statusCode).toBe(200);
  });
});

// PGlite has one connection, so requests cannot overlap there; the races exist on PostgreSQL.
describe.skipIf(!onPostgres)("concurrent guesses on PostgreSQL", async () => {
  const { app, clock } = await createTestApp({ trustProxy: ["127.0.0.1"] });

  it("a burst of 40 wrong passwords and the right one checks at most five; none signs in once the limit is reached", async () => {
    const email = DEMO_EMAILS.academic_coordinator;
    const burst = async () =>
      statusesOf(
        await Promise.all([
          ...Array.from({ length: 40 }, () => login(app, email, "wrong-guess", fromSomewhere())),
          login(app, email, DEMO_PASSWORD, fromSomewhere()),
        ]),
      );
    const first = await burst();
    expect(count(first, 200, 401)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(count(first, 429)).toBeGreaterThanOrEqual(41 - LOGIN_MAX_FAILURES);
    // The clock stands still: the account is waiting, and a second burst gets no check at all.
    const second = await burst();
    expect(second.every((status) => status === 429)).toBe(true);
  });

  it("60 concurrent wrong reset codes use up the attempts; the right code afterwards is refused", async () => {
    const email = DEMO_EMAILS.financial_manager;
    const requested = await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
    const { resetId } = requested.json();
    const mail = (await app.inject({ method: "GET", url: `/api/auth/test-email?email=${email}` })).json();
    const verify = (challengeCode: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/verify-reset-code",
        payload: { email, resetId, challengeCode },
        headers: fromSomewhere(),
      });
    const wrong = mail.code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const statuses = statusesOf(await Promise.all(Array.from({ length: 60 }, () => verify(wrong))));
    expect(count(statuses, 400)).toBe(RESET_MAX_ATTEMPTS - 1);
    expect(count(statuses, 429)).toBe(60 - (RESET_MAX_ATTEMPTS - 1));
    const right = await verify(mail.code);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe("CODE_LOCKED");
  });

  it("a burst of wrong reset codes with the right one checks at most five codes", async () => {
    const email = DEMO_EMAILS.owner;
    const { resetId } = (
      await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } })
    ).json();
    const mail = (await app.inject({ method: "GET", url: `/api/auth/test-email?email=${email}` })).json();
    const verify = (challengeCode: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/verify-reset-code",
        payload: { email, resetId, challengeCode },
        headers: fromSomewhere(),
      });
    const wrong = mail.code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const statuses = statusesOf(
      await Promise.all([...Array.from({ length: 60 }, () => verify(wrong)), verify(mail.code)]),
    );
    expect(count(statuses, 200, 400)).toBeLessThanOrEqual(RESET_MAX_ATTEMPTS);
  });

  it("a burst of 40 wrong two-factor codes checks at most five", async () => {
    const session = await signIn(app, DEMO_EMAILS.admin);
    const setup = (await as(app, session).get("/api/auth/2fa/setup")).json() as { secret: string };
    const code = () => generate({ secret: setup.secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    expect(
      (await as(app, session).post("/api/auth/2fa/verify-setup", { token: await code(), password: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(200);
    clock.advance(30_000);
    const pending = (await login(app, DEMO_EMAILS.admin, DEMO_PASSWORD)).json();
    expect(pending.require2FA).toBe(true);
    const right = await code();
    const wrong = right === "000000" ? "111111" : "000000";
    const attempt = (token: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/2fa/verify",
        payload: { sessionToken: pending.sessionToken, token },
        headers: fromSomewhere(),
      });
    const statuses = statusesOf(
      await Promise.all([...Array.from({ length: 40 }, () => attempt(wrong)), attempt(right)]),
    );
    expect(count(statuses, 200, 400)).toBeLessThanOrEqual(TWO_FACTOR_MAX_FAILURES);
    expect(count(statuses, 200)).toBeLessThanOrEqual(1);
  });
});
