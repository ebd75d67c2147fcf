import {
  type CreateInvoiceRequest,
  generateMonthlyResponse,
  invoiceActionResponse,
  invoiceRequestActionResponse,
  invoiceRequestsResponse,
  type PaymentRequest,
} from "@sprout/shared/schemas/billing";
import { student } from "@sprout/shared/schemas/children";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";
import { INVOICES_KEY } from "../../components/InvoiceList/api";

const REQUESTS_KEY = ["invoice-requests"] as const;

export const useInvoiceRequests = () =>
  useQuery({ queryKey: REQUESTS_KEY, queryFn: () => api.get("/invoices/requests", invoiceRequestsResponse) });

/** Children on the roll, for the Request Invoice dialog. */
export const useBillableStudents = (enabled: boolean) =>
  useQuery({
    queryKey: ["students", "billable"],
    queryFn: () => api.get("/students", z.array(student)),
    enabled,
    staleTime: 60_000,
  });

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
