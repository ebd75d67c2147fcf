import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, DEMO_EMAILS } from "../../test/harness.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema/account.ts";
import type { MailTransport } from "../mail/mailer.ts";

/** Everything the reset and the outbox keep, as one string, to search for a code in the clear. */
async function storedText(db: Database) {
  const outbox = await db.execute(sql`select * from mail_outbox`);
  const resets = await db.execute(sql`select * from password_resets`);
  return JSON.stringify([outbox, resets]);
}

describe("without MAIL_TEST_INBOX", async () => {
  const delivered: { to: string; text: string }[] = [];
  const transport: MailTransport = {
    sendMail: async (message) => void delivered.push({ to: message.to, text: message.text }),
  };
  const { app, database } = await createTestApp({ mailTestInbox: false, mailTransport: transport });

  it("there is no test-email route", async () => {
    const response = await app.inject({ method: "GET", url: `/api/auth/test-email?email=${DEMO_EMAILS.teacher}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Route GET /api/auth/test-email not found", code: "NOT_FOUND" });
  });

  it("the code reaches the mail server and nowhere in the database in the clear", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: DEMO_EMAILS.teacher },
    });
    expect(response.statusCode).toBe(200);
    await waitFor(() => delivered.length === 1);
    const code = /verification code is: ([A-Z0-9]{6})/.exec(delivered[0]!.text)?.[1];
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const stored = await storedText(database.db);
    expect(stored).toContain("••••••");
    expect(stored).not.toContain(code);
    // Once delivered, not even the sealed copy is kept. The outbox records the delivery after the
    // mail server has taken the message: a moment later, on PostgreSQL's pool.
    const settled = async () =>
      !["queued", "sending"].includes((await database.db.select().from(mailOutbox))[0]?.status ?? "queued");
    await waitFor(settled);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", sealed: null, transport: "smtp" });
  });
});

describe("with MAIL_TEST_INBOX=1", async () => {
  const { app, database } = await createTestApp();

  it("the test inbox reads the code, which the database keeps only sealed", async () => {
    await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: DEMO_EMAILS.admin } });
    const mail = (await app.inject({ method: "GET", url: `/api/auth/test-email?email=${DEMO_EMAILS.admin}` })).json();
    expect(mail.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(mail.text).toContain(`Your verification code is: ${mail.code}`);
    expect(await storedText(database.db)).not.toContain(mail.code);
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
