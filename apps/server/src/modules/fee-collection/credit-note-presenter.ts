import type { CreditNote } from "@sprout/shared/schemas/fee-collection/credit-notes";
import type { creditNoteLines, creditNotes } from "../../db/schema/fee-collection.ts";
import { toRupees } from "../../lib/money.ts";
import type { InvoiceRow } from "../billing/queries.ts";

type NoteRow = typeof creditNotes.$inferSelect;
type LineRow = typeof creditNoteLines.$inferSelect;

/** A credit note in rupees with its lines' tax, and the invoice it corrects. */
export function toCreditNote(
  note: NoteRow,
  createdByName: string | null,
  lines: LineRow[],
  invoice: InvoiceRow,
): CreditNote {
  const taxable = (line: LineRow) => line.taxablePaise ?? line.amountPaise;
  const sum = (pick: (line: LineRow) => number) => toRupees(lines.reduce((total, line) => total + pick(line), 0));
  return {
    id: note.id,
    credit_note_number: note.creditNoteNumber,
    financial_year: note.financialYear,
    issue_date: note.issueDate,
    reason: note.reason,
    invoice_id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    invoice_issue_date: invoice.issueDate,
    child_name: `${invoice.childFirstName} ${invoice.childLastName}`.trim(),
    center_name: invoice.centerName,
    tax_document: invoice.taxDocument,
    supplier_gstin: invoice.supplierGstin,
    place_of_supply: invoice.placeOfSupply,
    total_amount: toRupees(note.totalPaise),
    taxable_value: sum(taxable),
    cgst: sum((line) => line.cgstPaise),
    sgst: sum((line) => line.sgstPaise),
    igst: sum((line) => line.igstPaise),
    lines: lines.map((line) => ({
      description: line.description,
      amount: toRupees(line.amountPaise),
      sac_code: line.sacCode,
      gst_rate: line.gstRate,
      taxable_value: toRupees(taxable(line)),
      cgst: toRupees(line.cgstPaise),
      sgst: toRupees(line.sgstPaise),
      igst: toRupees(line.igstPaise),
    })),
    created_by_name: createdByName,
    created_at: note.createdAt.toISOString(),
  };
}
