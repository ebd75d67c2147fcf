import { linkDecisionResponse, linkRequestsResponse } from "@sprout/shared/schemas/link-requests";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

/** Children a centre asks to link to this sign-in (an admission gave this parent's e-mail). */
export function useLinkRequests() {
  return useQuery({
    queryKey: ["parents", "link-requests"],
    queryFn: ({ signal }) => api.get("/parents/link-requests", linkRequestsResponse, { signal }),
  });
}

export function useAnswerLinkRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "accept" | "decline" }) =>
      api.post(`/parents/link-requests/${id}/${decision}`, undefined, linkDecisionResponse),
    // An accepted child joins "my children"; the request leaves the list either way.
    onSuccess: () => client.invalidateQueries({ queryKey: ["parents"] }),
  });
}
