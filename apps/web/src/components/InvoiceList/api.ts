import { emailedCodeResponse, twoFactorStatusResponse } from "@sprout/shared/schemas/account";
import {
  BILLING_MESSAGES,
  type Invoice,
  type InvoiceStatus,
  invoiceFileName,
  invoicesResponse,
} from "@sprout/shared/schemas/billing";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api, apiDownload, saveDownload } from "../../api/client";
import { ApiError } from "../../api/errors";

export const INVOICES_KEY = ["invoices"] as const;

export interface InvoiceListQuery {
  page: number;
  limit: number;
  status?: InvoiceStatus;
  child_id?: string;
  child_name?: string;
}

export const useInvoices = (query: InvoiceListQuery) =>
  useQuery({
    queryKey: [...INVOICES_KEY, query],
    queryFn: ({ signal }) =>
      api.get("/invoices", invoicesResponse, {
        signal,
        query: {
          page: query.page,
          limit: query.limit,
          status: query.status || undefined,
          child_name: query.child_name || undefined,
          child_id: query.child_id || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useTwoFactorEnabled = () =>
  useQuery({
    queryKey: ["auth", "2fa", "status"],
    queryFn: () => api.get("/auth/2fa/status", twoFactorStatusResponse),
    staleTime: 30_000,
  });

/** Fetches the invoice PDF with the code in `x-2fa-totp` and saves it under the invoice number. */
export async function downloadInvoicePdf(id: string, invoiceNumber: string, code: string) {
  const file = await apiDownload(`/invoices/generate-pdf/${id}`, { headers: { "x-2fa-totp": code } });
  saveDownload(file, invoiceFileName(invoiceNumber));
}

/** Downloads an invoice's PDF with a code from an authenticator app or from the e-mail. */
export const useDownloadInvoice = () =>
  useMutation({
    mutationFn: ({ invoice, code }: { invoice: Invoice; code: string }) =>
      downloadInvoicePdf(invoice.id, invoice.invoice_number, code),
  });

/** E-mails the signed-in user a one-time code that opens this invoice's PDF once. */
export const useSendDownloadCode = (invoiceId: string) =>
  useMutation({
    mutationFn: () => api.post(`/invoices/${invoiceId}/download-code`, undefined, emailedCodeResponse),
  });

/** Seconds the server asked to wait before trying again (a 429's Retry-After), if it said. */
export function retryAfterSeconds(error: unknown): number | null {
  const wait = error instanceof ApiError ? Number(error.details?.retryAfter) : Number.NaN;
  return Number.isFinite(wait) && wait > 0 ? wait : null;
}

/** The server's message for a refused code, else the spec's fallback. */
export function downloadErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : BILLING_MESSAGES.twoFactorFailed;
}
