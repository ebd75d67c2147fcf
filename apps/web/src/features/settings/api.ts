import {
  type CreateCompanyRequest,
  type CreateProgramRequest,
  company,
  program,
} from "@sprout/shared/schemas/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";

export const usePrograms = () =>
  useQuery({ queryKey: ["settings", "programs"], queryFn: () => api.get("/settings/programs", z.array(program)) });
export const useCompanies = () =>
  useQuery({ queryKey: ["settings", "companies"], queryFn: () => api.get("/settings/companies", z.array(company)) });

export function useSettingsMutations() {
  const queryClient = useQueryClient();
  return {
    addProgram: useMutation({
      mutationFn: (body: CreateProgramRequest) => api.post("/settings/programs", body, program),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ["settings", "programs"] }),
    }),
    addCompany: useMutation({
      mutationFn: (body: CreateCompanyRequest) => api.post("/settings/companies", body, company),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ["settings", "companies"] }),
    }),
  };
}
