import type { Invoice, InvoiceRequest } from "@sprout/shared/schemas/billing";
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
    balance: toRupees(row.totalPaise - row.paidPaise),
    status: row.status,
    cancel_reason: row.cancelReason,
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
