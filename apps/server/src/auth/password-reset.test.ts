import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";

const { app, clock, database } = await createTestApp();

const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: "POST", url, payload });
const forgot = (email: string) => post("/api/auth/forgot-password", { email });
const latestMail = async (email: string) => {
  const response = await app.inject({ method: "GET", url: `/api/auth/test-email?email=${encodeURIComponent(email)}` });
  return response.statusCode === 200
    ? (response.json() as { to: string; subject: string; text: string; code?: string })
    : null;
};
/** Requests a code and reads it from the outbox. */
async function requestCode(email: string) {
  const response = await forgot(email);
  expect(response.statusCode).toBe(200);
  const { resetId } = response.json();
  const mail = await latestMail(email);
  return { resetId: resetId as string, code: mail!.code! };
}

describe("forgot password", () => {
  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    const known = await forgot(DEMO_EMAILS.teacher);
    const unknown = await forgot("nobody-here@sprout.test");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const [a, b] = [known.json(), unknown.json()];
    expect(Object.keys(a).sort()).toEqual(["maskedEmail", "message", "resetId"]);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(a.message).toBe(ACCOUNT_MESSAGES.resetSent);
    expect(b.message).toBe(a.message);
    expect(a.maskedEmail).toBe("te*****@sprout.test");
    expect(b.maskedEmail).toBe("no*********@sprout.test");
    const mail = await latestMail(DEMO_EMAILS.teacher);
    expect(mail?.subject).toMatch(/password reset code/);
    expect(mail?.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(mail?.text).toContain(mail!.code!);
    expect(await latestMail("nobody-here@sprout.test")).toBeNull();
    // The status call cannot tell them apart either.
    const statusKnown = await app.inject({ method: "GET", url: `/api/auth/reset-status/${a.resetId}` });
    const statusUnknown = await app.inject({ method: "GET", url: `/api/auth/reset-status/${b.resetId}` });
    expect(statusKnown.json()).toMatchObject({ status: "pending", attemptsRemaining: 5, expiresIn: 900 });
    expect(statusUnknown.json()).toMatchObject({ status: "pending", attemptsRemaining: 5, expiresIn: 900 });
  });

  it("mails the code in the person's own language, else in the language the form was filled in", async () => {
    const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
    await parent.put("/api/account/preferences", { language: "hi" });
    await forgot(DEMO_EMAILS.parent);
    const chosen = await latestMail(DEMO_EMAILS.parent);
    expect(chosen?.subject).toBe("Sprout पासवर्ड बदलने का आपका कोड");
    expect(chosen?.text).toContain(`आपका सत्यापन कोड है: ${chosen!.code}`);
    expect(chosen?.text).toContain("इसे 15 मिनट के अंदर");

    const headers = { "accept-language": "hi-IN,hi;q=0.9" };
    const inHindi = await app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: DEMO_EMAILS.admin },
      headers,
    });
    // The form's own answer is in the language it was filled in too.
    expect(inHindi.json().message).toBe("अगर इस ईमेल से कोई खाता है, तो उस पर सत्यापन कोड भेज दिया गया है।");
    expect((await latestMail(DEMO_EMAILS.admin))?.subject).toBe("Sprout पासवर्ड बदलने का आपका कोड");
    await forgot(DEMO_EMAILS.admin);
    expect((await latestMail(DEMO_EMAILS.admin))?.subject).toBe("Your Sprout password reset code");
  });

  it("refuses a malformed address with the spec's messages", async () => {
    const bad = await forgot("not-an-email");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ACCOUNT_MESSAGES.emailInvalid);
    const empty = await forgot("");
    expect(empty.json().error).toBe(ACCOUNT_MESSAGES.emailRequired);
    const long = await forgot(`${"a".repeat(250)}@b.com`);
    expect(long.json().error).toBe(ACCOUNT_MESSAGES.emailTooLong);
  });

  it("limits requests per address (known or not) with a clear 429", async () => {
    for (const email of ["limit-ghost@sprout.test", DEMO_EMAILS.financial_manager]) {
      for (let n = 0; n < 3; n++) expect((await forgot(email)).statusCode).toBe(200);
      const refused = await forgot(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "RESET_RATE_LIMITED", error: ACCOUNT_MESSAGES.resetTooMany(15) });
    }
    clock.advance(16 * 60_000);
    expect((await forgot("limit-ghost@sprout.test")).statusCode).toBe(200);
  });
});

