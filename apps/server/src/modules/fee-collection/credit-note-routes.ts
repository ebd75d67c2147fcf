import { errorResponse } from "@sprout/shared/schemas/auth";
import { invoiceIdParams } from "@sprout/shared/schemas/billing";
import {
  createCreditNote,
  creditNote,
  creditNoteFileName,
  creditNoteParams,
  creditNoteResponse,
} from "@sprout/shared/schemas/fee-collection/credit-notes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isFamily } from "../../auth/access.ts";
import type { OneTimeCodes } from "../../auth/one-time-codes.ts";
import { requireSecondFactor } from "../../auth/second-factor-guard.ts";
import type { TwoFactorService } from "../../auth/two-factor.ts";
import { languageOf } from "../../i18n/intl.ts";
import { renderCreditNotePdf } from "../../pdf/credit-note.ts";
import type { BillingService } from "../billing/service.ts";
import { childRecord } from "../privacy/record-reads.ts";
import { CREDIT_NOTE_SERVER_MESSAGES, type CreditNotesService } from "./credit-notes.ts";

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Credit notes against issued invoices: issue one, read one, download its PDF. */
export function creditNoteRoutes({
  creditNotes,
  billing,
  twoFactor,
  codes,
}: {
  creditNotes: CreditNotesService;
  billing: BillingService;
  twoFactor: TwoFactorService;
  codes: OneTimeCodes;
}) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // The same code that opens the invoice's PDF opens its credit notes' (the e-mailed one is per invoice).
    const freshSecondFactor = requireSecondFactor(twoFactor, {
      codes,
      purpose: "invoice_download",
      subjectOf: (request) => (request.params as { id: string }).id,
    });

    api.post(
      "/invoices/:id/credit-notes",
      {
        config: { access: { action: "invoices.creditNote" } },
        schema: {
          summary: "Issue a credit note against an invoice (amounts include tax; at most what is outstanding)",
          description:
            "The note takes the next number of the centre's credit-note series (KOR/C26-27/00012), its lines are " +
            "taxed as the invoice's (same GSTIN and place of supply), and its total is added to the invoice's " +
            "credited amount; the invoice is Paid once paid + credited = total. A paid or cancelled invoice answers 409.",
          tags: ["billing"],
          params: invoiceIdParams,
          body: createCreditNote,
          response: { 201: creditNoteResponse, ...refusals, 409: errorResponse },
        },
      },
      async (request, reply) => {
        const note = await creditNotes.issue(request.caller, request.params.id, request.body);
        const invoice = await billing.get(await request.caller.scope(), request.params.id);
        const message = CREDIT_NOTE_SERVER_MESSAGES.issued(note.credit_note_number, invoice.invoice_number);
        return reply.code(201).send({ message, credit_note: note, invoice });
      },
    );

    api.get(
      "/invoices/:id/credit-notes/:noteId",
      {
        config: {
          access: { action: "invoices.read" },
          childRecord: childRecord("invoices", { via: "invoice", param: "id" }),
        },
        schema: {
          summary: "A credit note of an invoice, with its lines and their tax",
          tags: ["billing"],
          params: creditNoteParams,
          response: { 200: creditNote, ...refusals },
        },
      },
      async (request) => creditNotes.load(await request.caller.scope(), request.params.id, request.params.noteId),
    );

    api.get(
      "/invoices/:id/credit-notes/:noteId/pdf",
      {
        config: {
          access: { action: "invoices.read" },
          childRecord: childRecord("invoices", { via: "invoice", param: "id" }),
        },
        schema: {
          summary: "Download a credit note as a PDF (a fresh two-factor code in X-2FA-TOTP, as for the invoice)",
          tags: ["billing"],
          params: creditNoteParams,
          produces: ["application/pdf"],
        },
        preHandler: [
          async (request) => {
            const params = request.params as { id: string; noteId: string };
            await creditNotes.load(await request.caller.scope(), params.id, params.noteId);
          },
          freshSecondFactor,
        ],
      },
      async (request, reply) => {
        const scope = await request.caller.scope();
        const note = await creditNotes.load(scope, request.params.id, request.params.noteId);
        const { centre, seller } = await billing.document(scope, request.params.id);
        const language = isFamily(request.caller) ? languageOf(request) : centre.language;
        const pdf = await renderCreditNotePdf(note, centre, seller, language);
        const name = creditNoteFileName(note.credit_note_number);
        return reply
          .type("application/pdf")
          .header("Content-Disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header("Cache-Control", "no-store")
          .send(pdf);
      },
    );
  };
}
