import {
  type AssessmentInput,
  assessmentHistory,
  type ClassViewStatus,
  childAssessment,
  classView,
  publishClassResult,
  type TermInput,
  term,
  termsPage,
} from "@sprout/shared/schemas/development/assessments";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { showAnswer } from "../../api/queryClient";
import type { PageQuery } from "../../components/PagedTable/usePaging";

const KEY = ["development", "assessments"] as const;
const base = "/development/terms";
const childPath = (termId: string, childId: string) => `${base}/${termId}/children/${childId}/assessment`;

/** The terms of the caller's centres (a teacher: those of her classrooms), newest first. */
export const useTerms = (centerId: string, query: PageQuery) =>
  useQuery({
    queryKey: [...KEY, "terms", centerId, query.page, query.limit],
    queryFn: () =>
      api.get(base, termsPage, { query: { center_id: centerId || undefined, page: query.page, limit: query.limit } }),
    placeholderData: keepPreviousData,
  });

export function useOpenTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TermInput) => api.post(base, body, term),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, "terms"] }),
  });
}

/** The class view: the term's children with what is done and missing. */
export const useClassView = (
  termId: string,
  filter: { classroomId: string; status: ClassViewStatus | "" },
  query: PageQuery,
) =>
  useQuery({
    queryKey: [...KEY, "class", termId, filter.classroomId, filter.status, query.page, query.limit],
    queryFn: () =>
      api.get(`${base}/${termId}/children`, classView, {
        query: {
          classroom_id: filter.classroomId || undefined,
          status: filter.status || undefined,
          page: query.page,
          limit: query.limit,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** One child's assessment (every staff read is in the access log). */
export const useAssessment = (termId: string, childId: string) =>
  useQuery({
    queryKey: [...KEY, "child", termId, childId],
    queryFn: () => api.get(childPath(termId, childId), childAssessment),
  });

export const useAssessmentHistory = (termId: string, childId: string) =>
  useQuery({
    queryKey: [...KEY, "history", termId, childId],
    queryFn: () => api.get(`${childPath(termId, childId)}/history`, assessmentHistory),
  });

/** Save, submit, publish and reissue one child's assessment; each answers the assessment as it is now. */
export function useAssessmentActions(termId: string, childId: string) {
  const queryClient = useQueryClient();
  const done = async (answer: unknown) => {
    await showAnswer(queryClient, [...KEY, "child", termId, childId], answer);
    void queryClient.invalidateQueries({ queryKey: [...KEY, "class", termId] });
    void queryClient.invalidateQueries({ queryKey: [...KEY, "history", termId, childId] });
  };
  const path = childPath(termId, childId);
  return {
    save: useMutation({
      mutationFn: (body: AssessmentInput) => api.put(path, body, childAssessment),
      onSuccess: done,
    }),
    submit: useMutation({ mutationFn: () => api.post(`${path}/submit`, undefined, childAssessment), onSuccess: done }),
    publish: useMutation({
      mutationFn: () => api.post(`${path}/publish`, undefined, childAssessment),
      onSuccess: done,
    }),
    reissue: useMutation({
      mutationFn: (reason: string) => api.post(`${path}/reissue`, { reason }, childAssessment),
      onSuccess: done,
    }),
  };
}

/** Publish or reissue a child from the class view (the list refetches). */
export function useClassActions(termId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    publishClass: useMutation({
      mutationFn: (classroomId: string) =>
        api.post(`${base}/${termId}/publish`, { classroom_id: classroomId }, publishClassResult),
      onSuccess: refresh,
    }),
    publishChild: useMutation({
      mutationFn: (childId: string) => api.post(`${childPath(termId, childId)}/publish`, undefined, childAssessment),
      onSuccess: refresh,
    }),
    reissueChild: useMutation({
      mutationFn: ({ childId, reason }: { childId: string; reason: string }) =>
        api.post(`${childPath(termId, childId)}/reissue`, { reason }, childAssessment),
      onSuccess: refresh,
    }),
  };
}

/** One term (the class view's header reads it from the list answer; this is for the assessment page). */
export const useTerm = (termId: string) =>
  useQuery({ queryKey: [...KEY, "term", termId], queryFn: () => api.get(`${base}/${termId}`, term) });
