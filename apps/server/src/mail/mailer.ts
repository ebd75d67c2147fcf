import { and, desc, eq, sql } from "drizzle-orm";
// The fastify augmentation below names the module it extends.
import type {} from "fastify";
import nodemailer from "nodemailer";
import type { SecretBox } from "../auth/secrets.ts";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { mailOutbox } from "../db/schema/account.ts";
import { afterCommit } from "../db/transaction.ts";
import type { Clock } from "../lib/clock.ts";
import { outboxRuns } from "../lib/outbox-runs.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time code the message carries: masked in the stored text, sealed with the message. */
  code?: string;
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What the worker hands a message to (nodemailer's transport, or a test's). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

export interface MailDeps {
  db: Database;
  clock: Clock;
  from: string;
  secrets: Pick<SecretBox, "sealMessage" | "openMessage">;
  /** SMTP_URL; without it the worker writes each message to the log instead. */
  smtpUrl?: string;
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport;
  env: "development" | "production" | "test";
  /** MAIL_TEST_INBOX: keep each message sealed after delivery so the test inbox can read it. */
  keepForTestInbox?: boolean;
  log?: Logger;
}

/** Tries per message before it is marked failed; the waits between them double from 30 s. */
export const MAIL_MAX_ATTEMPTS = 6;
const FIRST_RETRY_SECONDS = 30;
/** How long a claimed row is reserved for its sender; a sender that died loses it after that. */
const LEASE_SECONDS = 120;
const BATCH = 20;

interface Sealed {
  text: string;
  html?: string;
  code?: string;
}

interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  sealed: string | null;
  attempts: number;
  transport: "log" | "smtp";
}

/**
 * Mail goes through the outbox table: `send` only writes a row (so a request never waits for a
 * mail server, and the answer takes as long whether or not an address has an account); the
 * worker, on any instance, claims due rows with FOR UPDATE SKIP LOCKED, delivers them and
 * records the outcome, retrying failures with a doubling wait.
 */
export function createMailer({ db, clock, from, secrets, smtpUrl, transport, env, keepForTestInbox, log }: MailDeps) {
  const sender: MailTransport | null = transport ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : null);

  async function claimDue(): Promise<ClaimedRow[]> {
    const now = clock.now();
    const lease = new Date(now.getTime() + LEASE_SECONDS * 1000);
    const result = await db.execute(sql`
      update ${mailOutbox}
      set status = 'sending', attempts = attempts + 1, next_attempt_at = ${lease}
      where id in (
        select id from ${mailOutbox}
        where status in ('queued', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, to_address, subject, sealed, attempts, transport`);
    return rowsOf<ClaimedRow>(result);
  }

  async function deliver(row: ClaimedRow): Promise<"sent" | "logged" | "retry" | "failed"> {
    const message: Sealed = row.sealed ? JSON.parse(secrets.openMessage(row.sealed)) : { text: "" };
    const kept = keepForTestInbox ? row.sealed : null;
    if (row.transport === "log" || !sender) {
      // No mail server: the log is the delivery. Outside production it carries the message so a
      // laptop user can read their code; in production only who and what.
      if (env === "production")
        log?.warn({ to: row.to_address, subject: row.subject }, "mail not sent: SMTP_URL is not set");
      else log?.info({ to: row.to_address, subject: row.subject, text: message.text }, "mail written to the log");
      await db
        .update(mailOutbox)
        .set({ status: "logged", sentAt: clock.now(), sealed: kept })
        .where(eq(mailOutbox.id, row.id));
      return "logged";
    }
    try {
      await sender.sendMail({ from, to: row.to_address, subject: row.subject, text: message.text, html: message.html });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: clock.now(), sealed: kept, error: null })
        .where(eq(mailOutbox.id, row.id));
      return "sent";
    } catch (error) {
      const reason = String((error as Error).message ?? error).slice(0, 500);
      const lastTry = row.attempts >= MAIL_MAX_ATTEMPTS;
      log?.error({ err: error, to: row.to_address, attempt: row.attempts }, "mail delivery failed");
      const wait = FIRST_RETRY_SECONDS * 2 ** (row.attempts - 1);
      await db
        .update(mailOutbox)
        .set(
          lastTry
            ? { status: "failed", error: reason, sealed: kept }
            : { status: "queued", error: reason, nextAttemptAt: new Date(clock.now().getTime() + wait * 1000) },
        )
        .where(eq(mailOutbox.id, row.id));
      return lastTry ? "failed" : "retry";
    }
  }

  /** Delivers every due message, batch by batch; returns how each one ended. */
  async function deliverDue() {
    const outcome = { sent: 0, logged: 0, retry: 0, failed: 0 };
    for (;;) {
      const rows = await claimDue();
      for (const row of rows) outcome[await deliver(row)]++;
      if (rows.length < BATCH) return outcome;
    }
  }

  const runs = outboxRuns(deliverDue, (error) => log?.error({ err: error }, "mail outbox run failed"));
  const poke = runs.poke;

  return {
    /**
     * Queues a message. Given a transaction (opened with db/transaction.ts), the row is written in it,
     * so a rolled-back change sends nothing, and the worker is woken once it commits.
     */
    async send(mail: OutgoingMail, executor: Database = db): Promise<void> {
      const sealed: Sealed = {
        text: mail.text,
        ...(mail.html && { html: mail.html }),
        ...(mail.code && { code: mail.code }),
      };
      await executor.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.code ? mail.text.replaceAll(mail.code, "••••••") : mail.text,
        sealed: secrets.sealMessage(JSON.stringify(sealed)),
        transport: sender ? "smtp" : "log",
        status: "queued",
        nextAttemptAt: clock.now(),
        createdAt: clock.now(),
      });
      afterCommit(executor, db, () => void poke());
    },

    deliverDue,
    poke,

    /** Messages not yet delivered (queued or being sent): one count on the outbox's partial index. */
    async pending(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(sql`${mailOutbox.status} in ('queued', 'sending')`);
      return row?.count ?? 0;
    },

    /** The latest message to an address, opened (only the test inbox calls this). */
    async latestTo(address: string) {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(sql`lower(${mailOutbox.to})`, address.trim().toLowerCase())))
        .orderBy(desc(mailOutbox.seq))
        .limit(1);
      if (!row) return null;
      const message: Sealed | null = row.sealed ? JSON.parse(secrets.openMessage(row.sealed)) : null;
      return {
        to: row.to,
        subject: row.subject,
        text: message?.text ?? row.text,
        code: message?.code,
        createdAt: row.createdAt,
      };
    },

    /** Waits for the delivery run in progress (on shutdown and in tests). */
    flush: runs.settled,
  };
}
export type Mailer = ReturnType<typeof createMailer>;

declare module "fastify" {
  interface FastifyInstance {
    /** The outbox, for work started outside a request (the scheduled jobs). */
    mailer: Mailer;
  }
}
