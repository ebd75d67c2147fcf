import { english } from "@sprout/shared/i18n/english";
import { todayIn } from "@sprout/shared/schemas/children";
import {
  type CreateCreditNote,
  type CreditNote,
  createCreditNote,
} from "@sprout/shared/schemas/fee-collection/credit-notes";
import { and, asc, eq } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { invoiceLines, invoices } from "../../db/schema/billing.ts";
import { creditNoteLines, creditNotes } from "../../db/schema/fee-collection.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { toPaise } from "../../lib/money.ts";
import { taxDraft } from "../billing/invoice-tax.ts";
import { wrongState } from "../billing/messages.ts";
import { type InvoiceRow, invoiceInScope, selectInvoices, UUID } from "../billing/queries.ts";
import { toCreditNote } from "./credit-note-presenter.ts";
import { documentNumber, financialYearOf, takeNumbers } from "./series.ts";

export const CREDIT_NOTE_SERVER_MESSAGES = {
  cancelled: english("server.creditNotes.invoiceCancelled"),
  paid: english("server.creditNotes.invoicePaid"),
  exceedsOutstanding: (outstanding: number) =>
    english("server.creditNotes.exceedsOutstanding", { outstanding: (outstanding / 100).toFixed(2) }),
  issued: (number: string, invoice: string) => english("server.creditNotes.issued", { number, invoice }),
} as const;

/**
 * Credit notes: the one way to correct an issued invoice. Issuing one locks the invoice, checks
 * it is open and that the note takes off no more than is outstanding, takes the next number of
 * the centre's credit-note series, writes the note with its lines taxed as the invoice was
 * (same GSTIN and place of supply), adds it to the invoice's credited amount and audits it,
 * all in one transaction: a failed issue gives its number back.
 */
export function createCreditNotes({ db, clock }: { db: Database; clock: Clock }) {
  async function lockedInvoice(tx: Database, scope: Scope, id: string): Promise<InvoiceRow> {
    if (!UUID.test(id)) throw notFound("Invoice");
    const [row] = await selectInvoices(tx)
      .where(and(invoiceInScope(scope), eq(invoices.id, id)))
      .for("update", { of: invoices });
    if (!row) throw notFound("Invoice");
    return row;
  }

  /** A credit note of an invoice the scope may read; 404 otherwise. */
  async function load(executor: Database, scope: Scope, invoiceId: string, noteId: string): Promise<CreditNote> {
    if (!UUID.test(invoiceId) || !UUID.test(noteId)) throw notFound("Credit note");
    const [invoice] = await selectInvoices(executor).where(and(invoiceInScope(scope), eq(invoices.id, invoiceId)));
    if (!invoice) throw notFound("Credit note");
    const [note] = await executor
      .select({ note: creditNotes, createdByName: users.fullName })
      .from(creditNotes)
      .leftJoin(users, eq(users.id, creditNotes.createdBy))
      .where(and(eq(creditNotes.id, noteId), eq(creditNotes.invoiceId, invoiceId)));
    if (!note) throw notFound("Credit note");
    const lines = await executor
      .select()
      .from(creditNoteLines)
      .where(eq(creditNoteLines.creditNoteId, noteId))
      .orderBy(asc(creditNoteLines.position));
    return toCreditNote(note.note, note.createdByName, lines, invoice);
  }

  return {
    load: (scope: Scope, invoiceId: string, noteId: string) => load(db, scope, invoiceId, noteId),

    async issue(caller: Caller, invoiceId: string, raw: CreateCreditNote): Promise<CreditNote> {
      const input = createCreditNote.parse(raw);
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const invoice = await lockedInvoice(tx, scope, invoiceId);
        if (invoice.status === "Cancelled") throw wrongState(CREDIT_NOTE_SERVER_MESSAGES.cancelled);
        if (invoice.status === "Paid") throw wrongState(CREDIT_NOTE_SERVER_MESSAGES.paid);
        const outstanding = invoice.totalPaise - invoice.paidPaise - invoice.creditedPaise;
        const totalPaise = input.lines.reduce((sum, line) => sum + toPaise(line.amount), 0);
        if (totalPaise > outstanding) {
          const message = CREDIT_NOTE_SERVER_MESSAGES.exceedsOutstanding(outstanding);
          throw badRequest(message, { lines: message });
        }
        // A line without a tax class takes the invoice's main fee's (its first line's).
        const [first] = await tx
          .select({ sacCode: invoiceLines.sacCode, gstRate: invoiceLines.gstRate })
          .from(invoiceLines)
          .where(eq(invoiceLines.invoiceId, invoice.id))
          .orderBy(asc(invoiceLines.position))
          .limit(1);
        const draft = await taxDraft(
          tx,
          invoice.centerId,
          invoice.studentId,
          input.lines.map((line) => ({
            description: line.description,
            amountPaise: toPaise(line.amount),
            sacCode: line.sac_code ?? first?.sacCode ?? "999210",
            gstRate: line.gst_rate ?? first?.gstRate ?? 0,
          })),
          { supplierGstin: invoice.supplierGstin, placeOfSupply: invoice.placeOfSupply },
        );
        const now = clock.now();
        const today = todayIn(invoice.timeZone, now);
        const financialYear = financialYearOf(today);
        const { first: number, code } = await takeNumbers(tx, invoice.centerId, "credit_note", financialYear);
        const creditNoteNumber = documentNumber(code, "credit_note", financialYear, number);
        const [note] = await tx
          .insert(creditNotes)
          .values({
            organisationId: invoice.organisationId,
            centerId: invoice.centerId,
            invoiceId: invoice.id,
            creditNoteNumber,
            financialYear,
            issueDate: today,
            reason: input.reason,
            totalPaise,
            createdBy: caller.userId,
            createdAt: now,
          })
          .returning({ id: creditNotes.id });
        await tx.insert(creditNoteLines).values(
          draft.lines.map((line, position) => ({
            creditNoteId: note!.id,
            position,
            description: line.description,
            amountPaise: line.amountPaise,
            sacCode: line.sacCode,
            gstRate: line.gstRate,
            taxablePaise: line.taxablePaise,
            cgstPaise: line.cgstPaise,
            sgstPaise: line.sgstPaise,
            igstPaise: line.igstPaise,
          })),
        );
        const creditedPaise = invoice.creditedPaise + totalPaise;
        const settled = invoice.paidPaise + creditedPaise === invoice.totalPaise;
        await tx
          .update(invoices)
          .set({ creditedPaise, updatedAt: now, ...(settled && { status: "Paid" as const, paidAt: now }) })
          .where(eq(invoices.id, invoice.id));
        await writeAudit(tx, {
          organisationId: invoice.organisationId,
          actorId: caller.userId,
          action: "invoice.credit_note",
          entity: "invoice",
          entityId: invoice.id,
          before: { status: invoice.status, credited_paise: invoice.creditedPaise },
          after: {
            status: settled ? "Paid" : invoice.status,
            credited_paise: creditedPaise,
            credit_note_id: note!.id,
            credit_note_number: creditNoteNumber,
            total_paise: totalPaise,
            reason: input.reason,
          },
        });
        return load(tx, scope, invoice.id, note!.id);
      });
    },
  };
}
export type CreditNotesService = ReturnType<typeof createCreditNotes>;
