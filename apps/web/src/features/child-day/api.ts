import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import type { ChildUpdateEvent } from "@sprout/shared/realtime/events";
import {
  type BatchInput,
  batchSaved,
  type ChildDaySummary,
  childDaySummary,
  classroomDay,
  dailyActivities,
  type EntryKind,
  type MilestoneInput,
  milestone,
  milestonesPage,
  myClassrooms,
  observationLog,
  observationsPage,
  weekStars,
} from "@sprout/shared/schemas/child-day";
import { childTimeline } from "@sprout/shared/schemas/child-day-timeline";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../api/client";
import { centreDate } from "../../format";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["child-day"] as const;

/** Any entry recorded by anyone refetches what is on screen: the event carries no content. */
function useLiveChildDay() {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
  useRealtimeEvent("child-day-update", refetch);
}

export function useMyClassrooms() {
  return useQuery({
    queryKey: [...KEY, "my-classrooms"],
    queryFn: ({ signal }) => api.get("/daily-activities/my-classrooms", myClassrooms, { signal }),
  });
}

/** A classroom's children with that day's entries (today when `date` is undefined). */
export function useClassroomDay(classroomId: string | null, date?: string) {
  useLiveChildDay();
  return useQuery({
    queryKey: [...KEY, "classroom", classroomId, date ?? "today"],
    queryFn: ({ signal }) =>
      api.get(`/daily-activities/classroom/${classroomId}`, classroomDay, {
        signal,
        query: date ? { date } : undefined,
      }),
    enabled: classroomId !== null,
  });
}

/** A child's entries of a date (today when `date` is undefined). */
export function useChildActivities(childId: string | null, date?: string) {
  useLiveChildDay();
  return useQuery({
    queryKey: [...KEY, "child", childId, date ?? "today"],
    queryFn: ({ signal }) =>
      api.get(`/daily-activities/${childId}`, dailyActivities, { signal, query: date ? { date } : undefined }),
    enabled: childId !== null,
  });
}

export function useChildDaySummary(childId: string | null) {
  useLiveChildDay();
  // The Daily Diary tile's times: the family's own event says the child arrived or went home.
  const queryClient = useQueryClient();
  const refetchTimes = useCallback(
    (event: ChildUpdateEvent) => {
      if (event.kind === "attendance" && event.child_id === childId)
        void queryClient.invalidateQueries({ queryKey: [...KEY, "summary", childId] });
    },
    [queryClient, childId],
  );
  useRealtimeEvent("child-update", refetchTimes);
  return useQuery<ChildDaySummary>({
    queryKey: [...KEY, "summary", childId],
    queryFn: ({ signal }) => api.get(`/parents/child-day/${childId}`, childDaySummary, { signal }),
    enabled: childId !== null,
  });
}

/**
 * A child's day as a timeline (today when `date` is undefined). Entries of the day arrive with
 * `child-day-update`; an arrival, a going home or a photo with the family's own `child-update`.
 */
export function useChildTimeline(childId: string, date?: string) {
  useLiveChildDay();
  const queryClient = useQueryClient();
  const queryKey = [...KEY, "timeline", childId, date ?? "today"];
  const refetch = useCallback(
    (event: ChildUpdateEvent) => {
      if (event.child_id === childId) void queryClient.invalidateQueries({ queryKey: [...KEY, "timeline", childId] });
    },
    [queryClient, childId],
  );
  useRealtimeEvent("child-update", refetch);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(`/daily-activities/${childId}/timeline`, childTimeline, { signal, query: date ? { date } : undefined }),
  });
}

export function useWeekStars(childId: string | null) {
  useLiveChildDay();
  return useQuery({
    queryKey: [...KEY, "stars", childId],
    queryFn: ({ signal }) => api.get(`/stars/${childId}`, weekStars, { signal }),
    enabled: childId !== null,
  });
}

export function useObservations(childId: string | null, page: number) {
  useLiveChildDay();
  return useQuery({
    queryKey: [...KEY, "observations", childId, page],
    queryFn: ({ signal }) =>
      api.get("/observation-logs", observationsPage, {
        signal,
        query: { page, limit: 10, ...(childId ? { child_id: childId } : {}) },
      }),
  });
}

/** Every write answers with the child's day; refreshing the whole area keeps lists and tiles in step. */
export function useRecord<I>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api.post(path, input, dailyActivities),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * One log for the children selected on the class list. A refusal naming children who are not here
 * refetches the class, so that they drop out of the selection before the teacher sends again.
 */
export function useBatchLog() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return useMutation({
    mutationFn: (input: BatchInput) => api.post("/daily-activities/batch", input, batchSaved),
    onSuccess: refresh,
    onError: refresh,
  });
}

export function useWake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, end_time }: { id: string; end_time: string }) =>
      api.post(`/daily-activities/sleep/${id}/wake`, { end_time }, dailyActivities),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemoveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    // An earlier day's entry is removed only with a reason (the server audits it).
    mutationFn: ({ kind, id, reason = "" }: { kind: EntryKind; id: string; reason?: string }) =>
      api.delete(
        `/daily-activities/${kind}/${id}${reason ? `?reason=${encodeURIComponent(reason)}` : ""}`,
        dailyActivities,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useObservationMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, form }: { id: string | null; form: FormData }) =>
        id
          ? api.put(`/observation-logs/${id}`, form, observationLog)
          : api.post("/observation-logs", form, observationLog),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/observation-logs/${id}`),
      onSuccess,
    }),
  };
}

/** A centre's milestone list (the framework's areas, then the centre's own), all of it at once. */
export function useMilestones(centerId: string | null | undefined) {
  return useQuery({
    queryKey: [...KEY, "milestones", centerId],
    queryFn: ({ signal }) =>
      api.get("/observation-logs/milestones", milestonesPage, { signal, query: { center_id: centerId! } }),
    enabled: Boolean(centerId),
    staleTime: 60_000,
  });
}

export function useMilestoneMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [...KEY, "milestones"] });
  return {
    add: useMutation({
      mutationFn: (input: MilestoneInput) => api.post("/observation-logs/milestones", input, milestone),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/observation-logs/milestones/${id}`),
      onSuccess,
    }),
  };
}

/** "HH:MM" of now at the centre (naps are the centre's wall-clock times, whatever the device says). */
export function nowTime(): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: DEFAULT_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date());
}

/** The centre's calendar date "YYYY-MM-DD": the latest date a form may pick. */
export function centreToday(): string {
  return centreDate(new Date());
}

/** "1 h 20 m" */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${rest} m` : `${rest} m`;
}
