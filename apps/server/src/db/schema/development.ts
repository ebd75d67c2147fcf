import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { observationLogs } from "./child-day.ts";
import { classrooms, students } from "./children.ts";
import { portfolioItems } from "./digital-portfolio.ts";
import { lessonPlans } from "./lesson-plans.ts";
import { centers, organisations } from "./organisations.ts";
import { users } from "./users.ts";

/*
 * Development over the year (issue 36): a framework's competencies tag observations and lesson
 * plans, a term's assessments record a level per competency, and a published assessment is the
 * child's progress card. Frameworks are named by a key: a built-in one's file name
 * ("ncf-fs-2022") or an organisation's own framework's id.
 */

/** A framework a centre group added as a file (EYFS, say); the file is kept whole, as parsed. */
export const developmentFrameworks = pgTable(
  "development_frameworks",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    shortName: text("short_name").notNull(),
    /** The file as `frameworkFile` parsed it. */
    definition: jsonb("definition").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("development_frameworks_org_name_idx").on(table.organisationId, sql`lower(${table.shortName})`),
  ],
);

/** Which framework a centre assesses against, and its own words for the framework's levels. */
export const centerDevelopmentSettings = pgTable("center_development_settings", {
  centerId: uuid("center_id")
    .primaryKey()
    .references(() => centers.id, { onDelete: "cascade" }),
  frameworkKey: text("framework_key").notNull(),
  /** Level key → the centre's name for it; a level not named here keeps the framework's label. */
  levelLabels: jsonb("level_labels").$type<Record<string, string>>().notNull().default({}),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** The competencies an observation shows; an observation without tags stays valid. */
export const observationCompetencies = pgTable(
  "observation_competencies",
  {
    logId: uuid("log_id")
      .notNull()
      .references(() => observationLogs.id, { onDelete: "cascade" }),
    frameworkKey: text("framework_key").notNull(),
    competencyCode: text("competency_code").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.logId, table.frameworkKey, table.competencyCode] }),
    index("observation_competencies_code_idx").on(table.frameworkKey, table.competencyCode, table.logId),
  ],
);

/** The competencies a lesson plan works towards (linked from the coordinator's class view). */
export const lessonPlanCompetencies = pgTable(
  "lesson_plan_competencies",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => lessonPlans.id, { onDelete: "cascade" }),
    frameworkKey: text("framework_key").notNull(),
    competencyCode: text("competency_code").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.frameworkKey, table.competencyCode] }),
    index("lesson_plan_competencies_code_idx").on(table.frameworkKey, table.competencyCode, table.planId),
  ],
);

/** A term a coordinator opens for some classrooms; its framework is fixed when it opens. */
export const assessmentTerms = pgTable(
  "assessment_terms",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    name: text("name").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    frameworkKey: text("framework_key").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("assessment_terms_center_idx").on(table.centerId, table.startsOn.desc(), table.id),
    uniqueIndex("assessment_terms_center_name_idx").on(table.centerId, sql`lower(${table.name})`),
  ],
);

export const assessmentTermClassrooms = pgTable(
  "assessment_term_classrooms",
  {
    termId: uuid("term_id")
      .notNull()
      .references(() => assessmentTerms.id, { onDelete: "cascade" }),
    classroomId: uuid("classroom_id")
      .notNull()
      .references(() => classrooms.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.termId, table.classroomId] }),
    index("assessment_term_classrooms_classroom_idx").on(table.classroomId),
  ],
);

export const ASSESSMENT_STATUSES = ["draft", "submitted", "published"] as const;

/**
 * One child's assessment in one term. `version` counts its publications; what the family sees is
 * the last entry of `assessment_history`, so a reissue in progress never shows half-done.
 */
export const childAssessments = pgTable(
  "child_assessments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    termId: uuid("term_id")
      .notNull()
      .references(() => assessmentTerms.id, { onDelete: "cascade" }),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    classroomId: uuid("classroom_id").references(() => classrooms.id, { onDelete: "set null" }),
    studentId: uuid("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    status: text("status", { enum: ASSESSMENT_STATUSES }).notNull().default("draft"),
    version: integer("version").notNull().default(0),
    /** Why a published assessment was reopened; kept on the next publication's history entry. */
    reissueReason: text("reissue_reason"),
    /** The child's own page ("all about me"), written with the teacher. */
    allAboutMe: jsonb("all_about_me").$type<Record<string, string>>().notNull().default({}),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("child_assessments_term_student_idx").on(table.termId, table.studentId),
    index("child_assessments_student_idx").on(table.studentId, table.termId),
    index("child_assessments_term_classroom_idx").on(table.termId, table.classroomId, table.status),
  ],
);

/** The level a teacher records for one competency, on the framework's scale, with a comment. */
export const assessmentLevels = pgTable(
  "assessment_levels",
  {
    assessmentId: uuid("assessment_id")
      .notNull()
      .references(() => childAssessments.id, { onDelete: "cascade" }),
    competencyCode: text("competency_code").notNull(),
    level: text("level").notNull(),
    comment: text("comment").notNull().default(""),
  },
  (table) => [primaryKey({ columns: [table.assessmentId, table.competencyCode] })],
);

/** The teacher's short narrative for one domain. */
export const assessmentNarratives = pgTable(
  "assessment_narratives",
  {
    assessmentId: uuid("assessment_id")
      .notNull()
      .references(() => childAssessments.id, { onDelete: "cascade" }),
    domainCode: text("domain_code").notNull(),
    narrative: text("narrative").notNull(),
  },
  (table) => [primaryKey({ columns: [table.assessmentId, table.domainCode] })],
);

/** Portfolio photos chosen for the card; consent is checked again whenever the card is drawn. */
export const assessmentPhotos = pgTable(
  "assessment_photos",
  {
    assessmentId: uuid("assessment_id")
      .notNull()
      .references(() => childAssessments.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => portfolioItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.assessmentId, table.itemId] })],
);

/**
 * Every publication of an assessment, whole: the first with no reason, each reissue with the
 * coordinator's reason. The last one is the progress card families see.
 */
export const assessmentHistory = pgTable(
  "assessment_history",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    assessmentId: uuid("assessment_id")
      .notNull()
      .references(() => childAssessments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** Levels, comments, narratives, photos and the child's page as published. */
    card: jsonb("card").notNull(),
    reason: text("reason"),
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("assessment_history_version_idx").on(table.assessmentId, table.version)],
);

/** The parent's page of the progress card, written on the portal. */
export const progressCardParentPages = pgTable("progress_card_parent_pages", {
  assessmentId: uuid("assessment_id")
    .primaryKey()
    .references(() => childAssessments.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<Record<string, string>>().notNull(),
  writtenBy: uuid("written_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** A parent's acknowledgement of one published version of the card. */
export const progressCardAcknowledgements = pgTable(
  "progress_card_acknowledgements",
  {
    assessmentId: uuid("assessment_id")
      .notNull()
      .references(() => childAssessments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.assessmentId, table.version, table.userId] })],
);
