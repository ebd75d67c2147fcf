import {
  accessLogFilters,
  type ConsentAnswers,
  centreAccessPage,
  childAccessPage,
  childConsents,
  consentRefusalsPage,
  currentNotice,
  myConsents,
  type NoticeInput,
  noticesPage,
  privacyNotice,
} from "@sprout/shared/schemas/privacy";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

const PRIVACY_KEY = ["privacy"] as const;

export const useMyConsents = (enabled = true) =>
  useQuery({
    queryKey: [...PRIVACY_KEY, "consents"],
    queryFn: () => api.get("/privacy/consents", myConsents),
    enabled,
  });

export function useAnswerConsents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, answers }: { childId: string; answers: ConsentAnswers }) =>
      api.put(`/privacy/consents/${childId}`, answers, childConsents),
    onSuccess: () => client.invalidateQueries({ queryKey: [...PRIVACY_KEY, "consents"] }),
  });
}

/** The desk's list of children whose family refused core records and billing. */
export const useConsentRefusals = (page: number, limit: number) =>
  useQuery({
    queryKey: [...PRIVACY_KEY, "refusals", page, limit],
    queryFn: ({ signal }) =>
      api.get("/privacy/consent-refusals", consentRefusalsPage, { signal, query: { page, limit } }),
    placeholderData: keepPreviousData,
  });

export const useChildAccessLog = (childId: string, page: number, limit: number) =>
  useQuery({
    queryKey: [...PRIVACY_KEY, "child-log", childId, page, limit],
    queryFn: ({ signal }) =>
      api.get(`/privacy/access-log/children/${childId}`, childAccessPage, { signal, query: { page, limit } }),
    placeholderData: keepPreviousData,
  });

export const useCentreAccessLog = (filters: { staffId: string; childId: string }, page: number, limit: number) =>
  useQuery({
    queryKey: [...PRIVACY_KEY, "centre-log", filters, page, limit],
    queryFn: ({ signal }) =>
      api.get("/privacy/access-log", centreAccessPage, {
        signal,
        query: { page, limit, staff_id: filters.staffId || undefined, child_id: filters.childId || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useAccessLogFilters = () =>
  useQuery({
    queryKey: [...PRIVACY_KEY, "filters"],
    queryFn: () => api.get("/privacy/access-log/filters", accessLogFilters),
  });

export const useCurrentNotice = () =>
  useQuery({ queryKey: [...PRIVACY_KEY, "notice"], queryFn: () => api.get("/privacy/notice", currentNotice) });

export const useNotices = (page: number, limit: number) =>
  useQuery({
    queryKey: [...PRIVACY_KEY, "notices", page, limit],
    queryFn: ({ signal }) => api.get("/privacy/notices", noticesPage, { signal, query: { page, limit } }),
    placeholderData: keepPreviousData,
  });

export function usePublishNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NoticeInput) => api.post("/privacy/notices", input, privacyNotice),
    onSuccess: () => client.invalidateQueries({ queryKey: PRIVACY_KEY }),
  });
}
