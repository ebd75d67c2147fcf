import { center } from "@sprout/shared/schemas/centers";
import { type ChildEdit, childDetails, childHistory } from "@sprout/shared/schemas/child-edit";
import {
  type AssignRequest,
  childrenResponse,
  type ExitRequest,
  type PauseRequest,
  type PromoteRequest,
  pausedResponse,
  type ResumeRequest,
  type StudentStatus,
  studentActionResponse,
  studentMove,
  type TransferRequest,
} from "@sprout/shared/schemas/children";
import { classroom } from "@sprout/shared/schemas/classrooms";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";

export const useChildren = (query: {
  search: string;
  status: "all" | "enrolled" | StudentStatus;
  page: number;
  limit: number;
  centerId?: string;
}) =>
  useQuery({
    queryKey: ["children", "list", query],
    queryFn: () =>
      api.get("/admin/children", childrenResponse, {
        query: {
          search: query.search || undefined,
          status: query.status,
          page: query.page,
          limit: query.limit,
          center_id: query.centerId || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** A page of paused children (nearest end first) with the counts of the summary cards. */
export const usePausedStudents = (centerId: string | undefined, page: number, limit: number) =>
  useQuery({
    queryKey: ["children", "paused", centerId ?? "all", page, limit],
    queryFn: () => api.get("/students/paused", pausedResponse, { query: { center_id: centerId, page, limit } }),
    placeholderData: keepPreviousData,
  });

export const useCentres = () =>
  useQuery({ queryKey: ["centers"], queryFn: () => api.get("/centers", z.array(center)), staleTime: 60_000 });

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
  type Answer = z.infer<typeof studentActionResponse>;
  return {
    pause: useMutation<Answer, Error, { id: string; body: PauseRequest }>({
      mutationFn: ({ id, body }) => api.patch(`/students/${id}/pause`, body, studentActionResponse),
      onSuccess,
    }),
    resume: useMutation<Answer, Error, { id: string; body: ResumeRequest }>({
      mutationFn: ({ id, body }) => api.patch(`/students/${id}/resume`, body, studentActionResponse),
      onSuccess,
    }),
    exit: useMutation<Answer, Error, { id: string; body: ExitRequest }>({
      mutationFn: ({ id, body }) => api.post(`/students/${id}/exit`, body, studentActionResponse),
      onSuccess,
    }),
    assign: useMutation<Answer, Error, AssignRequest>({
      mutationFn: (body) => api.post("/admin-class/promotion/assign", body, studentActionResponse),
      onSuccess,
    }),
    promote: useMutation<Answer, Error, PromoteRequest>({
      mutationFn: (body) => api.post("/admin-class/promotion/promote", body, studentActionResponse),
      onSuccess,
    }),
    transfer: useMutation<Answer, Error, TransferRequest>({
      mutationFn: (body) => api.post("/admin-class/promotion/transfer", body, studentActionResponse),
      onSuccess,
    }),
  };
}

/** A child's page: record with guardians, history, moves; and the correction. */
export const useChildDetails = (id: string) =>
  useQuery({ queryKey: ["children", "details", id], queryFn: () => api.get(`/students/${id}/details`, childDetails) });

export const useChildHistory = (id: string) =>
  useQuery({ queryKey: ["children", "history", id], queryFn: () => api.get(`/students/${id}/history`, childHistory) });

export const useChildMoves = (id: string) =>
  useQuery({
    queryKey: ["children", "moves", id],
    queryFn: () => api.get(`/students/${id}/moves`, z.array(studentMove)),
  });

export const useAllClassrooms = () =>
  useQuery({ queryKey: ["classrooms", "all"], queryFn: () => api.get("/classrooms", z.array(classroom)) });

export function useEditChild(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChildEdit) => api.put(`/students/${id}`, body, childDetails),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["children"] }),
  });
}
