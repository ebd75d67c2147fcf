import type { ListPagination } from "@sprout/shared/schemas/primitives";

/** `text` as a LIKE pattern that matches it literally anywhere (%, _ and \ lose their meaning). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The pagination block of a page of `limit` rows out of `total`. */
export const paginationOf = (query: { page: number; limit: number }, total: number): ListPagination => ({
  page: query.page,
  limit: query.limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / query.limit)),
});
