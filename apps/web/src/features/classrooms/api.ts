import { type ClassroomInput, type CreateClassroomRequest, classroom } from "@sprout/shared/schemas/classrooms";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";

export const useClassrooms = () =>
  useQuery({ queryKey: ["classrooms", "managed"], queryFn: () => api.get("/admin/classrooms", z.array(classroom)) });

export function useClassroomMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["classrooms"] }),
      queryClient.invalidateQueries({ queryKey: ["centers"] }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: CreateClassroomRequest) => api.post("/admin/classrooms", body, classroom),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ClassroomInput }) =>
        api.put(`/admin/classrooms/${id}`, body, classroom),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/admin/classrooms/${id}`, z.object({ message: z.string() })),
      onSuccess,
    }),
  };
}
