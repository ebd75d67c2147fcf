import {
  type ApprovalInput,
  type ApprovalStatus,
  type BudgetLimitInput,
  type BudgetPagination,
  type BudgetRequestInput,
  budgetCentres,
  budgetLimit,
  budgetLimitsPage,
  budgetRequest,
  budgetRequestCreated,
  budgetRequestsPage,
  type ExpenseInput,
  expense,
  expensesPage,
  financeDashboard,
  quoteUploaded,
  receiptUploaded,
} from "@sprout/shared/schemas/budget";
import type { ListPagination } from "@sprout/shared/schemas/primitives";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiDownload, saveDownload } from "../../api/client";
import type { ExportFilters } from "./FilterBar";

const BUDGET_KEY = ["budget"] as const;

export const useFinanceDashboard = () =>
  useQuery({
    queryKey: [...BUDGET_KEY, "dashboard"],
    queryFn: () => api.get("/financial-manager/dashboard", financeDashboard),
  });

export const useBudgetLimits = (page: number, limit: number, search: string) =>
  useQuery({
    queryKey: [...BUDGET_KEY, "limits", page, limit, search],
    queryFn: ({ signal }) =>
      api.get("/financial-manager/budget-limits", budgetLimitsPage, {
        signal,
        query: { page, limit, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useBudgetRequests = (status: ApprovalStatus | undefined, page = 1, limit = 10) =>
  useQuery({
    queryKey: [...BUDGET_KEY, "requests", status ?? "all", page, limit],
    queryFn: () => api.get("/budget/requests", budgetRequestsPage, { query: { status, page, limit } }),
    placeholderData: keepPreviousData,
  });

/** Pending Approvals: the waiting requests the caller may decide, longest waiting first, a page at a time. */
export const usePendingApprovals = (page: number, limit: number) =>
  useQuery({
    queryKey: [...BUDGET_KEY, "requests", "to-decide", page, limit],
    queryFn: () => api.get("/budget/requests", budgetRequestsPage, { query: { to_decide: "true", page, limit } }),
    placeholderData: keepPreviousData,
  });

/** The latest decisions on the caller's centres' requests (the finance notifications). */
export const useRecentDecisions = (enabled: boolean) =>
  useQuery({
    queryKey: [...BUDGET_KEY, "requests", "decided"],
    queryFn: () => api.get("/budget/requests", budgetRequestsPage, { query: { decided: "true", limit: 10 } }),
    enabled,
  });

/** The centres the caller keeps books for, with the time zone that says what "today" is there. */
export const useBudgetCentres = () =>
  useQuery({
    queryKey: [...BUDGET_KEY, "centres"],
    queryFn: () => api.get("/budget/centres", budgetCentres),
    staleTime: 5 * 60_000,
  });

/** The expenses, newest first, a page at a time. */
export const useRecentExpenses = (page: number, limit: number) =>
  useQuery({
    queryKey: [...BUDGET_KEY, "expenses", "recent", page, limit],
    queryFn: () => api.get("/expenses", expensesPage, { query: { page, limit } }),
    placeholderData: keepPreviousData,
  });

/** The budget area's paging answer as the shared table reads it. */
export const budgetPagination = (pagination: BudgetPagination): ListPagination => ({
  page: pagination.current_page,
  limit: pagination.items_per_page,
  total: pagination.total_items,
  totalPages: pagination.total_pages,
});

export function useBudgetMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: BUDGET_KEY });
  return {
    saveLimit: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: BudgetLimitInput }) =>
        id
          ? api.put(`/financial-manager/budget-limits/${id}`, body, budgetLimit)
          : api.post("/financial-manager/budget-limits", body, budgetLimit),
      onSuccess: refresh,
    }),
    decide: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ApprovalInput }) =>
        api.put(`/financial-manager/approvals/${id}`, body, budgetRequest),
    }),
    raise: useMutation({
      mutationFn: async ({ body, quote }: { body: BudgetRequestInput; quote: File | null }) => {
        let quoteId: string | undefined;
        if (quote) {
          const form = new FormData();
          form.append("quote", quote);
          quoteId = (await api.post("/budget/quotes", form, quoteUploaded)).id;
        }
        return api.post("/budget/requests", { ...body, quote_id: quoteId }, budgetRequestCreated);
      },
      onSuccess: refresh,
    }),
    logExpense: useMutation({
      mutationFn: async ({ body, receipt }: { body: ExpenseInput; receipt: File | null }) => {
        let receiptPath: string | undefined;
        if (receipt) {
          const form = new FormData();
          form.append("receipt", receipt);
          receiptPath = (await api.post("/expenses/upload-receipt", form, receiptUploaded)).path;
        }
        return api.post("/expenses/log", { ...body, receipt_image_url: receiptPath }, expense);
      },
      onSuccess: refresh,
    }),
    refresh,
  };
}

/** Downloads the Export Expenses workbook for the filter bar's choices. */
export async function exportExpenses(filters: ExportFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;
  const file = await apiDownload("/expenses/export", { query });
  saveDownload(file, "expenses_export.xlsx");
}

/** Opens a stored file (a receipt or a quote) in a new tab, fetched with the session's headers. */
export async function openFile(path: string) {
  const opened = window.open("", "_blank");
  const file = await apiDownload(path.replace(/^\/api/, ""));
  const url = URL.createObjectURL(file.blob);
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
