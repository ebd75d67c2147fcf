import { and, desc, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema/account.ts";
import type { Clock } from "../lib/clock.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time code the message carries (kept for the non-production test-email call). */
  code?: string;
}

interface Logger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailDeps {
  db: Database;
  clock: Clock;
  from: string;
  /** SMTP_URL; without it the outbox table (and a log line) is the delivery. */
  smtpUrl?: string;
  env: "development" | "production" | "test";
  log?: Logger;
}

/**
 * Sends mail. Every message gets an outbox row. With SMTP the message is handed to nodemailer
 * after the row is written, without holding up the request (so that a slow mail server does not
 * tell a caller whether an address has an account); the row records the outcome.
 */
export function createMailer({ db, clock, from, smtpUrl, env, log }: MailDeps) {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, mail: OutgoingMail) {
    try {
      await transport!.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await db.update(mailOutbox).set({ status: "sent", sentAt: clock.now() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      log?.error({ err: error, to: mail.to }, "mail delivery failed");
      await db
        .update(mailOutbox)
        .set({ status: "failed", error: String((error as Error).message ?? error).slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    }
  }

  return {
    async send(mail: OutgoingMail): Promise<void> {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          // With a real mail server, codes are not kept in the database.
          text: transport ? redact(mail.text, mail.code) : mail.text,
          html: transport ? null : (mail.html ?? null),
          code: transport ? null : (mail.code ?? null),
          transport: transport ? "smtp" : "outbox",
          status: transport ? "queued" : "stored",
          createdAt: clock.now(),
        })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        // The laptop delivery: the message is in the outbox table and, outside production, in the log.
        if (env !== "production")
          log?.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail stored in outbox");
        else log?.info({ to: mail.to, subject: mail.subject }, "mail stored in outbox (SMTP_URL not set)");
        return;
      }
      const job = deliver(row!.id, mail).finally(() => pending.delete(job));
      pending.add(job);
    },

    /** The latest message to an address (for the non-production test-email call). */
    async latestTo(address: string) {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(sql`lower(${mailOutbox.to})`, address.trim().toLowerCase())))
        .orderBy(desc(mailOutbox.createdAt), desc(sql`ctid`))
        .limit(1);
      return row ?? null;
    },

    /** Waits for deliveries in flight (used on shutdown and by tests). */
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

function redact(text: string, code?: string) {
  return code ? text.replaceAll(code, "••••••") : text;
}
