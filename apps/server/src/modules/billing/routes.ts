import {
  cancelInvoiceRequest,
  createInvoiceRequest,
  generateMonthlyRequest,
  generateMonthlyResponse,
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
import { requireSecondFactor } from "../../auth/second-factor-guard.ts";
import type { TwoFactorService } from "../../auth/two-factor.ts";
import { renderInvoicePdf } from "../../pdf/invoice.ts";
import { childRecord } from "../privacy/record-reads.ts";
import type { BillingService } from "./service.ts";

/** Billing staff, and parents for their own children's invoices (the service filters by scope). */
const READ_INVOICES = {
  features: ["billing", "invoice_generation", "payment_processing", "view_own_children"],
} as const;
const REQUESTS = { features: ["billing", "invoice_generation"] } as const;
const GENERATE = { features: ["invoice_generation"] } as const;
const PAYMENTS = { features: ["payment_processing"] } as const;

export function billingRoutes({ billing, twoFactor }: { billing: BillingService; twoFactor: TwoFactorService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/invoices",
      {
        config: { access: READ_INVOICES, keptAnswer: true },
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
        config: { access: READ_INVOICES, childRecord: childRecord("invoices", { field: "child_id" }) },
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
        config: { access: READ_INVOICES, childRecord: childRecord("invoices", { via: "invoice", param: "id" }) },
        schema: {
          summary: "Download an invoice as a PDF (a fresh two-factor code in X-2FA-TOTP)",
          tags: ["billing"],
          params: invoiceIdParams,
          produces: ["application/pdf"],
        },
        // An invoice the caller may not see is "not found" before any code is asked for.
        preHandler: [
          async (request) => {
            await billing.get(await request.caller.scope(), (request.params as { id: string }).id);
          },
          requireSecondFactor(twoFactor),
        ],
      },
      async (request, reply) => {
        const { invoice, centre } = await billing.document(await request.caller.scope(), request.params.id);
        const pdf = await renderInvoicePdf(invoice, centre);
        const name = invoiceFileName(invoice.invoice_number);
        return reply
          .type("application/pdf")
          .header("Content-Disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header("Cache-Control", "no-store")
          .send(pdf);
      },
    );

    api.post(
      "/invoices/generate-monthly",
      {
        config: { access: GENERATE },
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
        config: { access: PAYMENTS },
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
        config: { access: GENERATE },
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
        config: { access: REQUESTS },
        schema: {
          summary: "Invoice requests, filtered by status",
          tags: ["billing"],
          querystring: invoiceRequestsQuery,
          response: { 200: invoiceRequestsResponse },
        },
      },
      async (request) => ({ requests: await billing.listRequests(await request.caller.scope(), request.query.status) }),
    );

    api.post(
      "/invoices/requests",
      {
        config: { access: REQUESTS },
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
        config: { access: GENERATE },
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
        config: { access: GENERATE },
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
