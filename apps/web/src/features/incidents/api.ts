import {
  type CreateIncidentInput,
  childOption,
  type IncidentReviewInput,
  type IncidentsQuery,
  incidentReviewSetting,
  incidentsPage,
  parentIncident,
  parentIncidentsPage,
  staffIncident,
} from "@sprout/shared/schemas/incidents";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { api } from "../../api/client";
import { showAnswer } from "../../api/queryClient";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["incidents"] as const;

export function useIncidents(query: IncidentsQuery) {
  const queryClient = useQueryClient();
  // A new report from a colleague, a report shared or a parent's acknowledgement shows without a reload.
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
  useRealtimeEvent("new-incident", refetch);
  useRealtimeEvent("incident-update", refetch);
  return useQuery({
    queryKey: [...KEY, "list", query],
    queryFn: () =>
      api.get("/incidents", incidentsPage, { query: query as Record<string, string | number | undefined> }),
  });
}

export const useIncident = (id: string | null) =>
  useQuery({
    queryKey: [...KEY, "one", id],
    queryFn: () => api.get(`/incidents/${id}`, staffIncident),
    enabled: id !== null,
  });

export const useChildOptions = (search: string) =>
  useQuery({
    queryKey: [...KEY, "children", search],
    queryFn: () => api.get("/incidents/children", z.array(childOption), { query: { search } }),
  });

export function useIncidentMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    create: useMutation({
      mutationFn: (input: CreateIncidentInput) => api.post("/incidents", input, staffIncident),
      onSuccess,
    }),
    resolve: useMutation({
      mutationFn: ({ id, notes }: { id: string; notes: string }) =>
        api.post(`/incidents/${id}/resolve`, { resolution_notes: notes }, staffIncident),
      onSuccess,
    }),
    notifyParents: useMutation({
      mutationFn: (id: string) => api.post(`/incidents/${id}/notify-parents`, undefined, staffIncident),
      onSuccess,
    }),
    addPhoto: useMutation({
      mutationFn: ({ id, file }: { id: string; file: File }) => {
        const form = new FormData();
        form.append("photo", file);
        return api.post(`/incidents/${id}/photos`, form, staffIncident);
      },
      onSuccess,
    }),
  };
}

export function useParentIncidents(page: number) {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
  useRealtimeEvent("incident-report", refetch);
  return useQuery({
    queryKey: [...KEY, "parent", page],
    queryFn: () => api.get("/parents/incidents", parentIncidentsPage, { query: { page, limit: 10 } }),
  });
}

export function useAcknowledgeIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/parents/incidents/${id}/acknowledge`, undefined, parentIncident),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

const reviewKey = (centreId: string | null) => [...KEY, "review-setting", centreId] as const;

/** Whether the centre's reports wait for a manager's review before parents see them. */
export const useReviewSetting = (centreId: string | null) =>
  useQuery({
    queryKey: reviewKey(centreId),
    queryFn: ({ signal }) =>
      api.get("/incidents/review-setting", incidentReviewSetting, { signal, query: { center_id: centreId! } }),
    enabled: centreId !== null,
  });

export function useChangeReviewSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IncidentReviewInput) => api.put("/incidents/review-setting", input, incidentReviewSetting),
    onSuccess: (answer) => showAnswer(queryClient, reviewKey(answer.center_id), answer),
  });
}
