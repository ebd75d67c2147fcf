import {
  type CalendarEventInput,
  calendarEvent,
  calendarPage,
  directorDashboard,
  type KpiMetricName,
  type KpiTargetInput,
  kpiTargetAnswer,
  type StaffReviewInput,
  staffOverview,
  staffReview,
  staffReviewsPage,
  tasksPage,
} from "@sprout/shared/schemas/center-director";
import { feedbackList } from "@sprout/shared/schemas/communication";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { api } from "../../api/client";
import { useRealtime, useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["center-director"] as const;

/**
 * The dashboard and its lists. Socket events only say that something changed at the centre
 * (a check-in, a clock-in, an incident, feedback, a budget decision, a KPI); everything is fetched again through
 * the API, which decides what this caller may see.
 */
export function useDirectorDashboard(centerId: string | undefined) {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
  useRealtimeEvent("dashboard-update", refetch);
  useRealtimeEvent("staff-status-update", refetch);
  useRealtimeEvent("attendance-update", refetch);
  useRealtimeEvent("new-incident", refetch);
  useRealtimeEvent("new-feedback", refetch);
  // A request raised or decided: the budget card, Live Updates and the approvals waiting in Upcoming Tasks.
  useRealtimeEvent("budget-update", refetch);
  useRealtimeEvent("emergency-alert", refetch);
  useRealtimeEvent("emergency-resolved", refetch);
  const { socket } = useRealtime();
  useEffect(() => {
    socket?.on("connect", refetch);
    return () => {
      socket?.off("connect", refetch);
    };
  }, [socket, refetch]);
  return useQuery({
    queryKey: [...KEY, "dashboard", centerId ?? null],
    queryFn: () => api.get("/center-director/dashboard", directorDashboard, { query: { centerId } }),
  });
}

export const useStaffOverview = (centerId: string) =>
  useQuery({
    queryKey: [...KEY, "staff-overview", centerId],
    queryFn: () => api.get("/center-director/staff-overview", staffOverview, { query: { center_id: centerId } }),
  });

export const useStaffReviews = (centerId: string, page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, "reviews", centerId, page, limit],
    queryFn: () =>
      api.get("/center-director/staff-reviews", staffReviewsPage, { query: { center_id: centerId, page, limit } }),
  });

export const useTasks = (centerId: string | undefined, page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, "tasks", centerId ?? null, page, limit],
    queryFn: () => api.get("/center-director/tasks", tasksPage, { query: { center_id: centerId, page, limit } }),
  });

export const useCalendar = (centerId: string | undefined, page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, "calendar", centerId ?? null, page, limit],
    queryFn: () => api.get("/center-director/calendar", calendarPage, { query: { center_id: centerId, page, limit } }),
  });

/** The centre's feedback still waiting for an answer, newest first (the communication area's list). */
export const usePendingFeedback = (centerId: string) =>
  useQuery({
    queryKey: [...KEY, "pending-feedback", centerId],
    queryFn: () =>
      api.get("/parent-feedback", feedbackList, { query: { status: "pending", center_id: centerId, limit: 5 } }),
  });

export function useDirectorMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    setTarget: useMutation({
      mutationFn: ({ metric, body }: { metric: KpiMetricName; body: KpiTargetInput }) =>
        api.put(`/center-director/kpi-targets/${metric}`, body, kpiTargetAnswer),
      onSuccess,
    }),
    recordReview: useMutation({
      mutationFn: (body: StaffReviewInput) => api.post("/center-director/staff-reviews", body, staffReview),
      onSuccess,
    }),
    saveEvent: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: CalendarEventInput }) =>
        id
          ? api.put(`/center-director/calendar/${id}`, body, calendarEvent)
          : api.post("/center-director/calendar", body, calendarEvent),
      onSuccess,
    }),
    removeEvent: useMutation({
      mutationFn: (id: string) => api.delete(`/center-director/calendar/${id}`),
      onSuccess,
    }),
  };
}
