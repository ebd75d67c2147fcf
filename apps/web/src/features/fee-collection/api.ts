import { invoiceDetail } from "@sprout/shared/schemas/billing";
import { type CreateCreditNote, creditNoteResponse } from "@sprout/shared/schemas/fee-collection/credit-notes";
import {
  type PaymentClaimRequest,
  type PaymentClaimStatus,
  paymentClaimAnswer,
  paymentClaimsPage,
  receiptFileName,
  upiPayment,
} from "@sprout/shared/schemas/fee-collection/pay";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiDownload, saveDownload } from "../../api/client";
import { INVOICES_KEY } from "../../components/InvoiceList/api";
import type { PageQuery } from "../../components/PagedTable/usePaging";

const CLAIMS_KEY = ["payment-claims"] as const;
const invoiceKey = (id: string) => [...INVOICES_KEY, "detail", id] as const;

/** One invoice with its lines and payments (each with its receipt number). */
export const useInvoiceDetail = (id: string) =>
  useQuery({
    queryKey: invoiceKey(id),
    queryFn: ({ signal }) => api.get(`/invoices/${id}`, invoiceDetail, { signal }),
  });

/** The invoice's upi:// link and QR; asked only while the invoice is unpaid (a 409 says why there is none). */
export const useUpiPayment = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...invoiceKey(id), "upi"],
    queryFn: ({ signal }) => api.get(`/invoices/${id}/upi`, upiPayment, { signal }),
    enabled,
    retry: false,
  });

/** A page of one invoice's claims, newest first. */
export const useInvoiceClaims = (id: string, query: PageQuery) =>
  useQuery({
    queryKey: [...CLAIMS_KEY, "invoice", id, query],
    queryFn: ({ signal }) =>
      api.get(`/invoices/${id}/payment-claims`, paymentClaimsPage, {
        signal,
        query: { page: query.page, limit: query.limit },
      }),
    placeholderData: keepPreviousData,
  });

/** The finance list: a page of claims of one status, newest first. */
export const usePaymentClaims = (query: PageQuery & { status: PaymentClaimStatus }) =>
  useQuery({
    queryKey: [...CLAIMS_KEY, "list", query],
    queryFn: ({ signal }) =>
      api.get("/payment-claims", paymentClaimsPage, {
        signal,
        query: { page: query.page, limit: query.limit, status: query.status },
      }),
    placeholderData: keepPreviousData,
  });

export function usePayMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CLAIMS_KEY }),
      queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    ]);
  return {
    file: useMutation({
      mutationFn: ({ invoiceId, body }: { invoiceId: string; body: PaymentClaimRequest }) =>
        api.post(`/invoices/${invoiceId}/payment-claims`, body, paymentClaimAnswer),
      onSuccess: refresh,
    }),
    confirm: useMutation({
      mutationFn: (id: string) => api.post(`/payment-claims/${id}/confirm`, undefined, paymentClaimAnswer),
      onSuccess: refresh,
    }),
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api.post(`/payment-claims/${id}/reject`, { reason }, paymentClaimAnswer),
      onSuccess: refresh,
    }),
  };
}

/** Downloads a payment's receipt PDF under its receipt number. */
export const useDownloadReceipt = () =>
  useMutation({
    mutationFn: async ({ paymentId, receiptNumber }: { paymentId: string; receiptNumber: string }) =>
      saveDownload(await apiDownload(`/payments/${paymentId}/receipt`), receiptFileName(receiptNumber)),
  });

/** Issues a credit note against an invoice; the invoice lists (and their balances) refetch. */
export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: string; body: CreateCreditNote }) =>
      api.post(`/invoices/${invoiceId}/credit-notes`, body, creditNoteResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}
