import type { BudgetLimit, BudgetRequest, Expense, PendingApproval } from "@sprout/shared/schemas/budget";
import type { budgetLimits, budgetRequests, expenses } from "../../db/schema/budget.ts";
import { toRupees } from "../../lib/money.ts";

type LimitRow = typeof budgetLimits.$inferSelect;
type RequestRow = typeof budgetRequests.$inferSelect;
type ExpenseRow = typeof expenses.$inferSelect;

export const fiscalYearLabel = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
export const receiptPath = (receiptId: string) => `/api/expenses/receipts/${receiptId}`;
export const quotePath = (quoteId: string) => `/api/budget/quotes/${quoteId}`;
const quoteOf = (quoteId: string | null, name: string | null) =>
  quoteId && name ? { url: quotePath(quoteId), name } : null;

export function toBudgetLimit(row: LimitRow & { centerName: string }): BudgetLimit {
  return {
    id: row.id,
    center_id: row.centerId,
    center_name: row.centerName,
    role: row.role,
    approval_limit: toRupees(row.approvalLimitPaise),
    used_amount: toRupees(row.usedPaise),
    fiscal_year: fiscalYearLabel(row.fiscalYear),
    is_active: row.isActive,
    category: row.category,
    notes: row.notes,
  };
}

export function toBudgetRequest(
  row: RequestRow & {
    centerName: string;
    requesterName: string;
    deciderName: string | null;
    spentPaise: number;
    quoteName: string | null;
  },
): BudgetRequest {
  return {
    id: row.id,
    center_id: row.centerId,
    center_name: row.centerName,
    description: row.description,
    amount: toRupees(row.amountPaise),
    category: row.category,
    justification: row.justification,
    requester_name: row.requesterName,
    fiscal_year: fiscalYearLabel(row.fiscalYear),
    status: row.status,
    auto_approved: row.limitId !== null,
    decided_by_name: row.deciderName,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_notes: row.decisionNotes,
    spent_amount: toRupees(row.spentPaise),
    quote: quoteOf(row.quoteId, row.quoteName),
    created_at: row.createdAt.toISOString(),
  };
}

export function toPendingApproval(
  row: RequestRow & { centerName: string; requesterName: string; quoteName: string | null },
): PendingApproval {
  return {
    id: row.id,
    description: row.description,
    amount: toRupees(row.amountPaise),
    category: row.category,
    requester_name: row.requesterName,
    justification: row.justification,
    center_name: row.centerName,
    quote: quoteOf(row.quoteId, row.quoteName),
    created_at: row.createdAt.toISOString(),
  };
}

export function toExpense(row: ExpenseRow & { centerName: string }): Expense {
  return {
    expense_id: row.id,
    center_id: row.centerId,
    center_name: row.centerName,
    date: row.expenseDate,
    amount: toRupees(row.amountPaise),
    description: row.description,
    category: row.category,
    subcategory: row.subcategory,
    payment_mode: row.paymentMode,
    vendor: row.vendor,
    receipt_image_url: row.receiptId ? receiptPath(row.receiptId) : null,
    GST: row.gstNumber,
    request_id: row.requestId,
    recurring: "No",
  };
}
