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
 * The last TOTP time step accepted per user and purpose, so that one app code cannot be spent
 * twice on the same kind of act inside its window. Purposes (see auth/two-factor.ts for why they
 * are apart): `enrolment` (the code that finishes set-up), `sign_in` (the code that completes a
 * sign-in), `step_up` (a fresh code for a protected act such as downloading an invoice).
 */
export const twoFactorUsedSteps = pgTable(
  "two_factor_used_steps",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["enrolment", "sign_in", "step_up"] }).notNull(),
    timeStep: integer("time_step").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
);

/**
 * One-time codes sent to a signed-in user to confirm one act (today: downloading one invoice,
 * for users without an authenticator app). One row per user and purpose: a new code replaces the
 * old one in place. The code is kept only as a keyed hash bound to `id`, which is new with every
 * code; `attempts` counts every check (in the statement that makes it), `usedAt` spends it.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["invoice_download"] }).notNull(),
    id: uuid("id").notNull(),
    /** The record the act is about (the invoice): the code opens that one only. */
    subjectId: uuid("subject_id").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
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
