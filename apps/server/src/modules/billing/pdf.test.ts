import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import { generate } from "otplib";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, DEMO_PASSWORD, type SignedIn, signIn } from "../../../test/harness.ts";

const { app, clock, database } = await createTestApp();
const db = database.db;

const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });

async function enrol(session: SignedIn) {
  const setup = (await as(app, session).get("/api/auth/2fa/setup")).json() as { secret: string; backupCodes: string[] };
  const enabled = await as(app, session).post("/api/auth/2fa/verify-setup", {
    token: await codeFor(setup.secret),
    password: DEMO_PASSWORD,
  });
  expect(enabled.statusCode).toBe(200);
  clock.advance(30_000);
  return setup;
}

const download = (session: SignedIn, id: string, code?: string) =>
  app.inject({
    method: "GET",
    url: `/api/invoices/generate-pdf/${id}`,
    headers: { ...session.headers, ...(code === undefined ? {} : { "x-2fa-totp": code }) },
  });

const parentSession = await signIn(app, DEMO_EMAILS.parent);
const financeSession = await signIn(app, DEMO_EMAILS.financial_manager);
const directorSession = await signIn(app, DEMO_EMAILS.center_director);
const family = await query<{ id: string }>(
  db,
  "select s.id from students s join student_guardians sg on sg.student_id = s.id join guardians g on g.id = sg.guardian_id join users u on u.id = g.user_id where u.email = 'parent@sprout.test'",
);
const familyIds = family.map((child) => `'${child.id}'`).join(",");
// A paid invoice of the demo parent's child (with a payment) and another family's invoice.
const [own] = await query<{
  id: string;
  invoice_number: string;
  first_name: string;
  last_name: string;
  classroom: string;
  center_name: string;
}>(
  db,
  `select i.id, i.invoice_number, s.first_name, s.last_name, c.name as classroom, ce.center_name from invoices i join students s on s.id = i.student_id
   join classrooms c on c.id = s.class_id join centers ce on ce.id = i.center_id where i.student_id in (${familyIds}) and i.status = 'Paid' limit 1`,
);
const [stranger] = await query<{ id: string }>(
  db,
  `select id from invoices where student_id not in (${familyIds}) limit 1`,
);

