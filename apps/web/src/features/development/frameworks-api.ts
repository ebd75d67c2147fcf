import {
  type CompetenciesQuery,
  competenciesPage,
  type DevelopmentSettingsInput,
  developmentSettings,
  frameworkDetail,
  frameworksPage,
} from "@sprout/shared/schemas/development/frameworks-api";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { showAnswer } from "../../api/queryClient";

const KEY = ["development"] as const;

/** The frameworks the organisation may use (the built-in one and its own). */
export const useFrameworks = () =>
  useQuery({
    queryKey: [...KEY, "frameworks"],
    queryFn: ({ signal }) => api.get("/development/frameworks", frameworksPage, { signal, query: { limit: 100 } }),
  });

/** One framework whole: domains → goals → competencies. */
export const useFramework = (key: string | null) =>
  useQuery({
    queryKey: [...KEY, "framework", key],
    queryFn: ({ signal }) =>
      api.get(`/development/frameworks/${encodeURIComponent(key!)}`, frameworkDetail, { signal }),
    enabled: Boolean(key),
    staleTime: 5 * 60_000,
  });

/** The centre's framework and its names for the levels. */
export const useDevelopmentSettings = (centerId: string | null) =>
  useQuery({
    queryKey: [...KEY, "settings", centerId],
    queryFn: ({ signal }) => api.get(`/centers/${centerId}/development-settings`, developmentSettings, { signal }),
    enabled: Boolean(centerId),
  });

export function useSaveDevelopmentSettings(centerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DevelopmentSettingsInput) =>
      api.put(`/centers/${centerId}/development-settings`, body, developmentSettings),
    onSuccess: async (saved) => {
      await showAnswer(queryClient, [...KEY, "settings", saved.center_id], saved);
      void queryClient.invalidateQueries({ queryKey: [...KEY, "competencies"] });
    },
  });
}

export function useAddFramework() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.post("/development/frameworks", form, frameworkDetail);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, "frameworks"] }),
  });
}

/** The competency search the pickers ask as the teacher types (the caller debounces `q`). */
export const useCompetencySearch = (query: CompetenciesQuery, enabled = true) =>
  useQuery({
    queryKey: [...KEY, "competencies", query],
    queryFn: ({ signal }) =>
      api.get("/development/competencies", competenciesPage, {
        signal,
        query: {
          center_id: query.center_id,
          child_id: query.child_id,
          q: query.q || undefined,
          domain: query.domain,
          limit: typeof query.limit === "number" ? query.limit : 50,
        },
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
