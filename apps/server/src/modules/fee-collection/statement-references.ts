/**
 * What a statement credit's narration and reference name, read once when the statement is
 * uploaded and kept on the credit (`statement_credits.utrs`, `upi_references`):
 * - UTRs: a UPI transaction reference is a run of exactly 12 digits (longer runs are account and
 *   card numbers);
 * - the `tr` Sprout puts on each invoice's UPI link: SPR and 9 digits (`invoices.payment_reference`),
 *   in any case, not followed by another digit.
 * Each list is sorted and without repeats, so the first UTR is the one a payment records.
 */
export function referencesIn(narration: string, reference: string): { utrs: string[]; upiReferences: string[] } {
  const words = `${narration} ${reference}`.toUpperCase();
  const utrs = (words.match(/\d{12,}/g) ?? []).filter((run) => run.length === 12);
  const upiReferences = words.match(/SPR\d{9}(?!\d)/g) ?? [];
  const distinct = (values: string[]) => [...new Set(values)].sort();
  return { utrs: distinct(utrs), upiReferences: distinct(upiReferences) };
}