describe("invoice PDF behind a second factor", () => {
  it("a missing code is refused; without two-factor a code must first be e-mailed (no app is asked for)", async () => {
    const missing = await download(parentSession, own!.id);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED", error: ACCOUNT_MESSAGES.twoFactorRequired });
    const notSent = await download(parentSession, own!.id, "123456");
    expect(notSent.statusCode).toBe(400);
    expect(notSent.json()).toMatchObject({
      code: "EMAILED_CODE_NOT_SENT",
      error: ACCOUNT_MESSAGES.emailedCodeNotSent,
    });
    expect(notSent.json().error).not.toMatch(/authenticator|two-factor/i);
  });

  let parentSecret = "";
  it("a parent downloads their own child's invoice with a valid code; a wrong code is refused", async () => {
    const { secret } = await enrol(parentSession);
    parentSecret = secret;
    const wrong = await download(parentSession, own!.id, "000000");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ACCOUNT_MESSAGES.twoFactorInvalid);

    const response = await download(parentSession, own!.id, await codeFor(secret));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain(
      `filename="${own!.invoice_number.replaceAll("/", "-")}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const expected of [
      own!.center_name,
      own!.invoice_number,
      `${own!.first_name} ${own!.last_name}`,
      `Classroom: ${own!.classroom}`,
      "PAID",
      "Issue date",
      "Due date",
      "Balance due",
      "Payments",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`Total`);
    expect(text).toMatch(/₹\d{1,2},\d{3}\.00/);
    expect(text).toContain("₹0.00");
    expect(text).toMatch(/UPI|Bank transfer/);
  });

  it("another family's invoice is 404 before any code is asked; so is another centre's", async () => {
    const otherFamily = await download(parentSession, stranger!.id, "123456");
    expect(otherFamily.statusCode).toBe(404);
    const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
    const [otherCentreChild] = await query<{ id: string }>(
      db,
      "select id from students where center_id <> (select center_id from users where email = 'admin@sprout.test') and status = 'active' limit 1",
    );
    const request = (
      await owner.post("/api/invoices/requests", { child_id: otherCentreChild!.id, amount: 700, dueDate: "2026-12-01" })
    ).json().request;
    // Whoever raised a request cannot approve it: the financial manager does.
    const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    const invoiceId = (await finance.post(`/api/invoices/requests/${request.id}/approve`)).json().request.invoice_id;
    expect((await download(directorSession, invoiceId, "123456")).statusCode).toBe(404);
  });

  let backupCodes: string[] = [];
  it("staff download any invoice in scope, with a backup code too", async () => {
    ({ backupCodes } = await enrol(financeSession));
    const response = await download(financeSession, stranger!.id, backupCodes[0]);
    expect(response.statusCode).toBe(200);
    const reused = await download(financeSession, stranger!.id, backupCodes[0]);
    expect(reused.statusCode).toBe(400);
  });

  it("a child named in Devanagari prints in the embedded Noto faces, beside the rupee amounts", async () => {
    await query(
      db,
      `update students set first_name = 'आरव', last_name = 'पटेल' where id = (select student_id from invoices where id = '${stranger!.id}')`,
    );
    const response = await download(financeSession, stranger!.id, backupCodes[1]);
    expect(response.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain("आरव पटेल");
    expect(text).toMatch(/₹\d[\d,]*\.\d\d/);
    // The faces come with the project (npm), embedded as subsets: no empty boxes on a machine without them.
    const fonts = [...response.rawPayload.toString("latin1").matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map(
      (m) => m[1],
    );
    expect(new Set(fonts)).toEqual(new Set(["NotoSans-Bold", "NotoSans-Regular", "NotoSansDevanagari-Bold"]));
  });

  it("a parent who chose Hindi reads their invoice in Hindi; the centre's copy stays in the centre's language", async () => {
    expect((await as(app, parentSession).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    clock.advance(30_000);
    const response = await download(parentSession, own!.id, await codeFor(parentSecret));
    expect(response.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    // (Words with a vowel sign written before its consonant, such as "कि", extract out of order: ADR 0058.)
    for (const expected of [
      "इनवॉइस",
      "कुल",
      "बकाया",
      "भुगतान",
      `${own!.first_name} ${own!.last_name}`,
      "भुगतान हो गया",
      `कक्षा: ${own!.classroom}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/₹\d{1,2},\d{3}\.00/);
    expect(text).not.toContain("Balance due");

    const centreCopy = await download(financeSession, own!.id, backupCodes[2]);
    const copyParser = new PDFParse({ data: new Uint8Array(centreCopy.rawPayload) });
    const copyText = (await copyParser.getText()).text;
    await copyParser.destroy();
    expect(copyText).toContain("Balance due");

    // The centre chooses Hindi for its own documents: its staff's copy follows.
    const admin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
    const centres = (await admin.get("/api/centers")).json() as { id: string; center_name: string }[];
    const home = centres.find((centre) => centre.center_name === own!.center_name)!;
    const { id, total_students, total_classrooms, owner_names, time_zone, ...fields } = home as Record<string, unknown>;
    const chosen = await admin.put(`/api/centers/${home.id}`, { ...fields, language: "hi" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().language).toBe("hi");
    const hindiCopy = await download(financeSession, own!.id, backupCodes[3]);
    const hindiParser = new PDFParse({ data: new Uint8Array(hindiCopy.rawPayload) });
    const hindiText = (await hindiParser.getText()).text;
    await hindiParser.destroy();
    expect(hindiText).toContain("बकाया");
    expect(hindiText).not.toContain("Balance due");
  });
});
