import { assignment, assignmentsPage, submission, submissionRoster } from "@sprout/shared/schemas/assignments";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

const KEY = ["assignments"] as const;

export function useAssignments(page: number, classroomId: string) {
  return useQuery({
    queryKey: [...KEY, "list", page, classroomId],
    queryFn: ({ signal }) =>
      api.get("/assignments", assignmentsPage, {
        signal,
        query: { page, limit: 12, classroom_id: classroomId || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Who in the room has and has not submitted. */
export function useRoster(assignmentId: string) {
  return useQuery({
    queryKey: [...KEY, "roster", assignmentId],
    queryFn: ({ signal }) => api.get(`/assignments/${assignmentId}/submissions`, submissionRoster, { signal }),
  });
}

export function useAssignmentMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
        id ? api.put(`/assignments/${id}`, form, assignment) : api.post("/assignments", form, assignment),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/assignments/${id}`), onSuccess }),
    submit: useMutation({
      mutationFn: ({ id, form }: { id: string; form: FormData }) =>
        api.post(`/assignments/${id}/submit`, form, assignment),
      onSuccess,
    }),
    comment: useMutation({
      mutationFn: ({ id, submissionId, comment }: { id: string; submissionId: string; comment: string }) =>
        api.put(`/assignments/${id}/submissions/${submissionId}/comment`, { comment }, submission),
      onSuccess,
    }),
  };
}
