import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { creditNotes } from "../../db/schema/fee-collection.ts";

/** The credit notes that correct an invoice, oldest first (an invoice has a handful at most). */
export function creditNotesOf(executor: Database, invoiceId: string) {
  return executor
    .select({
      id: creditNotes.id,
      creditNoteNumber: creditNotes.creditNoteNumber,
      issueDate: creditNotes.issueDate,
      reason: creditNotes.reason,
      totalPaise: creditNotes.totalPaise,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.creditNoteNumber));
}
