import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from "@sprout/shared/schemas/incidents";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { students } from "./children.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/** Incident reports. Never deleted: they are resolved, or corrected with an audit entry. */
export const incidents = pgTable(
  "incidents",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    incidentType: text("incident_type", { enum: INCIDENT_TYPES }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    location: text("location").notNull(),
    description: text("description").notNull(),
    firstAid: text("first_aid").notNull().default(""),
    witnesses: text("witnesses").notNull().default(""),
    severity: text("severity", { enum: INCIDENT_SEVERITIES }).notNull(),
    status: text("status", { enum: INCIDENT_STATUSES }).notNull().default("open"),
    reportedBy: uuid("reported_by").references(() => users.id),
    parentsNotifiedAt: timestamp("parents_notified_at", { withTimezone: true }),
    parentsNotifiedBy: uuid("parents_notified_by").references(() => users.id),
    /** Set once, by the job that reminds the centre's managers of a report still waiting for review. */
    reviewRemindedAt: timestamp("review_reminded_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id),
    resolutionNotes: text("resolution_notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("incidents_center_occurred_idx").on(table.centerId, table.occurredAt.desc(), table.id.desc()),
    index("incidents_center_status_idx").on(table.centerId, table.status, table.severity),
    // The review reminder's scan: only reports not yet shared with parents nor reminded about.
    index("incidents_awaiting_review_idx")
      .on(table.createdAt)
      .where(sql`${table.parentsNotifiedAt} is null and ${table.reviewRemindedAt} is null`),
  ],
);

/**
 * A centre's choice whether a manager reviews each report before parents see it. No row means
 * the default: reviewed first.
 */
export const incidentSettings = pgTable("incident_settings", {
  centerId: uuid("center_id")
    .primaryKey()
    .references(() => centers.id, { onDelete: "cascade" }),
  reviewBeforeParents: boolean("review_before_parents").notNull().default(true),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const incidentChildren = pgTable(
  "incident_children",
  {
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => incidents.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id),
  },
  (table) => [
    primaryKey({ columns: [table.incidentId, table.studentId] }),
    index("incident_children_student_idx").on(table.studentId),
  ],
);

/** Photos attached to a report; the file is stored under `storedName`, re-encoded without EXIF. */
export const incidentPhotos = pgTable(
  "incident_photos",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => incidents.id),
    storedName: text("stored_name").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("incident_photos_incident_idx").on(table.incidentId)],
);

/** A parent's acknowledgement that they read the report about their child. */
export const incidentAcknowledgements = pgTable(
  "incident_acknowledgements",
  {
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => incidents.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.incidentId, table.userId] })],
);
