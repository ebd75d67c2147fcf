import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoices } from "../../db/schema/billing.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { documentNumber, financialYearOf, takeNumbers } from "../fee-collection/series.ts";

/** A PostgreSQL array literal of ids for `= any(...::uuid[])`; ids are UUIDs, checked by the caller's scope. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Invoices the scope may see: its centres and, for parents, their own children only. */
export function invoiceInScope(scope: Scope): SQL {
  const conditions = [inArray(invoices.centerId, scope.centerIds)];
  if (scope.childIds) conditions.push(inArray(invoices.studentId, scope.childIds));
  return and(...conditions)!;
}

export const invoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  studentId: invoices.studentId,
  centerId: invoices.centerId,
  organisationId: invoices.organisationId,
  kind: invoices.kind,
  billingMonth: invoices.billingMonth,
  description: invoices.description,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  totalPaise: invoices.totalPaise,
  paidPaise: invoices.paidPaise,
  creditedPaise: invoices.creditedPaise,
  financialYear: invoices.financialYear,
  taxDocument: invoices.taxDocument,
  supplierGstin: invoices.supplierGstin,
  placeOfSupply: invoices.placeOfSupply,
  status: invoices.status,
  cancelReason: invoices.cancelReason,
  childFirstName: students.firstName,
  childLastName: students.lastName,
  childStudentId: students.studentId,
  classroomName: classrooms.name,
  centerName: centers.name,
  timeZone: centers.timeZone,
};

export function selectInvoices(executor: Database) {
  return executor
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .innerJoin(centers, eq(centers.id, invoices.centerId))
    .leftJoin(classrooms, eq(classrooms.id, students.classroomId));
}
export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>["execute"]>>[number];

/**
 * Takes the next number of the centre's invoice series for the financial year of the issue date
 * (KOR/26-27/000123), in the caller's transaction: a rolled-back issue gives its number back.
 */
export async function takeInvoiceNumber(tx: Database, centerId: string, issueDate: string) {
  const financialYear = financialYearOf(issueDate);
  const { first, code } = await takeNumbers(tx, centerId, "invoice", financialYear);
  return { invoiceNumber: documentNumber(code, "invoice", financialYear, first), financialYear };
}
