import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A signed-in device, which is also its refresh-token family. Tokens are kept only as SHA-256
 * hashes. `previousRefreshHash` (rotated at `rotatedAt`) may be spent again for a short grace
 * window (two tabs refreshing at once); any older token of the family is in `spentRefreshTokens`
 * and spending it again revokes the session.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionTokenHash: text("session_token_hash").notNull().unique(),
    csrfToken: text("csrf_token").notNull(),
    refreshTokenHash: text("refresh_token_hash").unique(),
    previousRefreshHash: text("previous_refresh_hash"),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    /** "pending_2fa" until the second factor is given; then "active". */
    stage: text("stage", { enum: ["pending_2fa", "active"] }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (table) => [
    index("sessions_user_idx").on(table.userId),
    index("sessions_previous_refresh_idx").on(table.previousRefreshHash),
  ],
);

/** Refresh tokens already rotated away, by family (session): spending one again means theft. */
export const spentRefreshTokens = pgTable(
  "spent_refresh_tokens",
  {
    hash: text("hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    spentAt: timestamp("spent_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("spent_refresh_tokens_session_idx").on(table.sessionId)],
);