describe("verify reset code and reset password", () => {
  it("takes the code in any case, once, then sets the password and ends every session", async () => {
    const email = DEMO_EMAILS.academic_coordinator;
    const before = await signIn(app, email);
    const { resetId, code } = await requestCode(email);

    const verified = await post("/api/auth/verify-reset-code", { email, resetId, challengeCode: code.toLowerCase() });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ resetToken: expect.any(String), userName: "Lakshmi Narayanan" });
    const again = await post("/api/auth/verify-reset-code", { email, resetId, challengeCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "CODE_USED", error: ACCOUNT_MESSAGES.codeUsed });

    const { resetToken } = verified.json();
    const weak = await post("/api/auth/reset-password", { email, resetId, resetToken, newPassword: "alllowercase1" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe(ACCOUNT_MESSAGES.passwordUpper);
    const short = await post("/api/auth/reset-password", { email, resetId, resetToken, newPassword: "Ab1" });
    expect(short.json().error).toBe(ACCOUNT_MESSAGES.passwordMin);

    const done = await post("/api/auth/reset-password", { email, resetId, resetToken, newPassword: "NewSecret42" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.resetDone });
    expect(JSON.stringify(done.json())).not.toContain("NewSecret42");

    expect((await as(app, before).get("/api/auth/verify")).statusCode).toBe(401);
    const reuse = await post("/api/auth/reset-password", { email, resetId, resetToken, newPassword: "Another42x" });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe("RESET_TOKEN_INVALID");

    await expect(signIn(app, email)).rejects.toThrow();
    await expect(signIn(app, email, "NewSecret42")).resolves.toMatchObject({ user: { role: "academic_coordinator" } });
    expect((await latestMail(email))?.subject).toMatch(/password was changed/);
    const status = await app.inject({ method: "GET", url: `/api/auth/reset-status/${resetId}` });
    expect(status.json().status).toBe("used");
  });

  it("lets a code die after 15 minutes; a new request works again", async () => {
    const email = DEMO_EMAILS.parent;
    const first = await requestCode(email);
    clock.advance(15 * 60_000 + 1000);
    const late = await post("/api/auth/verify-reset-code", {
      email,
      resetId: first.resetId,
      challengeCode: first.code,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: "CODE_EXPIRED", error: ACCOUNT_MESSAGES.codeExpired });
    const status = await app.inject({ method: "GET", url: `/api/auth/reset-status/${first.resetId}` });
    expect(status.json()).toMatchObject({ status: "expired", expiresIn: 0 });

    const second = await requestCode(email);
    expect(second.resetId).not.toBe(first.resetId);
    const ok = await post("/api/auth/verify-reset-code", {
      email,
      resetId: second.resetId,
      challengeCode: second.code,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("a newer code replaces the older one", async () => {
    const email = DEMO_EMAILS.center_director;
    const first = await requestCode(email);
    await requestCode(email);
    const old = await post("/api/auth/verify-reset-code", { email, resetId: first.resetId, challengeCode: first.code });
    expect(old.json().code).toBe("CODE_EXPIRED");
  });

  it("kills the code after 5 wrong tries, even for the right code", async () => {
    const email = DEMO_EMAILS.admin;
    const { resetId, code } = await requestCode(email);
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const remaining: string[] = [];
    for (let n = 0; n < 4; n++) {
      const response = await post("/api/auth/verify-reset-code", { email, resetId, challengeCode: wrong });
      expect(response.statusCode).toBe(400);
      remaining.push(response.json().error);
    }
    expect(remaining).toEqual([4, 3, 2, 1].map(ACCOUNT_MESSAGES.codeInvalid));
    const fifth = await post("/api/auth/verify-reset-code", { email, resetId, challengeCode: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: "CODE_LOCKED", error: ACCOUNT_MESSAGES.codeLocked });
    const right = await post("/api/auth/verify-reset-code", { email, resetId, challengeCode: code });
    expect(right.statusCode).toBe(429);
  });

  it("refuses a code for another address, a malformed code and an unknown reset", async () => {
    const { resetId, code } = await requestCode(DEMO_EMAILS.owner);
    const other = await post("/api/auth/verify-reset-code", {
      email: DEMO_EMAILS.teacher,
      resetId,
      challengeCode: code,
    });
    expect(other.statusCode).toBe(400);
    const malformed = await post("/api/auth/verify-reset-code", {
      email: DEMO_EMAILS.owner,
      resetId,
      challengeCode: "AB-12",
    });
    expect(malformed.json().error).toBe(ACCOUNT_MESSAGES.codeFormat);
    const unknown = await app.inject({
      method: "GET",
      url: "/api/auth/reset-status/00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("the reset token lapses 15 minutes after the code was verified", async () => {
    const email = DEMO_EMAILS.owner;
    clock.advance(16 * 60_000);
    const { resetId, code } = await requestCode(email);
    const { resetToken } = (await post("/api/auth/verify-reset-code", { email, resetId, challengeCode: code })).json();
    clock.advance(15 * 60_000 + 1000);
    const late = await post("/api/auth/reset-password", { email, resetId, resetToken, newPassword: "LateSecret42" });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(ACCOUNT_MESSAGES.resetTokenInvalid);
  });

  it("stores codes only as keyed hashes", async () => {
    const email = DEMO_EMAILS.teacher;
    clock.advance(16 * 60_000);
    const issued = await requestCode(email);
    const rows = (await database.db.execute(
      `select code_hash from password_resets where id = '${issued.resetId}'`,
    )) as unknown as { rows: { code_hash: string }[] };
    const stored = rows.rows[0]!.code_hash;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(issued.code);
  });
});
