import { integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { centers } from "./organisations.ts";

/**
 * How many children and invoices each centre has in each status, kept by statement-level
 * triggers on students and invoices (migration 0016), so that a list's totals and status chips
 * read a handful of rows instead of counting the table on every page.
 */
const countsTable = (name: string) =>
  pgTable(
    name,
    {
      centerId: uuid("center_id")
        .notNull()
        .references(() => centers.id, { onDelete: "cascade" }),
      status: text("status").notNull(),
      n: integer("n").notNull().default(0),
    },
    (table) => [primaryKey({ columns: [table.centerId, table.status] })],
  );

export const studentCounts = countsTable("student_counts");
export const invoiceCounts = countsTable("invoice_counts");
