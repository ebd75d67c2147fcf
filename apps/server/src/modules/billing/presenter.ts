import type { Invoice, InvoiceDetail, InvoiceRequest } from "@sprout/shared/schemas/billing";
import type { invoiceRequests } from "../../db/schema/billing.ts";
import { toRupees } from "../../lib/money.ts";
import type { InvoiceRow } from "./queries.ts";

/** An invoice in rupees, as billing staff and the child's own family read it. */
export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    child_id: row.studentId,
    child_first_name: row.childFirstName,
    child_last_name: row.childLastName,
    classroom_name: row.classroomName,
    student_id: row.childStudentId,
    center_name: row.centerName,
    kind: row.kind,
    billing_month: row.billingMonth,
    description: row.description,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    total_amount: toRupees(row.totalPaise),
    amount_paid: toRupees(row.paidPaise),
    balance: toRupees(row.totalPaise - row.paidPaise - row.creditedPaise),
    status: row.status,
    cancel_reason: row.cancelReason,
  };
}

interface LineRow {
  description: string;
  amountPaise: number;
  sacCode: string;
  gstRate: number;
  taxablePaise: number | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}
interface PaymentRow {
  id: string;
  amountPaise: number;
  paidOn: string;
  mode: InvoiceDetail["payments"][number]["mode"];
  reference: string | null;
  receiptNumber: string | null;
  recordedByName: string | null;
  recordedAt: Date;
}
interface CreditNoteRow {
  id: string;
  creditNoteNumber: string;
  issueDate: string;
  reason: string;
  totalPaise: number;
}

/** An invoice with its lines (and their tax), payments and credit notes, in rupees. */
export function toInvoiceDetail(
  row: InvoiceRow,
  lines: LineRow[],
  paid: PaymentRow[],
  notes: CreditNoteRow[],
): InvoiceDetail {
  // A line written before GST has no taxable value: all of its amount.
  const taxable = (line: LineRow) =>
    line.taxablePaise ?? line.amountPaise - line.cgstPaise - line.sgstPaise - line.igstPaise;
  const sum = (pick: (line: LineRow) => number) => toRupees(lines.reduce((total, line) => total + pick(line), 0));
  return {
    ...toInvoice(row),
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
    payments: paid.map((entry) => ({
      id: entry.id,
      amount: toRupees(entry.amountPaise),
      paid_on: entry.paidOn,
      mode: entry.mode,
      reference: entry.reference,
      receipt_number: entry.receiptNumber,
      recorded_by_name: entry.recordedByName,
      recorded_at: entry.recordedAt.toISOString(),
    })),
    tax_document: row.taxDocument,
    supplier_gstin: row.supplierGstin,
    place_of_supply: row.placeOfSupply,
    taxable_value: sum(taxable),
    cgst: sum((line) => line.cgstPaise),
    sgst: sum((line) => line.sgstPaise),
    igst: sum((line) => line.igstPaise),
    amount_credited: toRupees(row.creditedPaise),
    outstanding: toRupees(row.totalPaise - row.paidPaise - row.creditedPaise),
    credit_notes: notes.map((note) => ({
      id: note.id,
      credit_note_number: note.creditNoteNumber,
      issue_date: note.issueDate,
      reason: note.reason,
      total_amount: toRupees(note.totalPaise),
    })),
  };
}

/** An invoice request, as billing staff list and decide it. */
export function toInvoiceRequest(row: {
  id: string;
  studentId: string;
  firstName: string;
  lastName: string;
  childStudentId: string;
  centerName: string;
  amountPaise: number;
  dueDate: string;
  description: string | null;
  sacCode: string;
  gstRate: number;
  status: (typeof invoiceRequests.$inferSelect)["status"];
  rejectReason: string | null;
  requestedByName: string | null;
  requestedAt: Date;
  decidedByName: string | null;
  decidedAt: Date | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
}): InvoiceRequest {
  return {
    id: row.id,
    child_id: row.studentId,
    child_name: `${row.firstName} ${row.lastName}`.trim(),
    student_id: row.childStudentId,
    center_name: row.centerName,
    amount: toRupees(row.amountPaise),
    due_date: row.dueDate,
    description: row.description,
    sac_code: row.sacCode,
    gst_rate: row.gstRate,
    status: row.status,
    reject_reason: row.rejectReason,
    requested_by_name: row.requestedByName,
    requested_at: row.requestedAt.toISOString(),
    decided_by_name: row.decidedByName,
    decided_at: row.decidedAt?.toISOString() ?? null,
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
  };
}
