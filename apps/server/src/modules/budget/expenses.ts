import {
  BUDGET_MESSAGES,
  type BudgetCentre,
  type Expense,
  type ExpensesPage,
  type expenseInput,
  type expensesQuery,
  RECEIPT_MAX_BYTES,
} from "@sprout/shared/schemas/budget";
import { todayIn } from "@sprout/shared/schemas/children";
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { budgetRequests, expenseReceipts, expenses } from "../../db/schema/budget.ts";
import { centers } from "../../db/schema/organisations.ts";
import { reencodeIfImage } from "../../files/images.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import { toPaise } from "../../lib/money.ts";
import { pageOf, paginationOf } from "./pages.ts";
import { assert, chosenCentre, mayRequest, mayTrackExpenses } from "./policy.ts";
import { receiptPath, toExpense } from "./presenter.ts";

const RECEIPT_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);
const RECEIPT_PATH = /^\/api\/expenses\/receipts\/([0-9a-f-]{36})$/;

interface Deps {
  db: Database;
  clock: Clock;
  files: FileStore;
}

/** The expense filters shared by the list and the export: dates, category, the caller's centres. */
export function expenseConditions(
  caller: Caller,
  scope: Scope,
  filters: { start_date?: string; end_date?: string; category?: string },
): SQL[] {
  const conditions: SQL[] = [
    eq(expenses.organisationId, caller.organisationId),
    inArray(expenses.centerId, scope.centerIds),
  ];
  if (filters.start_date) conditions.push(gte(expenses.expenseDate, filters.start_date));
  if (filters.end_date) conditions.push(lte(expenses.expenseDate, filters.end_date));
  if (filters.category) conditions.push(eq(expenses.category, filters.category as Expense["category"]));
  return conditions;
}

