import { useQuery } from "@tanstack/react-query";
import { verifySession } from "./api";

export const VERIFY_QUERY_KEY = ["auth", "verify"] as const;

/** One server check per page load, shared by the protected route and the sign-in page. */
export function useVerifiedSession(enabled: boolean) {
  return useQuery({
    queryKey: VERIFY_QUERY_KEY,
    queryFn: verifySession,
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
