import {
  type AnnouncementInput,
  announcement,
  announcementList,
  contacts,
  type FeedbackInput,
  type FeedbackStatus,
  families,
  feedback,
  feedbackList,
  type MessageInput,
  message,
  messageList,
  type StartThreadInput,
  thread,
  threadList,
  unreadCounts,
} from "@sprout/shared/schemas/communication";
import { myChildrenResponse } from "@sprout/shared/schemas/parents";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { api } from "../../api/client";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["communication"] as const;

/** The teacher's own classrooms (the Classroom Management list answers only theirs). */
export const useMyClassrooms = (enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, "my-classrooms"],
    queryFn: () => api.get("/admin/classrooms", z.array(z.object({ id: z.string(), name: z.string() }))),
    enabled,
  });

/** A parent's children with their classrooms (the rooms whose announcements they read). */
export const useFamily = (enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, "family"],
    queryFn: () => api.get("/parents/my-children", myChildrenResponse),
    enabled,
  });

export function useAnnouncements(classroomId: string | null) {
  const queryClient = useQueryClient();
  // A teacher's new post appears on every open page of the room without a reload.
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...KEY, "announcements"] }),
    [queryClient],
  );
  useRealtimeEvent("new-announcement", refetch);
  return useQuery({
    queryKey: [...KEY, "announcements", classroomId],
    queryFn: () => api.get(`/classroom-announcements/${classroomId}`, announcementList, { query: { limit: 50 } }),
    enabled: classroomId !== null,
  });
}

export function useAnnouncementMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    post: useMutation({
      mutationFn: (input: AnnouncementInput) => api.post("/classroom-announcements", input, announcement),
      onSuccess,
    }),
    markRead: useMutation({
      mutationFn: (id: string) => api.post(`/classroom-announcements/${id}/read`),
      onSuccess,
    }),
  };
}

/** Unread badges in the navigation; new messages and posts update them live. */
export function useUnreadCounts() {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...KEY, "unread"] }),
    [queryClient],
  );
  useRealtimeEvent("new-message", refetch);
  useRealtimeEvent("new-announcement", refetch);
  useRealtimeEvent("notification", refetch);
  return useQuery({ queryKey: [...KEY, "unread"], queryFn: () => api.get("/communication/unread", unreadCounts) });
}

export function useThreads() {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...KEY, "threads"] }),
    [queryClient],
  );
  useRealtimeEvent("new-message", refetch);
  return useQuery({
    queryKey: [...KEY, "threads"],
    queryFn: () => api.get("/messaging/threads", threadList, { query: { limit: 50 } }),
  });
}

export function useThreadMessages(threadId: string | null) {
  return useQuery({
    queryKey: [...KEY, "messages", threadId],
    queryFn: () => api.get(`/messaging/threads/${threadId}/messages`, messageList),
    enabled: threadId !== null,
  });
}

export const useContacts = (enabled: boolean) =>
  useQuery({ queryKey: [...KEY, "contacts"], queryFn: () => api.get("/messaging/contacts", contacts), enabled });

/** The parents a teacher may write to, per child of their rooms. */
export const useFamilies = (enabled: boolean) =>
  useQuery({ queryKey: [...KEY, "families"], queryFn: () => api.get("/messaging/families", families), enabled });

export function useMessagingMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    send: useMutation({
      mutationFn: ({ threadId, ...input }: MessageInput & { threadId: string }) =>
        api.post(`/messaging/threads/${threadId}/messages`, input, message),
      onSuccess,
    }),
    markRead: useMutation({
      mutationFn: (threadId: string) => api.post(`/messaging/threads/${threadId}/read`),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, "unread"] }),
    }),
    start: useMutation({
      mutationFn: (input: StartThreadInput) => api.post("/messaging/threads", input, thread),
      onSuccess,
    }),
  };
}

export function useFeedback(status?: FeedbackStatus) {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...KEY, "feedback"] }),
    [queryClient],
  );
  useRealtimeEvent("new-feedback", refetch);
  useRealtimeEvent("feedback-response", refetch);
  return useQuery({
    queryKey: [...KEY, "feedback", status],
    queryFn: () => api.get("/parent-feedback", feedbackList, { query: { status, limit: 50 } }),
  });
}

export function useFeedbackMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [...KEY, "feedback"] });
  return {
    send: useMutation({
      mutationFn: (input: FeedbackInput) => api.post("/parent-feedback", input, feedback),
      onSuccess,
    }),
    respond: useMutation({
      mutationFn: ({ id, response }: { id: string; response: string }) =>
        api.post(`/parent-feedback/${id}/respond`, { response }, feedback),
      onSuccess,
    }),
  };
}
