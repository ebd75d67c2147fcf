import { PassThrough } from "node:stream";
import {
  APPROVAL_STATUS_LABELS,
  CATEGORY_LABELS,
  type exportQuery,
  PAYMENT_MODE_LABELS,
} from "@sprout/shared/schemas/budget";
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type ExcelJS from "exceljs";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { budgetRequests, expenses } from "../../db/schema/budget.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { fileStamp } from "../../lib/file-stamp.ts";
import { toRupees } from "../../lib/money.ts";
import { loadExcel, zipCaughtUp } from "../../lib/xlsx-stream.ts";
import { scopeTimeZone } from "../analytics/calendar.ts";
import { expenseConditions } from "./expenses.ts";
import { assert, mayTrackExpenses } from "./policy.ts";
import { receiptPath } from "./presenter.ts";
import { spentPaise } from "./requests.ts";

/** Rows are read in keyset batches so that memory stays flat however many there are. */
const BATCH = 1000;
const RUPEES = '"₹"#,##0.00';
const DATE = "dd/mm/yyyy";
const requester = alias(users, "requester");
/** Only the columns the sheet shows: a batch holds no more than it writes. */
const exportedExpense = {
  id: expenses.id,
  expenseDate: expenses.expenseDate,
  amountPaise: expenses.amountPaise,
  category: expenses.category,
  subcategory: expenses.subcategory,
  description: expenses.description,
  paymentMode: expenses.paymentMode,
  vendor: expenses.vendor,
  gstNumber: expenses.gstNumber,
  receiptId: expenses.receiptId,
};

type Filters = z.output<typeof exportQuery>;

const asDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/**
 * The Export Expenses workbook, streamed as it is written: an Expenses sheet (dates and category
 * of the filter bar) and a Budget Requests sheet (the same and the status), each with a header
 * row, real date and currency cells, and a totals row.
 */