/** Expenses and their receipts. */
export function createExpensesService({ db, clock, files }: Deps) {
  return {
    /** Stores a receipt (image re-encoded without its metadata, or a PDF) for the caller to log. */
    async uploadReceipt(caller: Caller, content: Buffer | undefined) {
      assert(mayTrackExpenses(caller));
      if (!content || content.length === 0)
        throw badRequest(BUDGET_MESSAGES.receiptRequired, { receipt: BUDGET_MESSAGES.receiptRequired });
      if (content.length > RECEIPT_MAX_BYTES)
        throw new HttpError(413, "FILE_TOO_LARGE", BUDGET_MESSAGES.receiptTooLarge);
      const kind = sniff(content);
      if (!kind || !RECEIPT_TYPES.has(kind.mime))
        throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", BUDGET_MESSAGES.receiptType);
      const stored = await reencodeIfImage(content, kind.mime);
      const storedName = await files.save(stored, kind.ext);
      try {
        const [row] = await db
          .insert(expenseReceipts)
          .values({
            storedName,
            mimeType: kind.mime,
            sizeBytes: stored.length,
            uploadedBy: caller.userId,
            uploadedAt: clock.now(),
          })
          .returning({ id: expenseReceipts.id });
        return { id: row!.id, path: receiptPath(row!.id) };
      } catch (error) {
        await files.remove(storedName);
        throw error;
      }
    },

    /**
     * A receipt opens for whoever may see its expense's centre; one not yet tied to an expense
     * only for the person who uploaded it.
     */
    async openReceipt(caller: Caller, id: string) {
      assert(mayTrackExpenses(caller));
      const scope = await caller.scope();
      const [row] = await db
        .select({ receipt: expenseReceipts, centerId: expenses.centerId })
        .from(expenseReceipts)
        .leftJoin(expenses, eq(expenses.receiptId, expenseReceipts.id))
        .where(eq(expenseReceipts.id, id));
      const visible =
        row && (row.centerId ? scope.centerIds.includes(row.centerId) : row.receipt.uploadedBy === caller.userId);
      if (!row || !visible) throw notFound("Receipt");
      return {
        mimeType: row.receipt.mimeType,
        size: row.receipt.sizeBytes,
        stream: files.open(row.receipt.storedName),
      };
    },

    async log(caller: Caller, input: z.output<typeof expenseInput>): Promise<Expense> {
      assert(mayTrackExpenses(caller));
      const scope = await caller.scope();
      const centerId = chosenCentre(caller, scope, input.center_id);
      const [centre] = await db
        .select({ name: centers.name, timeZone: centers.timeZone })
        .from(centers)
        .where(eq(centers.id, centerId));
      const today = todayIn(centre!.timeZone, clock.now());
      const date = input.date ?? today;
      if (date > today) throw badRequest(BUDGET_MESSAGES.dateFuture, { date: BUDGET_MESSAGES.dateFuture });
      const receiptId = input.receipt_image_url ? RECEIPT_PATH.exec(input.receipt_image_url)?.[1] : undefined;
      if (input.receipt_image_url && !receiptId)
        throw badRequest(BUDGET_MESSAGES.receiptUnknown, { receipt_image_url: BUDGET_MESSAGES.receiptUnknown });
      const row = await db.transaction(async (tx) => {
        if (receiptId) {
          // Only one's own receipt, not yet on another expense (the unique column backs this up).
          const [free] = await tx
            .select({ id: expenseReceipts.id })
            .from(expenseReceipts)
            .leftJoin(expenses, eq(expenses.receiptId, expenseReceipts.id))
            .where(
              and(
                eq(expenseReceipts.id, receiptId),
                eq(expenseReceipts.uploadedBy, caller.userId),
                isNull(expenses.id),
              ),
            );
          if (!free)
            throw badRequest(BUDGET_MESSAGES.receiptUnknown, { receipt_image_url: BUDGET_MESSAGES.receiptUnknown });
        }
        if (input.request_id) {
          const [request] = await tx
            .select({ id: budgetRequests.id })
            .from(budgetRequests)
            .where(
              and(
                eq(budgetRequests.id, input.request_id),
                eq(budgetRequests.centerId, centerId),
                eq(budgetRequests.status, "approved"),
              ),
            );
          if (!request)
            throw badRequest(BUDGET_MESSAGES.requestNotApproved, { request_id: BUDGET_MESSAGES.requestNotApproved });
        }
        const [created] = await tx
          .insert(expenses)
          .values({
            organisationId: caller.organisationId,
            centerId,
            expenseDate: date,
            amountPaise: toPaise(input.amount),
            category: input.category,
            subcategory: input.subcategory,
            description: input.description,
            paymentMode: input.payment_mode,
            vendor: input.vendor,
            gstNumber: input.GST ?? null,
            receiptId: receiptId ?? null,
            requestId: input.request_id ?? null,
            loggedBy: caller.userId,
            createdAt: clock.now(),
          })
          .returning();
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "expense.logged",
          entity: "expense",
          entityId: created!.id,
          after: input,
        });
        return created!;
      });
      return toExpense({ ...row, centerName: centre!.name });
    },

    /** The centres the caller logs expenses or raises requests for, with the time zone that says what "today" is. */
    async centres(caller: Caller): Promise<BudgetCentre[]> {
      assert(mayTrackExpenses(caller) || mayRequest(caller));
      const scope = await caller.scope();
      if (scope.centerIds.length === 0) return [];
      return db
        .select({ id: centers.id, name: centers.name, time_zone: centers.timeZone })
        .from(centers)
        .where(and(eq(centers.organisationId, caller.organisationId), inArray(centers.id, scope.centerIds)))
        .orderBy(asc(centers.name));
    },

    /** A page of the caller's centres' expenses, latest first (the Recent Expenses table is page 1). */
    async list(caller: Caller, query: z.output<typeof expensesQuery>): Promise<ExpensesPage> {
      assert(mayTrackExpenses(caller));
      const where = and(...expenseConditions(caller, await caller.scope(), query));
      const { offset, limit } = pageOf(query.page, query.limit);
      const [rows, [total]] = await Promise.all([
        db
          .select({ expense: expenses, centerName: centers.name })
          .from(expenses)
          .innerJoin(centers, eq(centers.id, expenses.centerId))
          .where(where)
          .orderBy(desc(expenses.expenseDate), desc(expenses.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(expenses).where(where),
      ]);
      return {
        expenses: rows.map((row) => toExpense({ ...row.expense, centerName: row.centerName })),
        pagination: paginationOf(query.page, query.limit, total?.total ?? 0),
      };
    },
  };
}
export type ExpensesService = ReturnType<typeof createExpensesService>;
