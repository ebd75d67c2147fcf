import {
  ACCOUNT_MESSAGES,
  EMAILED_CODE_MAX_ATTEMPTS,
  EMAILED_CODE_RESEND_SECONDS,
  EMAILED_CODE_TTL_SECONDS,
} from "@sprout/shared/schemas/account";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, DEMO_PASSWORD, type SignedIn, signIn } from "../../../test/harness.ts";

/**
 * Issue 30: a parent without an authenticator app downloads an invoice with a one-time code
 * e-mailed for it; the app code that finished the set-up no longer blocks the next download,
 * while a code spent on one download still cannot open a second.
 */
const { app, clock, database } = await createTestApp();
const db = database.db;
const MINUTE = 60_000;

let parent = await signIn(app, DEMO_EMAILS.parent);

const family = await query<{ id: string }>(
  db,
  `select sg.student_id as id from student_guardians sg join guardians g on g.id = sg.guardian_id
   join users u on u.id = g.user_id where u.email = '${DEMO_EMAILS.parent}'`,
);
const familyIds = family.map((child) => `'${child.id}'`).join(",");
const ownInvoices = await query<{ id: string; invoice_number: string; first_name: string; last_name: string }>(
  db,
  `select i.id, i.invoice_number, s.first_name, s.last_name from invoices i join students s on s.id = i.student_id
   where i.student_id in (${familyIds}) order by i.invoice_number limit 2`,
);
const [own, ownOther] = ownInvoices as [(typeof ownInvoices)[number], (typeof ownInvoices)[number]];
// Another family's invoice in the parent's own centre.
const [otherFamily] = await query<{ id: string }>(
  db,
  `select i.id from invoices i where i.student_id not in (${familyIds})
   and i.center_id = (select center_id from students where id = '${family[0]!.id}') limit 1`,
);

const askCode = (session: SignedIn, id: string) => as(app, session).post(`/api/invoices/${id}/download-code`);
const download = (session: SignedIn, id: string, code?: string) =>
  app.inject({
    method: "GET",
    url: `/api/invoices/generate-pdf/${id}`,
    headers: { ...session.headers, ...(code === undefined ? {} : { "x-2fa-totp": code }) },
  });
const latestMail = async (email: string) =>
  (await app.inject({ method: "GET", url: `/api/auth/test-email?email=${encodeURIComponent(email)}` })).json() as {
    to: string;
    subject: string;
    text: string;
    code: string;
  };
/** Asks for a code for the invoice and reads it from the test inbox. */
async function mailedCode(session: SignedIn, email: string, id: string) {
  const asked = await askCode(session, id);
  expect(asked.statusCode, asked.body).toBe(200);
  return (await latestMail(email)).code;
}
/** A code that is not `code` (six digits all the same as the right one's first would still differ). */
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
const statusesOf = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);
const count = (statuses: number[], wanted: number) => statuses.filter((status) => status === wanted).length;
/**
 * A quiet spell: the request window (15 minutes) and any resend wait are over. The access token
 * lives 15 minutes, so the parent signs in afresh.
 */
async function quietSpell() {
  clock.advance(16 * MINUTE);
  parent = await signIn(app, DEMO_EMAILS.parent);
}

