import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, time, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions } from "./sessions.ts";
import { users } from "./users.ts";

/**
 * One browser's Web Push subscription (issue 32). It belongs to one user and to the session it
 * was made in: signing out of that device removes it. The endpoint is unique: the same browser
 * subscribing again replaces its row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "set null" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastDeliveredAt: timestamp("last_delivered_at", { withTimezone: true }),
  },
  (table) => [
    index("push_subscriptions_user_idx").on(table.userId),
    index("push_subscriptions_session_idx").on(table.sessionId),
  ],
);

/**
 * The push outbox: one row per device and push, written in the same transaction as the change it
 * tells of, so a rolled-back change sends nothing and a restart loses nothing. The worker claims
 * due rows with FOR UPDATE SKIP LOCKED; a delivered row is deleted, a failed one kept for a while.
 * A push queued during its person's quiet hours is `held` until they end (`next_attempt_at`), then
 * folded with the device's other held pushes into one summary.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** The payload the worker encrypts: title, body, url, kind (never a message's content). */
    payload: jsonb("payload").notNull(),
    urgency: text("urgency", { enum: ["very-low", "low", "normal", "high"] }).notNull(),
    /** Seconds the push service may keep the push for an offline device. */
    ttl: integer("ttl").notNull(),
    status: text("status", { enum: ["queued", "sending", "failed", "held"] }).notNull(),
    /** The person's choice it falls under, named in the morning summary; null for emergencies. */
    kind: text("kind"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    error: text("error"),
  },
  (table) => [
    index("push_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'sending')`),
    index("push_outbox_subscription_idx").on(table.subscriptionId),
    index("push_outbox_held_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'held'`),
  ],
);

/** What a person wants pushed, per kind; no row = everything on. Emergencies are not a choice. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  messages: boolean("messages").notNull().default(true),
  dailyActivities: boolean("daily_activities").notNull().default(true),
  photos: boolean("photos").notNull().default(true),
  healthAndIncidents: boolean("health_and_incidents").notNull().default(true),
  announcements: boolean("announcements").notNull().default(true),
  billing: boolean("billing").notNull().default(true),
  /** Quiet hours in the centre's time zone (21:00–07:00 until changed); off when false. */
  quietHours: boolean("quiet_hours").notNull().default(true),
  quietStart: time("quiet_start").notNull().default("21:00"),
  quietEnd: time("quiet_end").notNull().default("07:00"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
