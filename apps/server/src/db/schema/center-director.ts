import { CALENDAR_EVENT_KINDS, KPI_METRIC_NAMES, PERFORMANCE_RATINGS } from "@sprout/shared/schemas/center-director";
import { sql } from "drizzle-orm";
import {
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { centers } from "./organisations.ts";
import { staff } from "./staff.ts";
import { users } from "./users.ts";

/** The target a centre's owner or director set for one KPI; none means "good" whatever the value. */
export const kpiTargets = pgTable(
  "kpi_targets",
  {
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    metricName: text("metric_name", { enum: KPI_METRIC_NAMES }).notNull(),
    targetValue: doublePrecision("target_value").notNull(),
    setBy: uuid("set_by").references(() => users.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.centerId, table.metricName] })],
);

/** One day's value of one KPI at a centre: the history behind the trend lines. */
export const kpiMeasurements = pgTable(
  "kpi_measurements",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    metricName: text("metric_name", { enum: KPI_METRIC_NAMES }).notNull(),
    metricValue: doublePrecision("metric_value").notNull(),
    /** The centre's calendar day the value describes. */
    measurementDate: date("measurement_date", { mode: "string" }).notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("kpi_measurements_center_metric_day").on(table.centerId, table.metricName, table.measurementDate),
    index("kpi_measurements_center_day_idx").on(table.centerId, table.measurementDate),
  ],
);

/** A director's performance review of a member of their centre's staff. */
export const staffReviews = pgTable(
  "staff_reviews",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => users.id),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    overallRating: text("overall_rating", { enum: PERFORMANCE_RATINGS }).notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("staff_reviews_center_created_idx").on(table.centerId, table.createdAt.desc(), table.id),
    index("staff_reviews_staff_idx").on(table.staffId, table.periodEnd.desc()),
  ],
);

/** What the director puts on the centre's calendar: safety drills, meetings. */
export const centreCalendarEvents = pgTable(
  "centre_calendar_events",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    title: text("title").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    kind: text("kind", { enum: CALENDAR_EVENT_KINDS }).notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("centre_calendar_events_center_day_idx").on(table.centerId, table.eventDate, table.id)],
);
