import {
  type AssignRequest,
  childrenResponse,
  type ExitRequest,
  type PauseRequest,
  type PromoteRequest,
  type ResumeRequest,
  type StudentStatus,
  student,
  studentActionResponse,
  type TransferRequest,
} from "@sprout/shared/schemas/children";
import { center } from "@sprout/shared/schemas/centers";
import { classroom } from "@sprout/shared/schemas/classrooms";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";

export const useChildren = (query: { search: string; status: "all" | StudentStatus; page: number; limit: number; centerId?: string }) =>
  useQuery({
    queryKey: ["children", "list", query],
    queryFn: () =>
      api.get("/admin/children", childrenResponse, {
        query: { search: query.search || undefined, status: query.status, page: query.page, limit: query.limit, center_id: query.centerId || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const usePausedStudents = (centerId?: string) =>
  useQuery({
    queryKey: ["children", "paused", centerId ?? "all"],
    queryFn: () => api.get("/students/paused", z.array(student), { query: { center_id: centerId } }),
  });

export const useCentres = () => useQuery({ queryKey: ["centers"], queryFn: () => api.get("/centers", z.array(center)), staleTime: 60_000 });

export const useCentreClassrooms = (centerId: string | undefined) =>
  useQuery({
    queryKey: ["classrooms", "of-centre", centerId],
    queryFn: () => api.get("/classrooms", z.array(classroom), { query: { center_id: centerId } }),
    enabled: Boolean(centerId),
  });

/** Every change to a child refreshes the lists, the paused list and the counts on the dashboard. */
export function useStudentActions() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["children"] }),
      queryClient.invalidateQueries({ queryKey: ["classrooms"] }),
      queryClient.invalidateQueries({ queryKey: ["centers"] }),
    ]);
  const action = <T,>(call: (input: T) => Promise<z.infer<typeof studentActionResponse>>) => useMutation({ mutationFn: call, onSuccess });
  return {
    pause: action(({ id, body }: { id: string; body: PauseRequest }) => api.patch(`/students/${id}/pause`, body, studentActionResponse)),
    resume: action(({ id, body }: { id: string; body: ResumeRequest }) => api.patch(`/students/${id}/resume`, body, studentActionResponse)),
    exit: action(({ id, body }: { id: string; body: ExitRequest }) => api.post(`/students/${id}/exit`, body, studentActionResponse)),
    assign: action((body: AssignRequest) => api.post("/admin-class/promotion/assign", body, studentActionResponse)),
    promote: action((body: PromoteRequest) => api.post("/admin-class/promotion/promote", body, studentActionResponse)),
    transfer: action((body: TransferRequest) => api.post("/admin-class/promotion/transfer", body, studentActionResponse)),
  };
}
