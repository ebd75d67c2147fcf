import type { NotificationEvent } from "@sprout/shared/realtime/events";
import { acknowledgementsPage, policiesPage, policy, remindResult } from "@sprout/shared/schemas/policies";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../api/client";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["policies"] as const;

export function usePolicies(page: number) {
  return useQuery({
    queryKey: [...KEY, "list", page],
    queryFn: ({ signal }) => api.get("/policies", policiesPage, { signal, query: { page, limit: 12 } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * How many policies wait for the signed-in person's acknowledgement (the navigation's badge): the
 * first page of the list, shared with the Policies screen, refreshed when a policy rings the bell.
 */
export function usePendingPolicies(): number {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    (event: NotificationEvent) => {
      if (event.kind === "policy") void queryClient.invalidateQueries({ queryKey: [...KEY, "list"] });
    },
    [queryClient],
  );
  useRealtimeEvent("notification", refetch);
  return usePolicies(1).data?.pending ?? 0;
}

export function useAcknowledgements(id: string, version: number, status: string, page: number) {
  return useQuery({
    queryKey: [...KEY, "acknowledgements", id, version, status, page],
    queryFn: ({ signal }) =>
      api.get(`/policies/${id}/acknowledgements`, acknowledgementsPage, {
        signal,
        query: { version, status, page: page + 1, limit: 10 },
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePolicyMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
        id ? api.put(`/policies/${id}`, form, policy) : api.post("/policies", form, policy),
      onSuccess,
    }),
    acknowledge: useMutation({
      mutationFn: (id: string) => api.post(`/policies/${id}/acknowledge`, undefined, policy),
      onSuccess,
    }),
    remind: useMutation({
      mutationFn: (id: string) => api.post(`/policies/${id}/remind`, undefined, remindResult),
      onSuccess,
    }),
  };
}
