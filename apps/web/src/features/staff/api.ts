import { center } from "@sprout/shared/schemas/centers";
import {
  type CreateStaffRequest,
  type StaffExitRequest,
  staffChangeResponse,
  staffListResponse,
  type UpdateStaffRequest,
} from "@sprout/shared/schemas/staff";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";
import type { PageQuery } from "../../components/PagedTable/usePaging";

/** A page of staff (of one centre, or of all the caller's), searched on the server. */
export const useStaff = (centerId: string, query: PageQuery) =>
  useQuery({
    queryKey: ["staff", centerId, query],
    queryFn: () => api.get(centerId ? `/staff/center/${centerId}` : "/staff", staffListResponse, { query }),
    placeholderData: keepPreviousData,
  });

/** The centres the caller may see (the centres area's list). */
export const useStaffCentres = () =>
  useQuery({ queryKey: ["centers"], queryFn: () => api.get("/centers", z.array(center)), staleTime: 300_000 });

export function useStaffMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["staff"] });
  return {
    create: useMutation({
      mutationFn: (body: CreateStaffRequest) => api.post("/staff", body, staffChangeResponse),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateStaffRequest }) =>
        api.put(`/staff/${id}`, body, staffChangeResponse),
      onSuccess: refresh,
    }),
    exit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: StaffExitRequest }) =>
        api.post(`/staff/${id}/exit`, body, staffChangeResponse),
      onSuccess: refresh,
    }),
  };
}
