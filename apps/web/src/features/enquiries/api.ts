import { admissionResponse } from "@sprout/shared/schemas/admissions";
import { center } from "@sprout/shared/schemas/centers";
import { classroom } from "@sprout/shared/schemas/classrooms";
import { type EnquiriesQuery, enquiriesPage, enquiry } from "@sprout/shared/schemas/enquiries";
import { checkCompanyResponse, company, groupPrograms, program } from "@sprout/shared/schemas/settings";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { z } from "zod";
import { api } from "../../api/client";

export const useEnquiries = (query: EnquiriesQuery) =>
  useQuery({
    queryKey: ["enquiries", query],
    queryFn: () =>
      api.get(
        `/enquiries?${new URLSearchParams(
          Object.entries(query)
            .filter(([, v]) => v !== undefined && v !== "")
            .map(([k, v]) => [k, String(v)]),
        )}`,
        enquiriesPage,
      ),
    placeholderData: keepPreviousData,
  });

export const usePrograms = () =>
  useQuery({
    queryKey: ["settings", "programs"],
    queryFn: () => api.get("/settings/programs", z.array(program)),
    select: (rows) => ({ rows, groups: groupPrograms(rows) }),
    staleTime: 60_000,
  });

export const useCompanies = (enabled = true) =>
  useQuery({
    queryKey: ["settings", "companies"],
    queryFn: () => api.get("/settings/companies", z.array(company)),
    enabled,
  });

export const useCentres = (enabled: boolean) =>
  useQuery({ queryKey: ["centers"], queryFn: () => api.get("/centers", z.array(center)), staleTime: 300_000, enabled });

export const useClassrooms = (centerId: string | undefined) =>
  useQuery({
    queryKey: ["classrooms", centerId],
    queryFn: () => api.get(`/classrooms?center_id=${centerId}`, z.array(classroom)),
    enabled: Boolean(centerId),
  });

/** The tie-up check, asked once the company name has stopped changing for a moment. */
export function useTieUp(name: string) {
  const [settled, setSettled] = useState(name.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(name.trim()), 400);
    return () => clearTimeout(timer);
  }, [name]);
  return useQuery({
    queryKey: ["tie-up", settled.toLowerCase()],
    queryFn: () => api.get(`/enquiries/check-company?name=${encodeURIComponent(settled)}`, checkCompanyResponse),
    enabled: settled.length >= 2,
    staleTime: 60_000,
  });
}

export function useEnquiryMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["enquiries"] });
    void queryClient.invalidateQueries({ queryKey: ["analytics"] });
  };
  return {
    create: useMutation({ mutationFn: (body: unknown) => api.post("/enquiries", body, enquiry), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: unknown }) => api.put(`/enquiries/${id}`, body, enquiry),
      onSuccess: refresh,
    }),
    convert: useMutation({
      mutationFn: ({ id, body }: { id: string; body: unknown }) =>
        api.post(`/admissions/convert/${id}`, body, admissionResponse),
      onSuccess: () => {
        refresh();
        void queryClient.invalidateQueries({ queryKey: ["children"] });
      },
    }),
  };
}

/** Today's date in the browser (YYYY-MM-DD), which the form's date rules use. */
export function browserToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
