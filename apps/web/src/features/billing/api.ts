import {
  type CreateInvoiceRequest,
  generateMonthlyResponse,
  generationPreview,
  type INVOICE_REQUEST_STATUSES,
  invoiceActionResponse,
  invoiceRequestActionResponse,
  invoiceRequestsResponse,
  type PaymentRequest,
} from "@sprout/shared/schemas/billing";

export type InvoiceRequestStatus = (typeof INVOICE_REQUEST_STATUSES)[number];

import { studentsResponse } from "@sprout/shared/schemas/children";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { INVOICES_KEY } from "../../components/InvoiceList/api";
import type { PageQuery } from "../../components/PagedTable/usePaging";

const REQUESTS_KEY = ["invoice-requests"] as const;

/** A page of invoice requests, Pending first (the server's order), optionally of one status. */
export const useInvoiceRequests = (query: PageQuery & { status?: InvoiceRequestStatus }) =>
  useQuery({
    queryKey: [...REQUESTS_KEY, query],
    queryFn: () => api.get("/invoices/requests", invoiceRequestsResponse, { query }),
    placeholderData: keepPreviousData,
  });

/**
 * What "Generate Monthly Invoices" would create now, read afresh each time the confirmation opens
 * (never an old answer: the count and the total are what is about to be agreed to).
 */
export const useGenerationPreview = (open: boolean) =>
  useQuery({
    queryKey: ["invoice-generation-preview"],
    queryFn: ({ signal }) => api.get("/invoices/generation-preview", generationPreview, { signal }),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });

/** Children on the roll matching a search, for the Request Invoice dialog (searched on the server). */
export const useBillableStudents = (enabled: boolean, search: string) =>
  useQuery({
    queryKey: ["students", "billable", search],
    queryFn: ({ signal }) =>
      api.get("/students", studentsResponse, {
        signal,
        query: { status: "enrolled", search: search || undefined, limit: PICKER_SIZE },
      }),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** How many children the picker offers at once; typing narrows the list. */
const PICKER_SIZE = 20;

export function useBillingMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
      queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
      queryClient.invalidateQueries({ queryKey: ["analytics"] }),
    ]);
  return {
    createRequest: useMutation({
      mutationFn: (body: CreateInvoiceRequest) => api.post("/invoices/requests", body, invoiceRequestActionResponse),
      onSuccess: refresh,
    }),
    approve: useMutation({
      mutationFn: (id: string) => api.post(`/invoices/requests/${id}/approve`, undefined, invoiceRequestActionResponse),
      onSuccess: refresh,
    }),
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api.post(`/invoices/requests/${id}/reject`, { reason }, invoiceRequestActionResponse),
      onSuccess: refresh,
    }),
    generate: useMutation({
      mutationFn: () => api.post("/invoices/generate-monthly", undefined, generateMonthlyResponse),
      onSuccess: refresh,
    }),
    pay: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PaymentRequest }) =>
        api.post(`/invoices/${id}/payments`, body, invoiceActionResponse),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api.post(`/invoices/${id}/cancel`, { reason }, invoiceActionResponse),
      onSuccess: refresh,
    }),
  };
}
