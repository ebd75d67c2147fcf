import { CONSENT_PURPOSES, RECORD_KINDS } from "@sprout/shared/schemas/privacy";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { students } from "./children.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * The organisation's privacy notice. A published version is never edited: a change is a new row
 * with the next version number, and parents are asked again.
 */
export const privacyNotices = pgTable(
  "privacy_notices",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    publishedBy: uuid("published_by").references(() => users.id),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("privacy_notices_version_unique").on(table.organisationId, table.version)],
);

/**
 * A child's current answer for one purpose: given or refused, against which notice, by whom and
 * when. Earlier answers are kept in the audit log. A row without a notice was carried over from
 * the portfolio's photo consent before notices existed.
 */
export const childConsents = pgTable(
  "child_consents",
  {
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull(),
    given: boolean("given").notNull(),
    noticeId: uuid("notice_id").references(() => privacyNotices.id),
    givenBy: uuid("given_by").references(() => users.id),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.purpose] })],
);

/**
 * One read of a child's record by a member of staff: who (and in which role), when, which child,
 * what kind of record and from which screen. Written in batches; kept a year.
 */
export const childRecordViews = pgTable(
  "child_record_views",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id, { onDelete: "cascade" }),
    viewerId: uuid("viewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewerRole: text("viewer_role").notNull(),
    kind: text("kind", { enum: RECORD_KINDS }).notNull(),
    screen: text("screen"),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("child_record_views_child_idx").on(table.studentId, table.viewedAt.desc(), table.id),
    index("child_record_views_centre_idx").on(table.centerId, table.viewedAt.desc(), table.id),
    index("child_record_views_viewer_idx").on(table.viewerId, table.viewedAt.desc(), table.id),
    index("child_record_views_time_idx").on(table.viewedAt),
  ],
);