describe("an invoice download with a code by e-mail (no authenticator app)", () => {
  it("has two invoices of the demo parent's and another family's to work with", () => {
    expect(own?.id).toBeTruthy();
    expect(ownOther?.id).toBeTruthy();
    expect(otherFamily?.id).toBeTruthy();
  });

  it("mails the caller's own address a 6-digit code for that invoice, keeps only its hash, and opens the PDF once", async () => {
    const asked = await askCode(parent, own.id);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailedCodeSent("pa****@sprout.test"),
      sentTo: "pa****@sprout.test",
      expiresIn: EMAILED_CODE_TTL_SECONDS,
      resendIn: EMAILED_CODE_RESEND_SECONDS,
    });
    const mail = await latestMail(DEMO_EMAILS.parent);
    expect(mail.to).toBe(DEMO_EMAILS.parent);
    expect(mail.subject).toBe("Your Sprout code to download an invoice");
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`Your code to download invoice ${own.invoice_number} is: ${mail.code}`);
    expect(mail.text).toContain("within 10 minutes");
    // What the e-mail is for, and nothing about the child (the parent is greeted by name).
    expect(mail.text).not.toContain(own.first_name);
    expect(mail.text).not.toContain(`${own.first_name} ${own.last_name}`);
    expect(mail.text).not.toMatch(/₹|Rs\./);

    const [stored] = await query<{ code_hash: string; subject_id: string }>(
      db,
      `select code_hash, subject_id from one_time_codes where user_id = '${parent.user.id}'`,
    );
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.code_hash).not.toContain(mail.code);
    expect(stored!.subject_id).toBe(own.id);
    const outbox = await query<{ body_text: string }>(
      db,
      `select body_text from mail_outbox where to_address = '${DEMO_EMAILS.parent}' order by seq desc limit 1`,
    );
    expect(outbox[0]!.body_text).not.toContain(mail.code);

    const pdf = await download(parent, own.id, mail.code);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Its use is audited as the reset code's is: who, what, which invoice.
    const audit = await query<{ actor_id: string; entity: string; entity_id: string }>(
      db,
      "select actor_id, entity, entity_id from audit_log where action = 'invoice_download_code_used'",
    );
    expect(audit).toEqual([{ actor_id: parent.user.id, entity: "invoice", entity_id: own.id }]);

    const again = await download(parent, own.id, mail.code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "CODE_USED", error: ACCOUNT_MESSAGES.codeUsed });
  });

  it("lets the code die after 10 minutes", async () => {
    await quietSpell();
    const code = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    clock.advance(EMAILED_CODE_TTL_SECONDS * 1000 + 1000);
    const late = await download(parent, own.id, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: "CODE_EXPIRED", error: ACCOUNT_MESSAGES.codeExpired });
  });

  it("replaces the old code with a new one, not sooner than 30 s after it, and sends at most five in 15 minutes", async () => {
    await quietSpell();
    const first = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    const tooSoon = await askCode(parent, own.id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: "EMAILED_CODE_WAIT", error: ACCOUNT_MESSAGES.emailedCodeWait(30) });
    expect(tooSoon.headers["retry-after"]).toBe("30");
    expect((await latestMail(DEMO_EMAILS.parent)).code).toBe(first);

    clock.advance(EMAILED_CODE_RESEND_SECONDS * 1000);
    const second = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    if (second !== first) {
      const old = await download(parent, own.id, first);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ code: "INVALID_CODE", error: ACCOUNT_MESSAGES.codeInvalid(4) });
    }
    expect((await download(parent, own.id, second)).statusCode).toBe(200);

    for (let n = 3; n <= 5; n++) {
      clock.advance(EMAILED_CODE_RESEND_SECONDS * 1000);
      expect((await askCode(parent, own.id)).statusCode).toBe(200);
    }
    clock.advance(EMAILED_CODE_RESEND_SECONDS * 1000);
    const sixth = await askCode(parent, own.id);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: "EMAILED_CODE_RATE_LIMITED",
      error: ACCOUNT_MESSAGES.emailedCodeTooMany(15),
    });
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(13 * 60);
  });

  it("opens only the invoice it was sent for; another family's invoice is not found, with or without a code", async () => {
    await quietSpell();
    const code = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    const elsewhere = await download(parent, ownOther.id, code);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: "EMAILED_CODE_NOT_SENT" });

    const before = await latestMail(DEMO_EMAILS.parent);
    clock.advance(EMAILED_CODE_RESEND_SECONDS * 1000);
    const foreignAsk = await askCode(parent, otherFamily!.id);
    expect(foreignAsk.statusCode).toBe(404);
    expect((await latestMail(DEMO_EMAILS.parent)).code).toBe(before.code);
    expect((await download(parent, otherFamily!.id, code)).statusCode).toBe(404);
    // The code still opens its own invoice: the refusals above took none of its tries.
    expect((await download(parent, own.id, code)).statusCode).toBe(200);
  });

  it("allows five tries: wrong codes count down, the fifth locks the code, even against the right one", async () => {
    await quietSpell();
    const code = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    const wrong = wrongFor(code);
    const errors: string[] = [];
    for (let n = 1; n < EMAILED_CODE_MAX_ATTEMPTS; n++) {
      const response = await download(parent, own.id, wrong);
      expect(response.statusCode).toBe(400);
      errors.push(response.json().error);
    }
    expect(errors).toEqual([4, 3, 2, 1].map(ACCOUNT_MESSAGES.codeInvalid));
    const fifth = await download(parent, own.id, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: "CODE_LOCKED", error: ACCOUNT_MESSAGES.codeLocked });
    expect((await download(parent, own.id, code)).statusCode).toBe(429);
    // A new code starts afresh.
    clock.advance(EMAILED_CODE_RESEND_SECONDS * 1000);
    const next = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    expect((await download(parent, own.id, next)).statusCode).toBe(200);
  });

  // Each try is counted in the statement that finds the code, so the limits hold however the
  // requests overlap: on PostgreSQL (DATABASE_URL) they run at once, on the embedded database
  // one after another, and the same numbers must come out.
  it("counts tries atomically: 60 wrong codes at once get exactly four refusals and then the lock", async () => {
    await quietSpell();
    const code = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    const statuses = statusesOf(
      await Promise.all(Array.from({ length: 60 }, () => download(parent, own.id, wrongFor(code)))),
    );
    expect(count(statuses, 400)).toBe(EMAILED_CODE_MAX_ATTEMPTS - 1);
    expect(count(statuses, 429)).toBe(60 - (EMAILED_CODE_MAX_ATTEMPTS - 1));
    const right = await download(parent, own.id, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe("CODE_LOCKED");
  });

  it("spends a code once: the right code sent five times at once opens one PDF", async () => {
    clock.advance(EMAILED_CODE_RESEND_SECONDS * 1000);
    const code = await mailedCode(parent, DEMO_EMAILS.parent, own.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => download(parent, own.id, code)));
    const statuses = statusesOf(responses);
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 400)).toBe(4);
    for (const refused of responses.filter((response) => response.statusCode === 400))
      expect(refused.json().code).toBe("CODE_USED");
  });

  it("serves billing staff without two-factor the same way, for invoices in their reach", async () => {
    const finance = await signIn(app, DEMO_EMAILS.financial_manager);
    const code = await mailedCode(finance, DEMO_EMAILS.financial_manager, otherFamily!.id);
    const pdf = await download(finance, otherFamily!.id, code);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("app codes for downloads", () => {
  const email = DEMO_EMAILS.admin;
  let admin: SignedIn;
  let secret = "";
  const appCode = () => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

  it("the code that finished the set-up opens the next download; spent on a download, it opens no second", async () => {
    admin = await signIn(app, email);
    secret = (await as(app, admin).get("/api/auth/2fa/setup")).json().secret;
    const code = await appCode();
    expect(
      (await as(app, admin).post("/api/auth/2fa/verify-setup", { token: code, password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
    // Straight back to the invoice, inside the same 30-second step (the clock has not moved).
    const first = await download(admin, otherFamily!.id, code);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await download(admin, otherFamily!.id, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: "INVALID_2FA_CODE", error: ACCOUNT_MESSAGES.twoFactorInvalid });
    clock.advance(30_000);
    expect((await download(admin, otherFamily!.id, await appCode())).statusCode).toBe(200);
  });

  it("the code that completed a sign-in opens a download too, once", async () => {
    clock.advance(30_000);
    const pending = (
      await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: DEMO_PASSWORD } })
    ).json();
    expect(pending.require2FA).toBe(true);
    const code = await appCode();
    const verified = await app.inject({
      method: "POST",
      url: "/api/auth/2fa/verify",
      payload: { sessionToken: pending.sessionToken, token: code },
    });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    admin = {
      ...body,
      headers: {
        authorization: `Bearer ${body.token}`,
        "x-session-token": body.sessionToken,
        "x-csrf-token": body.csrfToken,
      },
    };
    expect((await download(admin, otherFamily!.id, code)).statusCode).toBe(200);
    expect((await download(admin, otherFamily!.id, code)).statusCode).toBe(400);
  });

  it("a replayed app code for two downloads at once opens one PDF", async () => {
    clock.advance(30_000);
    const code = await appCode();
    const statuses = statusesOf(await Promise.all([1, 2, 3].map(() => download(admin, otherFamily!.id, code))));
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 400)).toBe(2);
  });

  it("with an authenticator app, the code by e-mail works as well, and the app code still does", async () => {
    const code = await mailedCode(admin, email, otherFamily!.id);
    expect((await download(admin, otherFamily!.id, code)).statusCode).toBe(200);
    clock.advance(30_000);
    expect((await download(admin, otherFamily!.id, await appCode())).statusCode).toBe(200);
  });
});
