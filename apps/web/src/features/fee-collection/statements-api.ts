import {
  type ConfirmMatchesRequest,
  statementActionResponse,
  statementDetail,
  statementsResponse,
  statementUploadResponse,
} from "@sprout/shared/schemas/fee-collection/statements";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { INVOICES_KEY } from "../../components/InvoiceList/api";
import type { PageQuery } from "../../components/PagedTable/usePaging";

const STATEMENTS_KEY = ["bank-statements"] as const;

/** The uploads of one centre (or all the caller's), newest first. */
export const useStatements = (centerId: string, query: PageQuery) =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, "list", centerId, query.page, query.limit],
    queryFn: () =>
      api.get("/payments/statements", statementsResponse, {
        query: { center_id: centerId || undefined, page: query.page, limit: query.limit },
      }),
    placeholderData: keepPreviousData,
  });

/** One statement with a page of its credits, their proposed matches and suggestions. */
export const useStatement = (id: string | null, query: PageQuery) =>
  useQuery({
    queryKey: [...STATEMENTS_KEY, "one", id, query.page, query.limit],
    queryFn: () =>
      api.get(`/payments/statements/${id}`, statementDetail, { query: { page: query.page, limit: query.limit } }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

export function useStatementMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    ]);
  return {
    upload: useMutation({
      mutationFn: (form: FormData) => api.post("/payments/statements", form, statementUploadResponse),
      onSuccess: refresh,
    }),
    confirm: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ConfirmMatchesRequest }) =>
        api.post(`/payments/statements/${id}/confirm`, body, statementActionResponse),
      onSuccess: refresh,
    }),
    ignore: useMutation({
      mutationFn: ({ id, creditIds }: { id: string; creditIds: string[] }) =>
        api.post(`/payments/statements/${id}/ignore`, { credit_ids: creditIds }, statementActionResponse),
      onSuccess: refresh,
    }),
  };
}
