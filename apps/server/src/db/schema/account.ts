import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * One password-reset challenge. A row is written for unknown addresses too (userId null), so
 * that the answer, the status call and the rate limits look the same whether or not the address
 * has an account. The code and the reset token are kept only as keyed hashes.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** "reset" from forgot-password or a forced reset; "invitation" for a new account. */
    purpose: text("purpose", { enum: ["reset", "invitation"] })
      .notNull()
      .default("reset"),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    resetTokenHash: text("reset_token_hash"),
    resetTokenExpiresAt: timestamp("reset_token_expires_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Set when a newer challenge for the same address replaces this one. */
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("password_resets_email_idx").on(table.email, table.createdAt)],
);

/** Hashed one-time backup codes for two-factor sign-in. */
export const twoFactorBackupCodes = pgTable(
  "two_factor_backup_codes",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("two_factor_backup_codes_user_idx").on(table.userId)],
);

/**
 * Attempts of one kind per subject (sign-ins per address, wrong second-factor codes per user,
 * reset requests per address, ...), counted by one atomic upsert so that concurrent requests on
 * any instance each see their own number. `blockedUntil` refuses further attempts until then.
 */
export const authCounters = pgTable(
  "auth_counters",
  {
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    count: integer("count").notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.subject] }),
    index("auth_counters_updated_idx").on(table.updatedAt),
  ],
);

/**
 * Every e-mail the application sends, queued here and delivered by the outbox worker (any
 * instance; rows are claimed with FOR UPDATE SKIP LOCKED). `text` has one-time codes masked; the
 * whole message travels sealed (AES-GCM with a key from APP_SECRET) until it is delivered, and
 * is kept sealed afterwards only when the test inbox is switched on.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Order of queueing (created_at can tie, and a row's physical position moves on update). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("body_text").notNull(),
    sealed: text("sealed"),
    /** smtp: handed to SMTP_URL; log: no mail server configured, written to the log. */
    transport: text("transport", { enum: ["log", "smtp"] }).notNull(),
    status: text("status", { enum: ["queued", "sending", "sent", "logged", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When the row may next be claimed: its retry time, or the end of a sender's lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_outbox_to_idx").on(sql`lower(${table.to})`, table.createdAt),
    index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'sending')`),
  ],
);
