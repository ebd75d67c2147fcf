import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A signed-in device. Tokens are kept only as SHA-256 hashes; `previousRefreshHash` lets us
 * recognise a refresh token that was already rotated away, which means it was stolen.
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
