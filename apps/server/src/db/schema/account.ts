import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
 * Security-relevant attempts counted over a time window (reset requests per address, wrong
 * second-factor codes per user, wrong password confirmations). Kept in the database so that the
 * limits hold across server instances and follow the application clock.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("auth_attempts_lookup_idx").on(table.kind, table.subject, table.at)],
);

/** Every e-mail the application sends. Without SMTP_URL this table is the delivery. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("body_text").notNull(),
    html: text("body_html"),
    /** The one-time code the message carries, for the non-production test-email call. */
    code: text("code"),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "stored"] }).notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("mail_outbox_to_idx").on(sql`lower(${table.to})`, table.createdAt)],
);