export function createExportService({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * Centre by centre, latest first: each centre's rows come straight off its (centre, date, id)
   * index in keyset batches, where one ordering across centres would sort them all per batch.
   */
  async function writeExpenses(
    sheet: ExcelJS.Worksheet,
    where: SQL | undefined,
    centres: { id: string; name: string }[],
    pause: (sheet: ExcelJS.Worksheet) => Promise<void>,
  ) {
    sheet.columns = [
      { header: "Date", key: "date", width: 12, style: { numFmt: DATE } },
      { header: "Center", key: "center", width: 24 },
      { header: "Category", key: "category", width: 14 },
      { header: "Subcategory", key: "subcategory", width: 16 },
      { header: "Description", key: "description", width: 40 },
      { header: "Amount", key: "amount", width: 16, style: { numFmt: RUPEES } },
      { header: "Payment Mode", key: "mode", width: 14 },
      { header: "Vendor", key: "vendor", width: 24 },
      { header: "GST Number", key: "gst", width: 18 },
      { header: "Receipt", key: "receipt", width: 46 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let totalPaise = 0;
    let written = 0;
    for (const centre of centres) {
      let after: { date: string; id: string } | null = null;
      for (;;) {
        const keyset: SQL | undefined = after
          ? sql`(${expenses.expenseDate}, ${expenses.id}) < (${after.date}, ${after.id})`
          : undefined;
        const rows = await db
          .select({ expense: exportedExpense })
          .from(expenses)
          .where(and(where, eq(expenses.centerId, centre.id), keyset))
          .orderBy(desc(expenses.expenseDate), desc(expenses.id))
          .limit(BATCH);
        for (const { expense } of rows) {
          totalPaise += expense.amountPaise;
          sheet
            .addRow({
              date: asDate(expense.expenseDate),
              center: centre.name,
              category: CATEGORY_LABELS[expense.category],
              subcategory: expense.subcategory,
              description: expense.description,
              amount: toRupees(expense.amountPaise),
              mode: PAYMENT_MODE_LABELS[expense.paymentMode],
              vendor: expense.vendor,
              gst: expense.gstNumber ?? "",
              receipt: expense.receiptId ? receiptPath(expense.receiptId) : "No receipt",
            })
            .commit();
        }
        written += rows.length;
        const last = rows.at(-1);
        if (!last || rows.length < BATCH) break;
        after = { date: last.expense.expenseDate, id: last.expense.id };
        await pause(sheet);
      }
    }
    totals(sheet, "F", written, totalPaise);
  }

  async function writeRequests(
    sheet: ExcelJS.Worksheet,
    where: SQL | undefined,
    pause: (sheet: ExcelJS.Worksheet) => Promise<void>,
  ) {
    sheet.columns = [
      { header: "Date", key: "date", width: 12, style: { numFmt: DATE } },
      { header: "Center", key: "center", width: 24 },
      { header: "Description", key: "description", width: 40 },
      { header: "Category", key: "category", width: 14 },
      { header: "Requester", key: "requester", width: 22 },
      { header: "Amount", key: "amount", width: 16, style: { numFmt: RUPEES } },
      { header: "Spent", key: "spent", width: 16, style: { numFmt: RUPEES } },
      { header: "Status", key: "status", width: 12 },
      { header: "Notes", key: "notes", width: 40 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let totalPaise = 0;
    let written = 0;
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const keyset: SQL | undefined = after
        ? or(
            lt(budgetRequests.createdAt, after.createdAt),
            and(eq(budgetRequests.createdAt, after.createdAt), lt(budgetRequests.id, after.id)),
          )
        : undefined;
      const rows = await db
        .select({
          request: budgetRequests,
          centerName: centers.name,
          timeZone: centers.timeZone,
          requesterName: requester.fullName,
          spent: spentPaise.mapWith(Number),
        })
        .from(budgetRequests)
        .innerJoin(centers, eq(centers.id, budgetRequests.centerId))
        .innerJoin(requester, eq(requester.id, budgetRequests.requesterId))
        .where(and(where, keyset))
        .orderBy(desc(budgetRequests.createdAt), desc(budgetRequests.id))
        .limit(BATCH);
      for (const row of rows) {
        totalPaise += row.request.amountPaise;
        const day = new Intl.DateTimeFormat("en-CA", { timeZone: row.timeZone }).format(row.request.createdAt);
        sheet
          .addRow({
            date: asDate(day),
            center: row.centerName,
            description: row.request.description,
            category: CATEGORY_LABELS[row.request.category],
            requester: row.requesterName,
            amount: toRupees(row.request.amountPaise),
            spent: toRupees(row.spent),
            status: APPROVAL_STATUS_LABELS[row.request.status],
            notes: row.request.decisionNotes ?? "",
          })
          .commit();
      }
      written += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) break;
      after = { createdAt: last.request.createdAt, id: last.request.id };
      await pause(sheet);
    }
    totals(sheet, "F", written, totalPaise);
  }

  return {
    /** The workbook as a stream, and its file name. */
    async exportExpenses(caller: Caller, filters: Filters) {
      assert(mayTrackExpenses(caller));
      const scope = await caller.scope();
      const requestConditions: SQL[] = [
        eq(budgetRequests.organisationId, caller.organisationId),
        inArray(budgetRequests.centerId, scope.centerIds),
      ];
      // Request dates are compared as the centre's calendar days.
      const createdDay = sql`(${budgetRequests.createdAt} at time zone ${centers.timeZone})::date`;
      if (filters.start_date) requestConditions.push(gte(createdDay, filters.start_date));
      if (filters.end_date) requestConditions.push(sql`${createdDay} <= ${filters.end_date}`);
      if (filters.category) requestConditions.push(eq(budgetRequests.category, filters.category));
      if (filters.status) requestConditions.push(eq(budgetRequests.status, filters.status));

      // Named by the centre's clock, not UTC's (issue 30, point 8): the first of the caller's centres.
      const stamp = fileStamp(await scopeTimeZone(db, scope.centerIds), clock.now());
      const stream = new PassThrough();
      // Strings inline (a shared-strings table would hold every distinct text until the end), and
      // styles only for the few formats used; fast compression, as a large export is bound by it.
      const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
        stream,
        useSharedStrings: false,
        useStyles: true,
        zip: { zlib: { level: 1 } },
      });
      workbook.creator = "Sprout";
      workbook.created = clock.now();
      // A slow download holds the writer back instead of the rows piling up in memory.
      const pause = async (sheet: ExcelJS.Worksheet) => {
        await zipCaughtUp(sheet);
        if (stream.writableNeedDrain) await new Promise<void>((resolve) => stream.once("drain", resolve));
      };
      const written = (async () => {
        const expenseSheet = workbook.addWorksheet("Expenses", { views: [{ state: "frozen", ySplit: 1 }] });
        const centres = await db
          .select({ id: centers.id, name: centers.name })
          .from(centers)
          .where(inArray(centers.id, scope.centerIds))
          .orderBy(asc(centers.name));
        await writeExpenses(expenseSheet, and(...expenseConditions(caller, scope, filters)), centres, pause);
        expenseSheet.commit();
        const requestSheet = workbook.addWorksheet("Budget Requests", { views: [{ state: "frozen", ySplit: 1 }] });
        await writeRequests(requestSheet, and(...requestConditions), pause);
        requestSheet.commit();
        await workbook.commit();
      })();
      written.catch((error: unknown) => stream.destroy(error as Error));
      return { stream, fileName: `expenses_export_${stamp}.xlsx` };
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;

function totals(sheet: ExcelJS.Worksheet, column: string, rows: number, totalPaise: number) {
  const row = sheet.addRow([]);
  row.getCell(1).value = "Total";
  row.getCell(column).value = {
    formula: rows > 0 ? `SUM(${column}2:${column}${rows + 1})` : "0",
    result: toRupees(totalPaise),
  };
  row.getCell(column).numFmt = RUPEES;
  row.font = { bold: true };
  row.commit();
}
