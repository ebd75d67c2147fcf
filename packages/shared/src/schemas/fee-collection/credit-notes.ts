import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { invoiceDetail, rupeesAmount } from "../billing.ts";
import { safeString } from "../primitives.ts";
import { gstRate, sacCode, taxLine } from "./tax.ts";

/*
 * A credit note corrects an issued invoice: its own series (KOR/C26-27/00012), the invoice it
 * references, lines taxed as the invoice's were. The invoice itself is never edited; what the
 * notes credit comes off what the family owes.
 */

export const CREDIT_NOTE_MESSAGES = {
  reasonRequired: english("creditNotes.reasonRequired"),
  reasonTooLong: english("creditNotes.reasonTooLong"),
  descriptionRequired: english("creditNotes.descriptionRequired"),
  descriptionTooLong: english("creditNotes.descriptionTooLong"),
  linesRequired: english("creditNotes.linesRequired"),
  tooManyLines: english("creditNotes.tooManyLines"),
} as const;

export const creditNoteLineInput = z.object({
  description: safeString({ error: CREDIT_NOTE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, CREDIT_NOTE_MESSAGES.descriptionRequired)
    .max(200, CREDIT_NOTE_MESSAGES.descriptionTooLong),
  amount: rupeesAmount(),
  /** Omitted: the tax class of the invoice's first line (its main fee). */
  sac_code: sacCode.optional(),
  gst_rate: gstRate.optional(),
});

/** POST /api/invoices/{id}/credit-notes. Amounts include tax, as the invoice's lines do. */
export const createCreditNote = z.object({
  reason: safeString({ error: CREDIT_NOTE_MESSAGES.reasonRequired })
    .trim()
    .min(1, CREDIT_NOTE_MESSAGES.reasonRequired)
    .max(500, CREDIT_NOTE_MESSAGES.reasonTooLong),
  lines: z
    .array(creditNoteLineInput, { error: CREDIT_NOTE_MESSAGES.linesRequired })
    .min(1, CREDIT_NOTE_MESSAGES.linesRequired)
    .max(20, CREDIT_NOTE_MESSAGES.tooManyLines),
});
export type CreateCreditNote = z.input<typeof createCreditNote>;

export const creditNoteLine = z.object({ description: safeString(), amount: z.number() }).extend(taxLine.shape);

export const creditNote = z.object({
  id: safeString(),
  credit_note_number: safeString(),
  financial_year: safeString(),
  issue_date: safeString(),
  reason: safeString(),
  invoice_id: safeString(),
  invoice_number: safeString(),
  invoice_issue_date: safeString(),
  child_name: safeString(),
  center_name: safeString(),
  tax_document: z.enum(["invoice", "tax_invoice", "bill_of_supply"]),
  supplier_gstin: safeString().nullable(),
  place_of_supply: safeString().nullable(),
  total_amount: z.number(),
  taxable_value: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  lines: z.array(creditNoteLine),
  created_by_name: safeString().nullable(),
  created_at: safeString(),
});
export type CreditNote = z.infer<typeof creditNote>;

export const creditNoteParams = z.object({
  id: z.uuid({ error: english("billing.invoiceNotFound") }),
  noteId: z.uuid({ error: english("creditNotes.notFound") }),
});

export const creditNoteResponse = z.object({ message: safeString(), credit_note: creditNote, invoice: invoiceDetail });

/** The credit note's PDF file name: the number with its slashes made dashes. */
export const creditNoteFileName = (number: string) => `${number.replaceAll("/", "-")}.pdf`;
