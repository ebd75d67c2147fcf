import {
  type AnnouncementInput,
  announcement,
  announcementList,
  contacts,
  type FeedbackInput,
  type FeedbackList,
  type FeedbackStatus,
  families,
  feedback,
  feedbackList,
  type MessageInput,
  type MessageList,
  message,
  messageList,
  type ReminderSettingInput,
  reminderSetting,
  type StartThreadInput,
  type ThreadList,
  thread,
  threadList,
  unreadCounts,
} from "@sprout/shared/schemas/communication";
import { type MyChildren, myChildrenResponse } from "@sprout/shared/schemas/parents";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { z } from "zod";
import { api } from "../../api/client";
import { showAnswer } from "../../api/queryClient";
import { useSay } from "../../i18n/useSay";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";
import { MY_CHILDREN_KEY } from "../parents/useMyChildren";

const KEY = ["communication"] as const;

/** The teacher's own classrooms (the Classroom Management list answers only theirs). */
export const useMyClassrooms = (enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, "my-classrooms"],
    queryFn: () => api.get("/admin/classrooms", z.array(z.object({ id: z.string(), name: z.string() }))),
    enabled,
  });

/**
 * A parent's children with their classrooms (the rooms whose announcements they read). The home's
 * answer to the same call stands in while it is fresh, so that its Announcements tile does not
 * make the call a second time.
 */
export function useFamily(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...KEY, "family"],
    queryFn: () => api.get("/parents/my-children", myChildrenResponse),
    enabled,
    initialData: () => queryClient.getQueryData<MyChildren>(MY_CHILDREN_KEY),
    initialDataUpdatedAt: () => queryClient.getQueryState(MY_CHILDREN_KEY)?.dataUpdatedAt,
  });
}

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

/** A page of the thread list; the list grows a page at a time ("Load more"). */
export const THREAD_PAGE_SIZE = 30;

export function useThreads() {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...KEY, "threads"] }),
    [queryClient],
  );
  // Parties hear of their own messages; leadership only that a thread of their centre moved.
  useRealtimeEvent("new-message", refetch);
  useRealtimeEvent("thread-activity", refetch);
  return useInfiniteQuery({
    queryKey: [...KEY, "threads"],
    queryFn: ({ pageParam }) =>
      api.get("/messaging/threads", threadList, { query: { limit: THREAD_PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ThreadList) => last.next_cursor ?? undefined,
  });
}

/** A conversation's latest messages; "Load older messages" adds the page before the first one shown. */
export function useThreadMessages(threadId: string | null) {
  return useInfiniteQuery({
    queryKey: [...KEY, "messages", threadId],
    queryFn: ({ pageParam }) =>
      api.get(`/messaging/threads/${threadId}/messages`, messageList, { query: { before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (newest: MessageList) => newest.older_cursor ?? undefined,
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

/** A page of feedback; the inbox and the parent's own list grow a page at a time ("Load more"). */
export const FEEDBACK_PAGE_SIZE = 20;

export function useFeedback(status?: FeedbackStatus) {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...KEY, "feedback"] }),
    [queryClient],
  );
  useRealtimeEvent("new-feedback", refetch);
  useRealtimeEvent("feedback-response", refetch);
  return useInfiniteQuery({
    queryKey: [...KEY, "feedback", status],
    queryFn: ({ pageParam }) =>
      api.get("/parent-feedback", feedbackList, { query: { status, limit: FEEDBACK_PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: FeedbackList) => last.next_cursor ?? undefined,
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

/** The parent-portal tile's line for a child's classroom: how many of its announcements are unread. */
export function useAnnouncementsLine(classroomId: string | null) {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [...KEY, "announcements"] }),
    [queryClient],
  );
  useRealtimeEvent("new-announcement", refetch);
  // One announcement is enough: the answer carries the room's unread count and total.
  return useQuery({
    queryKey: [...KEY, "announcements", classroomId, "line"],
    queryFn: () => api.get(`/classroom-announcements/${classroomId}`, announcementList, { query: { limit: 1 } }),
    enabled: classroomId !== null,
  });
}

/** The centre's unread-reminder hours (owner, director). */
export const useReminderSetting = (centerId: string) =>
  useQuery({
    queryKey: [...KEY, "reminder-setting", centerId],
    queryFn: () => api.get("/communication/reminder-setting", reminderSetting, { query: { center_id: centerId } }),
  });

export function useSaveReminderSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettingInput) => api.put("/communication/reminder-setting", input, reminderSetting),
    onSuccess: (saved) => showAnswer(queryClient, [...KEY, "reminder-setting", saved.center_id], saved),
  });
}

/**
 * The parent portal's Announcements tile for one child: the line (unread count of the child's
 * classroom) and where it leads (that classroom's announcements).
 */
export function useAnnouncementsTile(childId: string): { line: string | null; to: string } {
  const say = useSay();
  const family = useFamily(true);
  const classroomId = family.data?.find((child) => child.id === childId)?.classroom_id ?? null;
  const room = useAnnouncementsLine(classroomId);
  const to = classroomId ? `/classroom-announcements?classroom=${classroomId}` : "/classroom-announcements";
  if (family.data && !classroomId) return { line: say("communication.noClassroom"), to };
  // Like the other tiles: no line while it cannot be known.
  if (!room.data) return { line: null, to };
  if (room.data.unread > 0) return { line: say("communication.unreadCount", { count: room.data.unread }), to };
  const none = room.data.pagination.total_items === 0;
  return { line: say(none ? "communication.noAnnouncements" : "communication.allRead"), to };
}
