import {
  type AnswerInput,
  type DataExport,
  type DataRequestInput,
  type DataRequestStatus,
  dataExport,
  dataExportsPage,
  deskDataRequest,
  deskDataRequestsPage,
  type ErasureInput,
  erasureResult,
  parentDataRequest,
  parentDataRequestsPage,
  type RetentionInput,
  retentionDryRun,
  retentionSetting,
} from "@sprout/shared/schemas/data-requests";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiDownload, saveDownload } from "../../api/client";

const KEY = ["data-requests"] as const;
const busy = (exports: DataExport[] | undefined) =>
  exports?.some((entry) => entry.status === "queued" || entry.status === "working") ?? false;

/** The parent's exports; polled every 1.5 s while one is being prepared, so progress moves on screen. */
export const useMyExports = (page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, "exports", page, limit],
    queryFn: ({ signal }) => api.get("/data-exports", dataExportsPage, { signal, query: { page, limit } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (busy(query.state.data?.exports) ? 1500 : false),
  });

export const useMyRequests = (page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, "mine", page, limit],
    queryFn: ({ signal }) => api.get("/data-requests", parentDataRequestsPage, { signal, query: { page, limit } }),
    placeholderData: keepPreviousData,
  });

export const useDesk = (status: DataRequestStatus | undefined, page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, "desk", status ?? "all", page, limit],
    queryFn: ({ signal }) =>
      api.get("/data-requests/desk", deskDataRequestsPage, { signal, query: { status, page, limit } }),
    placeholderData: keepPreviousData,
  });

export const useRetention = (centreId: string | null) =>
  useQuery({
    queryKey: [...KEY, "retention", centreId],
    queryFn: ({ signal }) => api.get("/data-retention", retentionSetting, { signal, query: { center_id: centreId! } }),
    enabled: centreId !== null,
  });

export const useRetentionDryRun = (centreId: string | null, page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, "retention", centreId, "dry-run", page, limit],
    queryFn: ({ signal }) =>
      api.get("/data-retention/dry-run", retentionDryRun, { signal, query: { center_id: centreId!, page, limit } }),
    enabled: centreId !== null,
    placeholderData: keepPreviousData,
  });

export function useDataMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    prepareExport: useMutation({
      mutationFn: (studentId: string) => api.post("/data-exports", { student_id: studentId }, dataExport),
      onSuccess: refresh,
    }),
    download: useMutation({
      mutationFn: async (entry: DataExport) =>
        saveDownload(await apiDownload(`/data-exports/${entry.id}/download`), "sprout-data.zip"),
      onError: refresh,
    }),
    ask: useMutation({
      mutationFn: (body: DataRequestInput) => api.post("/data-requests", body, parentDataRequest),
      onSuccess: refresh,
    }),
    answer: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AnswerInput }) =>
        api.put(`/data-requests/${id}/answer`, body, deskDataRequest),
      onSuccess: refresh,
    }),
    erase: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ErasureInput }) =>
        api.post(`/data-requests/${id}/erase`, body, erasureResult),
      onSuccess: refresh,
    }),
    saveRetention: useMutation({
      mutationFn: (body: RetentionInput) => api.put("/data-retention", body, retentionSetting),
      onSuccess: refresh,
    }),
  };
}
