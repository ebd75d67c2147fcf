import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "./errors";

/** A 4xx will not change by asking again; anything else gets two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * Shows a write's answer as the query's data. A read of the same data that left before the write
 * (a live update's refetch, say) and came back after it would otherwise put the old data back,
 * with nothing to fetch it again: a removed photo stayed on a parent's pick-up list.
 */
export async function showAnswer(client: QueryClient, queryKey: QueryKey, answer: unknown): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, answer);
}
