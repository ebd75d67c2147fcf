import type { BudgetPagination } from "@sprout/shared/schemas/budget";

/** Offset paging with one count: the page asked for, and its numbers for the answer. */
export function pageOf(page: number, limit: number) {
  return { offset: (page - 1) * limit, limit };
}

export function paginationOf(page: number, limit: number, total: number): BudgetPagination {
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / limit)),
    total_items: total,
    items_per_page: limit,
  };
}
