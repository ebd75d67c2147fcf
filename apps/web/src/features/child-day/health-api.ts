import {
  type DoseInput,
  digestPreference,
  healthRecord,
  type ImmunisationInput,
  type MedicationInput,
  type StandingInput,
} from "@sprout/shared/schemas/child-health";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { showAnswer } from "../../api/queryClient";

/** Under the child-day key, so a `child-day-update` event refetches the record too. */
const KEY = ["child-day", "health"] as const;

export function useHealthRecord(childId: string | null) {
  return useQuery({
    queryKey: [...KEY, childId],
    queryFn: ({ signal }) => api.get(`/child-health/${childId}`, healthRecord, { signal }),
    enabled: childId !== null,
  });
}

/** Every change answers with the record; the day views and tiles refetch as well (doses, notes). */
export function useHealthChanges(childId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ["child-day"] });
  return {
    addStanding: useMutation({
      mutationFn: (input: StandingInput) => api.post(`/child-health/${childId}/standing`, input, healthRecord),
      onSuccess,
    }),
    removeStanding: useMutation({
      mutationFn: (id: string) => api.delete(`/child-health/standing/${id}`, healthRecord),
      onSuccess,
    }),
    addMedication: useMutation({
      mutationFn: (input: MedicationInput) => api.post(`/child-health/${childId}/medications`, input, healthRecord),
      onSuccess,
    }),
    withdraw: useMutation({
      mutationFn: (id: string) => api.post(`/child-health/medications/${id}/withdraw`, undefined, healthRecord),
      onSuccess,
    }),
    giveDose: useMutation({
      mutationFn: ({ id, input }: { id: string; input: DoseInput }) =>
        api.post(`/child-health/medications/${id}/doses`, input, healthRecord),
      onSuccess,
    }),
    addImmunisation: useMutation({
      mutationFn: (input: ImmunisationInput) => api.post(`/child-health/${childId}/immunisations`, input, healthRecord),
      onSuccess,
    }),
    removeImmunisation: useMutation({
      mutationFn: (id: string) => api.delete(`/child-health/immunisations/${id}`, healthRecord),
      onSuccess,
    }),
  };
}

export function useDigestPreference() {
  const queryClient = useQueryClient();
  const key = ["parents", "digest"];
  return {
    preference: useQuery({
      queryKey: key,
      queryFn: ({ signal }) => api.get("/parents/digest", digestPreference, { signal }),
    }),
    change: useMutation({
      mutationFn: (daily_digest: boolean) => api.put("/parents/digest", { daily_digest }, digestPreference),
      onSuccess: (answer) => showAnswer(queryClient, key, answer),
    }),
  };
}
