import { acknowledgementsPage, policiesPage, policy, remindResult } from "@sprout/shared/schemas/policies";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

const KEY = ["policies"] as const;

export function usePolicies(page: number) {
  return useQuery({
    queryKey: [...KEY, "list", page],
    queryFn: ({ signal }) => api.get("/policies", policiesPage, { signal, query: { page, limit: 12 } }),
    placeholderData: keepPreviousData,
  });
}

export function useAcknowledgements(id: string, status: string, page: number) {
  return useQuery({
    queryKey: [...KEY, "acknowledgements", id, status, page],
    queryFn: ({ signal }) =>
      api.get(`/policies/${id}/acknowledgements`, acknowledgementsPage, {
        signal,
        query: { status, page: page + 1, limit: 10 },
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
