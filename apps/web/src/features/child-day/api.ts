import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import type { OfflineWrite } from "@sprout/shared/offline";
import type { ChildUpdateEvent } from "@sprout/shared/realtime/events";
import {
  type BatchInput,
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
import { useSay } from "../../i18n/useSay";
import { recordTap } from "../../offline/sendTaps";
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

/** Observation logs a page at a time; a child's, and those tagged with a domain or a competency. */
export function useObservations(
  childId: string | null,
  page: number,
  filters: { domain?: string; competency?: string } = {},
) {
  useLiveChildDay();
  return useQuery({
    queryKey: [...KEY, "observations", childId, page, filters.domain ?? null, filters.competency ?? null],
    queryFn: ({ signal }) =>
      api.get("/observation-logs", observationsPage, {
        signal,
        query: {
          page,
          limit: 10,
          ...(childId ? { child_id: childId } : {}),
          domain: filters.domain || undefined,
          competency: filters.competency || undefined,
        },
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
 * A tap on a child's sheet (a meal, a nap, a potty visit, a star): sent, or kept on the device
 * while there is no network (offline/sendTaps.ts). `stamped` writes carry the tap's time; a nap
 * carries its own times.
 */
export function useTap<I extends { child_id: string }>(
  write: OfflineWrite,
  what: (input: I) => string,
  stamped = true,
) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: (input: I) =>
      recordTap(queryClient, {
        write,
        what: what(input),
        childIds: [input.child_id],
        body: (tapped_at) => (stamped ? { ...input, tapped_at } : { ...input }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

const batchChildren = (input: BatchInput) =>
  input.kind === "food" ? input.entries.map((entry) => entry.child_id) : input.child_ids;

/**
 * One log for the children selected on the class list, kept on the device while there is no
 * network. It resolves to how many children it was recorded for. A refusal naming children who
 * are not here refetches the class, so that they drop out of the selection before the teacher
 * sends again.
 */
export function useBatchLog() {
  const say = useSay();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return useMutation({
    networkMode: "always",
    mutationFn: async (input: BatchInput) => {
      const childIds = batchChildren(input);
      await recordTap(queryClient, {
        write: "POST /api/daily-activities/batch",
        what: say("childDay.batchTap", { kind: input.kind, count: childIds.length }),
        childIds,
        // Naps carry their own times; the other logs take the tap's.
        body: (tapped_at) => (input.kind === "sleep" || input.kind === "wake" ? { ...input } : { ...input, tapped_at }),
      });
      return childIds.length;
    },
    onSuccess: refresh,
    onError: refresh,
  });
}

/**
 * A sleeping child woke up: the class's wake-up for this one child, which ends the nap still
 * running that day. Queued, it follows the nap's own start even when that start is still on the
 * device, so no nap id has to be known.
 */
export function useWake() {
  const say = useSay();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: ({ child_id, date, end_time }: { child_id: string; date: string; end_time: string }) =>
      recordTap(queryClient, {
        write: "POST /api/daily-activities/batch",
        what: say("childDay.tapWoke", { time: end_time }),
        childIds: [child_id],
        body: () => ({ kind: "wake", date, child_ids: [child_id], end_time }),
      }),
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
