import { myClassrooms } from "@sprout/shared/schemas/child-day";
import { classroom } from "@sprout/shared/schemas/classrooms";
import {
  type CatalogueAction,
  type CheckoffStatus,
  catalogueMessage,
  type LessonPlan,
  type LessonPlanFields,
  type LessonPlansQuery,
  lessonPlan,
  lessonPlansPage,
  todayPlans,
} from "@sprout/shared/schemas/lesson-plans";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";
import { ApiError } from "../../api/errors";
import type { Say } from "../../i18n/useSay";

const KEY = ["lesson-plans"] as const;

export function useLessonPlans(query: LessonPlansQuery) {
  return useQuery({
    queryKey: [...KEY, "list", query],
    queryFn: ({ signal }) => api.get("/lesson-plans", lessonPlansPage, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** Today's plans at the centre: the teacher's rooms, or the parent's child's room. */
export function useTodayPlans(childId?: string) {
  return useQuery({
    queryKey: [...KEY, "today", childId ?? "mine"],
    queryFn: ({ signal }) =>
      api.get("/lesson-plans/today", todayPlans, { signal, query: childId ? { child_id: childId } : undefined }),
  });
}

/** The classrooms a plan can be for, and the filters' choices. */
export function useClassroomOptions() {
  return useQuery({
    queryKey: [...KEY, "classrooms"],
    queryFn: ({ signal }) => api.get("/classrooms", z.array(classroom), { signal }),
  });
}

/** A teacher's own classrooms: their week view opens on one of them, not the centre's first room. */
export function useTeacherRooms(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, "my-classrooms"],
    queryFn: ({ signal }) => api.get("/daily-activities/my-classrooms", myClassrooms, { signal }),
    enabled,
  });
}

export function useLessonPlanMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: string | null; body: LessonPlanFields }) =>
        id ? api.put(`/lesson-plans/${id}`, body, lessonPlan) : api.post("/lesson-plans", body, lessonPlan),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/lesson-plans/${id}`), onSuccess }),
    checkoff: useMutation({
      mutationFn: ({ id, parts }: { id: string; parts: Partial<CheckoffStatus> }) =>
        api.patch(`/lesson-plans/${id}/checkoff`, parts, lessonPlan),
      // The tick shows at once; a refusal puts the server's state back.
      onMutate: async ({ id, parts }) => {
        await queryClient.cancelQueries({ queryKey: KEY });
        queryClient.setQueriesData<{ lesson_plans: LessonPlan[] }>({ queryKey: KEY }, (data) =>
          data && "lesson_plans" in data
            ? {
                ...data,
                lesson_plans: data.lesson_plans.map((plan) =>
                  plan.id === id && plan.checkoff_status
                    ? { ...plan, checkoff_status: { ...plan.checkoff_status, ...parts } }
                    : plan,
                ),
              }
            : data,
        );
      },
      onSettled: onSuccess,
    }),
  };
}

/**
 * The spec's catalogue text for a failed lesson-plan or assignment call; a dialog passes its own
 * failure text as the default so that it shows one message, not two.
 */
export function catalogueError(error: unknown, action: CatalogueAction, say: Say, fallback?: string): string {
  if (error instanceof ApiError)
    return catalogueMessage(error.status, action, error.hasServerMessage ? error.message : undefined, fallback, say);
  return catalogueMessage(-1, action, undefined, fallback, say);
}
