import {
  assignableStaffPage,
  type ClassroomStaffRequest,
  classroomStaffMember,
  classroomWithStaff,
  rollResponse,
  type StaffClassroomsRequest,
  staffClassroom,
} from "@sprout/shared/schemas/classroom-staff";
import { type ClassroomInput, type CreateClassroomRequest, classroom } from "@sprout/shared/schemas/classrooms";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";

/** The Classroom Management list: each room with its lead teacher and assistants. */
export const useClassrooms = () =>
  useQuery({
    queryKey: ["classrooms", "managed"],
    queryFn: () => api.get("/admin/classrooms", z.array(classroomWithStaff)),
  });

/** The children on a room's roll (a teacher: their own rooms). */
export const useRoll = (classroomId: string) =>
  useQuery({
    queryKey: ["classrooms", "roll", classroomId],
    queryFn: () => api.get(`/classrooms/${classroomId}/children`, rollResponse),
  });

/** A page of the room's centre's teachers whose name holds `search` (the picker's typed text). */
export const useAssignableStaff = (classroomId: string | undefined, search: string) =>
  useQuery({
    queryKey: ["classrooms", "assignable", classroomId, search],
    queryFn: ({ signal }) =>
      api.get(`/admin/classrooms/${classroomId}/assignable-staff`, assignableStaffPage, {
        signal,
        query: { search: search || undefined },
      }),
    enabled: Boolean(classroomId),
    placeholderData: keepPreviousData,
  });

export const useStaffRooms = (staffId: string | undefined) =>
  useQuery({
    queryKey: ["classrooms", "of-staff", staffId],
    queryFn: () => api.get(`/staff/${staffId}/classrooms`, z.array(staffClassroom)),
    enabled: Boolean(staffId),
  });

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
    assign: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ClassroomStaffRequest }) =>
        api.put(
          `/admin/classrooms/${id}/staff`,
          body,
          z.object({ message: z.string(), staff: z.array(classroomStaffMember) }),
        ),
      onSuccess,
    }),
  };
}

/** Saves a staff member's rooms from their staff record. */
export function useSetStaffRooms(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffClassroomsRequest) =>
      api.put(`/staff/${staffId}/classrooms`, body, z.array(staffClassroom)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["classrooms"] }),
  });
}
