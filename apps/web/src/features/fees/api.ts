import {
  type ExitPersonType,
  exitsResponse,
  type FeeStructureInput,
  feeStructure,
  feeStructuresResponse,
} from "@sprout/shared/schemas/fees";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { PageQuery } from "../../components/PagedTable/usePaging";

const FEES_KEY = ["fee-structures"] as const;

export const useFeeStructures = (query: PageQuery) =>
  useQuery({
    queryKey: [...FEES_KEY, query],
    queryFn: () => api.get("/fee-structures", feeStructuresResponse, { query }),
    placeholderData: keepPreviousData,
  });

/** The Exit Records tab's filters (whole dates only). */
export interface ExitsFilter {
  type?: ExitPersonType;
  startDate?: string;
  endDate?: string;
}

/** A page of exit records; the filters' blanks are left out of the address. */
export const useExitRecords = (query: ExitsFilter & { page: number; limit: number }) =>
  useQuery({
    queryKey: ["exits", query],
    queryFn: () =>
      api.get("/exits", exitsResponse, {
        query: {
          type: query.type || undefined,
          startDate: query.startDate || undefined,
          endDate: query.endDate || undefined,
          page: query.page,
          limit: query.limit,
        },
      }),
    placeholderData: keepPreviousData,
  });

export function useFeeMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: FEES_KEY });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: FeeStructureInput }) =>
        id ? api.put(`/fee-structures/${id}`, body, feeStructure) : api.post("/fee-structures", body, feeStructure),
      onSuccess: refresh,
    }),
  };
}
