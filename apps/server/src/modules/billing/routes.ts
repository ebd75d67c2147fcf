import { emailedCodeResponse } from "@sprout/shared/schemas/account";
import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  cancelInvoiceRequest,
  createInvoiceRequest,
  generateMonthlyRequest,
  generateMonthlyResponse,
  generationPreview,
  generationPreviewQuery,
  invoiceActionResponse,
  invoiceDetail,
  invoiceFileName,
  invoiceIdParams,
  invoiceRequestActionResponse,
  invoiceRequestIdParams,
  invoiceRequestsQuery,
  invoiceRequestsResponse,
  invoicesQuery,
  invoicesResponse,
  paymentRequest,
  rejectInvoiceRequest,
} from "@sprout/shared/schemas/billing";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isFamily } from "../../auth/access.ts";
import { addRetryAfterHeader } from "../../auth/limits.ts";
import type { OneTimeCodes } from "../../auth/one-time-codes.ts";
import { requireSecondFactor } from "../../auth/second-factor-guard.ts";
import type { TwoFactorService } from "../../auth/two-factor.ts";
import { languageOf } from "../../i18n/intl.ts";
import { invoiceDownloadCodeMail } from "../../mail/templates.ts";
import { renderInvoicePdf } from "../../pdf/invoice.ts";
import { childRecord } from "../privacy/record-reads.ts";
import type { BillingService } from "./service.ts";

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export function billingRoutes({
  billing,
  twoFactor,
  codes,
}: {
  billing: BillingService;
  twoFactor: TwoFactorService;
  codes: OneTimeCodes;
}) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    addRetryAfterHeader(app);
    // The invoice PDF opens with an app code, a backup code, or the code e-mailed for that invoice.
    const freshSecondFactor = requireSecondFactor(twoFactor, {
      codes,
      purpose: "invoice_download",
      subjectOf: (request) => (request.params as { id: string }).id,
    });

    api.get(
      "/invoices",
      {
        config: { access: { action: "invoices.read" }, keptAnswer: true },
        schema: {
          summary:
            "A page of invoices, newest first, filtered by status and searched by child name (a parent: their own children's)",
          tags: ["billing"],
          querystring: invoicesQuery,
          response: { 200: invoicesResponse },
        },
      },
      async (request) => billing.list(await request.caller.scope(), request.query),
    );

    api.get(
      "/invoices/:id",
      {
        config: { access: { action: "invoices.read" }, childRecord: childRecord("invoices", { field: "child_id" }) },
        schema: {
          summary: "An invoice with its lines and payments",
          tags: ["billing"],
          params: invoiceIdParams,
          response: { 200: invoiceDetail },
        },
      },
      async (request) => billing.get(await request.caller.scope(), request.params.id),
    );

    api.get(
      "/invoices/generate-pdf/:id",
      {
        config: {
          access: { action: "invoices.read" },
          childRecord: childRecord("invoices", { via: "invoice", param: "id" }),
        },
        schema: {
          summary: "Download an invoice as a PDF (a fresh two-factor code in X-2FA-TOTP)",
          description:
            "The `X-2FA-TOTP` header carries a 6-digit code from the caller's authenticator app, one of their " +
            "backup codes, or the one-time code e-mailed for this invoice by " +
            "`POST /api/invoices/{id}/download-code` (the way for people without an authenticator app). " +
            "Each code opens one download; too many wrong codes answer 429.",
          tags: ["billing"],
          params: invoiceIdParams,
          produces: ["application/pdf"],
        },
        // An invoice the caller may not see is "not found" before any code is asked for.
        preHandler: [
          async (request) => {
            await billing.find(await request.caller.scope(), (request.params as { id: string }).id);
          },
          freshSecondFactor,
        ],
      },
      async (request, reply) => {
        const { invoice, centre, seller } = await billing.document(await request.caller.scope(), request.params.id);
        // A parent reads it in their own language; the centre's copy is in the centre's.
        const language = isFamily(request.caller) ? languageOf(request) : centre.language;
        const pdf = await renderInvoicePdf(invoice, centre, seller, language);
        const name = invoiceFileName(invoice.invoice_number);
        return reply
          .type("application/pdf")
          .header("Content-Disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header("Cache-Control", "no-store")
          .send(pdf);
      },
    );

    api.post(
      "/invoices/:id/download-code",
      {
        config: { access: { action: "invoices.read" } },
        schema: {
          summary: "E-mail me a one-time code to download this invoice",
          description:
            "Sends the signed-in caller, at their own address, a 6-digit code that opens this invoice's PDF " +
            "once (`X-2FA-TOTP` on `GET /api/invoices/generate-pdf/{id}`), for 10 minutes and 5 tries. " +
            "A new code replaces the previous one; another may be asked for after `resendIn` seconds, " +
            "and at most 5 in 15 minutes (429 with Retry-After otherwise).",
          tags: ["billing"],
          params: invoiceIdParams,
          response: { 200: emailedCodeResponse, ...refusals, 429: errorResponse },
        },
      },
      async (request) => {
        // Another family's or another centre's invoice is "not found" before anything is sent.
        const invoice = await billing.find(await request.caller.scope(), request.params.id);
        const { user } = request.caller;
        return codes.send(user, "invoice_download", invoice.id, (code, minutes) =>
          invoiceDownloadCodeMail(
            user.email,
            user.fullName,
            code,
            minutes,
            invoice.invoice_number,
            languageOf(request),
          ),
        );
      },
    );

    api.get(
      "/invoices/generation-preview",
      {
        config: { access: { action: "invoices.generate" } },
        schema: {
          summary: "How many invoices generating now would create, and their total, without creating any",
          tags: ["billing"],
          querystring: generationPreviewQuery,
          response: { 200: generationPreview, ...refusals },
        },
      },
      async (request) => billing.previewMonthly(request.caller, request.query.center_id),
    );

    api.post(
      "/invoices/generate-monthly",
      {
        config: { access: { action: "invoices.generate" } },
        schema: {
          summary: "Generate this month's invoices for the enrolled children (a rerun skips those already invoiced)",
          tags: ["billing"],
          body: generateMonthlyRequest,
          response: { 200: generateMonthlyResponse },
        },
      },
      async (request) => billing.generateMonthly(request.caller, request.body?.center_id),
    );

    api.post(
      "/invoices/:id/payments",
      {
        config: { access: { action: "invoices.recordPayment" } },
        schema: {
          summary: "Record a payment against an invoice",
          tags: ["billing"],
          params: invoiceIdParams,
          body: paymentRequest,
          response: { 200: invoiceActionResponse },
        },
      },
      async (request) => {
        const invoice = await billing.recordPayment(request.caller, request.params.id, request.body);
        const message =
          invoice.status === "Paid"
            ? `Payment recorded. ${invoice.invoice_number} is now Paid.`
            : `Payment recorded for ${invoice.invoice_number}.`;
        return { message, invoice };
      },
    );

    api.post(
      "/invoices/:id/cancel",
      {
        config: { access: { action: "invoices.generate" } },
        schema: {
          summary: "Cancel an invoice, with a reason",
          tags: ["billing"],
          params: invoiceIdParams,
          body: cancelInvoiceRequest,
          response: { 200: invoiceActionResponse },
        },
      },
      async (request) => {
        const invoice = await billing.cancel(request.caller, request.params.id, request.body.reason);
        return { message: `${invoice.invoice_number} has been cancelled.`, invoice };
      },
    );

    api.get(
      "/invoices/requests",
      {
        config: { access: { action: "invoices.request" } },
        schema: {
          summary: "A page of invoice requests, Pending first, filtered by status",
          tags: ["billing"],
          querystring: invoiceRequestsQuery,
          response: { 200: invoiceRequestsResponse },
        },
      },
      async (request) => billing.listRequests(await request.caller.scope(), request.query),
    );

    api.post(
      "/invoices/requests",
      {
        config: { access: { action: "invoices.request" } },
        schema: {
          summary: "Ask for an invoice to be raised (it waits for approval)",
          tags: ["billing"],
          body: createInvoiceRequest,
          response: { 201: invoiceRequestActionResponse },
        },
      },
      async (request, reply) => {
        const created = await billing.createRequest(request.caller, request.body);
        return reply
          .code(201)
          .send({ message: `Invoice request for ${created.child_name} submitted for approval.`, request: created });
      },
    );

    api.post(
      "/invoices/requests/:id/approve",
      {
        config: { access: { action: "invoices.generate" } },
        schema: {
          summary: "Approve an invoice request, which raises the invoice",
          tags: ["billing"],
          params: invoiceRequestIdParams,
          response: { 200: invoiceRequestActionResponse },
        },
      },
      async (request) => {
        const approved = await billing.approveRequest(request.caller, request.params.id);
        return {
          message: `Request approved. Invoice ${approved.invoice_number} created for ${approved.child_name}.`,
          request: approved,
        };
      },
    );

    api.post(
      "/invoices/requests/:id/reject",
      {
        config: { access: { action: "invoices.generate" } },
        schema: {
          summary: "Reject an invoice request, with a reason",
          tags: ["billing"],
          params: invoiceRequestIdParams,
          body: rejectInvoiceRequest,
          response: { 200: invoiceRequestActionResponse },
        },
      },
      async (request) => {
        const rejected = await billing.rejectRequest(request.caller, request.params.id, request.body.reason);
        return { message: `Request for ${rejected.child_name} rejected.`, request: rejected };
      },
    );
  };
}
