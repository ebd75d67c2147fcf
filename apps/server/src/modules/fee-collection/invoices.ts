import { and, eq } from "drizzle-orm";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoices } from "../../db/schema/billing.ts";
import { notFound } from "../../lib/errors.ts";
import { type InvoiceRow, invoiceInScope, selectInvoices, UUID } from "../billing/queries.ts";

/**
 * An invoice the scope may see (a parent: their own children's), optionally locked `for update`
 * in `executor`'s transaction; another family's or centre's answers 404 like an unknown one.
 */
export async function findInvoiceRow(executor: Database, scope: Scope, id: string, lock = false): Promise<InvoiceRow> {
  if (!UUID.test(id)) throw notFound("Invoice");
  const query = selectInvoices(executor).where(and(invoiceInScope(scope), eq(invoices.id, id)));
  const [row] = lock ? await query.for("update", { of: invoices }) : await query;
  if (!row) throw notFound("Invoice");
  return row;
}
