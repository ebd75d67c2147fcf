import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A write sent with an `Idempotency-Key` (issue 33): the device's key, whose it is, what the
 * request was, and once answered, the answer, so that the same key sent again is answered the
 * same and changes nothing. A row without a status is a request still being worked out.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    /** The route, its parameters and its body, hashed: one key cannot stand for two requests. */
    requestHash: text("request_hash").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
    statusCode: integer("status_code"),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index("idempotency_keys_claimed_idx").on(table.claimedAt),
  ],
);
