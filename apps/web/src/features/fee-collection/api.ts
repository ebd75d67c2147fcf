import { type CreateCreditNote, creditNoteResponse } from "@sprout/shared/schemas/fee-collection/credit-notes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { INVOICES_KEY } from "../../components/InvoiceList/api";

/** Issues a credit note against an invoice; the invoice lists (and their balances) refetch. */
export function useIssueCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: string; body: CreateCreditNote }) =>
      api.post(`/invoices/${invoiceId}/credit-notes`, body, creditNoteResponse),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
        queryClient.invalidateQueries({ queryKey: ["invoice"] }),
      ]),
  });
}
