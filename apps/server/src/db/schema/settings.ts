import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organisations } from "./organisations.ts";

/** An organisation's academic programs: a major program and one of its specific programs. */
export const programs = pgTable(
  "programs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    majorProgram: text("major_program").notNull(),
    specificProgram: text("specific_program").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("programs_org_pair_unique").on(
      table.organisationId,
      sql`lower(${table.majorProgram})`,
      sql`lower(${table.specificProgram})`,
    ),
  ],
);

/** Companies with a tie-up (a corporate arrangement) with the organisation. */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    organisationId: uuid("organisation_id")
      .notNull()
      .references(() => organisations.id),
    companyName: text("company_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("companies_org_name_unique").on(table.organisationId, sql`lower(${table.companyName})`)],
);
