import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, testClock } from "../../test/harness.ts";
import { createSecretBox } from "../auth/secrets.ts";
import { mailOutbox } from "../db/schema/account.ts";
import { createMailer, MAIL_MAX_ATTEMPTS, type MailTransport } from "./mailer.ts";

const { database } = await createTestApp({ seed: false });
const secrets = createSecretBox("outbox-test-secret".padEnd(48, "x"));
const clock = testClock();

function mailerWith(transport: MailTransport, keepForTestInbox = false) {
  return createMailer({
    db: database.db,
    clock,
    from: "Sprout <no-reply@sprout.test>",
    secrets,
    transport,
    env: "test",
    keepForTestInbox,
  });
}
const rowTo = async (to: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!;

describe("outbox worker", () => {
  it("retries a failed delivery with a doubling wait, then records the success", async () => {
    let calls = 0;
    const mailer = mailerWith({
      sendMail: async () => {
        calls++;
        if (calls <= 2) throw new Error("421 try again later");
      },
    });
    await mailer.send({ to: "retry@example.in", subject: "Hello", text: "Your code is: ABC123", code: "ABC123" });
    await mailer.flush();
    expect(await rowTo("retry@example.in")).toMatchObject({
      status: "queued",
      attempts: 1,
      error: "421 try again later",
    });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, logged: 0, retry: 0, failed: 0 });
    clock.advance(30_000);
    expect(await mailer.deliverDue()).toMatchObject({ retry: 1 });
    clock.advance(59_000);
    expect(await mailer.deliverDue()).toMatchObject({ retry: 0, sent: 0 });
    clock.advance(1_000);
    expect(await mailer.deliverDue()).toMatchObject({ sent: 1 });
    const row = await rowTo("retry@example.in");
    expect(row).toMatchObject({ status: "sent", attempts: 3, sealed: null });
    expect(row.text).toBe("Your code is: ••••••");
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    const mailer = mailerWith({
      sendMail: async () => {
        throw new Error("550 no such mailbox");
      },
    });
    await mailer.send({ to: "bounce@example.in", subject: "Hello", text: "Hi" });
    await mailer.flush();
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      clock.advance(3600_000);
      await mailer.deliverDue();
    }
    expect(await rowTo("bounce@example.in")).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS });
    clock.advance(24 * 3600_000);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, logged: 0, retry: 0, failed: 0 });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "two instances delivering at once send every message exactly once (FOR UPDATE SKIP LOCKED)",
    async () => {
      const sent: string[] = [];
      const slow: MailTransport = {
        sendMail: async (message) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          sent.push(message.to);
        },
      };
      const addresses = Array.from({ length: 60 }, (_, index) => `parent${index}@example.in`);
      // Rows written without a delivery run, as another instance would leave them.
      await database.db.insert(mailOutbox).values(
        addresses.map((to) => ({
          to,
          subject: "Invoice",
          text: "Your invoice",
          transport: "smtp" as const,
          status: "queued" as const,
          nextAttemptAt: clock.now(),
          createdAt: clock.now(),
        })),
      );
      const [one, two] = [mailerWith(slow), mailerWith(slow)];
      const outcomes = await Promise.all([one.deliverDue(), two.deliverDue(), one.deliverDue(), two.deliverDue()]);
      expect(outcomes.reduce((total, outcome) => total + outcome.sent, 0)).toBe(60);
      expect([...sent].sort()).toEqual([...addresses].sort());
    },
  );
});
