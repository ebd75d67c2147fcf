import { ALERT_SEVERITIES, ALERT_TYPES } from "@sprout/shared/schemas/emergency";
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/** Emergency alerts of a centre. Never deleted: an alert ends by being resolved. */
export const emergencyAlerts = pgTable(
  "emergency_alerts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    alertType: text("alert_type", { enum: ALERT_TYPES }).notNull(),
    severity: text("severity", { enum: ALERT_SEVERITIES }).notNull(),
    message: text("message").notNull(),
    location: text("location").notNull().default(""),
    requiresEvacuation: boolean("requires_evacuation").notNull().default(false),
    affectedAreas: text("affected_areas").array().notNull().default(sql`'{}'::text[]`),
    instructions: text("instructions").notNull().default(""),
    parentMessage: text("parent_message").notNull().default(""),
    triggeredBy: uuid("triggered_by").references(() => users.id),
    triggeredAt: timestamp("triggered_at", { withTimezone: true }).notNull(),
    resolvedBy: uuid("resolved_by").references(() => users.id),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionNotes: text("resolution_notes"),
  },
  (table) => [index("emergency_alerts_center_idx").on(table.centerId, table.triggeredAt.desc(), table.id)],
);

/** Who acknowledged an alert, once each. */
export const emergencyAcknowledgements = pgTable(
  "emergency_acknowledgements",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => emergencyAlerts.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.userId] })],
);
