import { sql } from "drizzle-orm";
import { boolean, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { classrooms } from "./children.ts";
import { centers } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * A classroom's plan for one date (issue 16). The centre is kept beside the classroom so that
 * scope filters need no join; the three parts are lists checked off as a whole.
 */
export const lessonPlans = pgTable(
  "lesson_plans",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id),
    classroomId: uuid("classroom_id")
      .notNull()
      .references(() => classrooms.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    topic: text("topic").notNull(),
    objectives: text("objectives").array().notNull().default(sql`'{}'::text[]`),
    activities: text("activities").array().notNull().default(sql`'{}'::text[]`),
    resources: text("resources").array().notNull().default(sql`'{}'::text[]`),
    notes: text("notes").notNull().default(""),
    objectivesDone: boolean("objectives_done").notNull().default(false),
    activitiesDone: boolean("activities_done").notNull().default(false),
    resourcesDone: boolean("resources_done").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("lesson_plans_center_day_idx").on(table.centerId, table.day.desc(), table.id),
    index("lesson_plans_classroom_day_idx").on(table.classroomId, table.day.desc(), table.id),
  ],
);
