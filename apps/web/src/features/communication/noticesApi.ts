import {
  COMMUNICATION_MAX_PAGE_SIZE,
  type NoticeInput,
  noticeNotReadList,
  notificationList,
  receivedNoticeList,
  sentNotice,
  sentNoticeList,
} from "@sprout/shared/schemas/communication";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../api/client";
import type { PageQuery } from "../../components/PagedTable/usePaging";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";

const NOTICES = ["communication", "notices"] as const;
const BELL = ["communication", "bell"] as const;
export const NOTICE_PAGE_SIZE = 10;
/** The rows-per-page choices of the desk's notice tables (the server pages up to 50). */
export const NOTICE_PAGE_SIZES = [10, 25, COMMUNICATION_MAX_PAGE_SIZE] as const;

/** A page of a communication list in the shape the shared PagedTable reads. */
export function tablePage<T>(
  rows: T[],
  pagination: { current_page: number; items_per_page: number; total_items: number; total_pages: number },
) {
  return {
    rows,
    pagination: {
      page: pagination.current_page,
      limit: pagination.items_per_page,
      total: pagination.total_items,
      totalPages: pagination.total_pages,
    },
  };
}

/** Refetches `key` whenever `event` arrives (the event says what changed; the API says what it is). */
function useRefetchOn(event: "notice-read" | "notification", key: readonly string[]) {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);
  useRealtimeEvent(event, refetch);
}

/** The desk's sent notices with their read figures; a parent opening one moves them live. */
export function useSentNotices(centerId: string | undefined, { page, limit }: PageQuery) {
  useRefetchOn("notice-read", NOTICES);
  return useQuery({
    queryKey: [...NOTICES, "sent", centerId, page, limit],
    queryFn: () => api.get("/notices/sent", sentNoticeList, { query: { center_id: centerId, page, limit } }),
    placeholderData: keepPreviousData,
  });
}

export function useNoticeNotRead(noticeId: string | null, { page, limit }: PageQuery) {
  return useQuery({
    queryKey: [...NOTICES, "not-read", noticeId, page, limit],
    queryFn: () => api.get(`/notices/${noticeId}/not-read`, noticeNotReadList, { query: { page, limit } }),
    enabled: noticeId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoticeInput) => api.post("/notices", input, sentNotice),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES }),
  });
}

/** A parent's notices; a new one arrives as a bell line and refreshes the list. */
export function useMyNotices(page: number) {
  useRefetchOn("notification", NOTICES);
  return useQuery({
    queryKey: [...NOTICES, "mine", page],
    queryFn: () => api.get("/notices", receivedNoticeList, { query: { page, limit: NOTICE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/notices/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES }),
  });
}

/** The bell: its latest lines and unread count, refreshed by each live `notification`. */
export function useNotifications() {
  useRefetchOn("notification", BELL);
  return useQuery({ queryKey: BELL, queryFn: () => api.get("/notifications", notificationList) });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/notifications/read"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BELL }),
  });
}
