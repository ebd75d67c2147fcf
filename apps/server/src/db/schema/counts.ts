import { bigint, date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
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

/**
 * How many children came to each centre on each day (at least one stay), kept by statement-level
 * triggers on attendance stays (migration 0037), so that the attendance and centre reports read
 * one row per centre and day instead of every stay of a range.
 */
export const attendanceDayCounts = pgTable(
  "attendance_day_counts",
  {
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    present: integer("present").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.centerId, table.day] })],
);

/**
 * Money per centre and day in paise, kept by statement-level triggers on invoices and payments
 * (migration 0037): invoiced counts invoices by issue date (cancelled ones left out), received
 * counts payments by the day they were paid, in their invoice's centre. The dashboards and
 * reports sum these rows for any range instead of reading every invoice and payment in it.
 */
export const moneyDayTotals = pgTable(
  "money_day_totals",
  {
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    invoices: integer("invoices").notNull().default(0),
    invoicedPaise: bigint("invoiced_paise", { mode: "number" }).notNull().default(0),
    payments: integer("payments").notNull().default(0),
    receivedPaise: bigint("received_paise", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.centerId, table.day] })],
);

/**
 * What each centre's invoices still owe per status, in paise (total less paid), kept by
 * statement-level triggers on invoices (migration 0038): the outstanding and overdue figures of
 * the financial overview and the centre comparison read a few rows instead of every unpaid invoice.
 */
export const invoiceOwed = pgTable(
  "invoice_owed",
  {
    centerId: uuid("center_id")
      .notNull()
      .references(() => centers.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    owedPaise: bigint("owed_paise", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.centerId, table.status] })],
);
