import type { LIST_PAGE_SIZES } from "@sprout/shared/schemas/primitives";
import { useState } from "react";
import { useDebouncedValue } from "../useDebouncedValue";

/**
 * The state of a list paged and searched on the server: the text in the search box, the search
 * sent (a moment after typing stops) and the page. A new search or page size starts at page 1.
 */
export function usePaging(initialLimit: (typeof LIST_PAGE_SIZES)[number] = 25) {
  const [typed, setTyped] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(initialLimit);
  const search = useDebouncedValue(typed.trim());
  const [searched, setSearched] = useState(search);
  // The page goes back to 1 in the same render as the new search, so no stale page is fetched.
  if (searched !== search) {
    setSearched(search);
    setPage(1);
  }
  const query: { page: number; limit: number; search?: string } = { page, limit, ...(search && { search }) };
  return {
    typed,
    setTyped,
    search,
    page,
    setPage,
    limit,
    setLimit: (next: number) => {
      setLimit(next);
      setPage(1);
    },
    /** Back to the first page (a filter beside the search changed). */
    restart: () => setPage(1),
    query,
  };
}
export type Paging = ReturnType<typeof usePaging>;
/** What a paged list sends the server. */
export type PageQuery = Paging["query"];
