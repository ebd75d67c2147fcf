import { errorResponse } from "@sprout/shared/schemas/auth";
import { invoiceIdParams } from "@sprout/shared/schemas/billing";
import {
  invoiceClaimsQuery,
  paymentClaimAnswer,
  paymentClaimIdParams,
  paymentClaimRequest,
  paymentClaimsPage,
  paymentClaimsQuery,
  paymentIdParams,
  receiptFileName,
  rejectPaymentClaimRequest,
  upiPayment,
} from "@sprout/shared/schemas/fee-collection/pay";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isFamily } from "../../auth/access.ts";
import { languageOf } from "../../i18n/intl.ts";
import { renderReceiptPdf } from "../../pdf/receipt.ts";
import { childRecord } from "../privacy/record-reads.ts";
import { CLAIM_MESSAGES } from "./claims.ts";
import type { PayArea } from "./pay-area.ts";

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const decisions = { ...refusals, 409: errorResponse };

export function payRoutes({ upi, claims, receipts }: PayArea) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/invoices/:id/upi",
      {
        config: {
          access: { action: "invoices.read" },
          childRecord: childRecord("invoices", { via: "invoice", param: "id" }),
        },
        schema: {
          summary: "The invoice's UPI payment link (upi://pay) and its QR code",
          description:
            "`uri` is `upi://pay?pa=<UPI ID>&pn=<payee>&am=<outstanding>&cu=INR&tn=<invoice number>&tr=<the " +
            "invoice's payment reference>`; `qr_png` is that link as a PNG data URL. A paid or cancelled " +
            "invoice, or a centre without a UPI ID, answers 409 with the reason.",
          tags: ["payments"],
          params: invoiceIdParams,
          response: { 200: upiPayment, ...refusals, 409: errorResponse },
        },
      },
      async (request) => upi.upiFor(await request.caller.scope(), request.params.id),
    );

    api.post(
      "/invoices/:id/payment-claims",
      {
        config: { access: { action: "payments.claim" } },
        schema: {
          summary: "Say I have paid this invoice by UPI (a payment claim the office confirms)",
          description:
            "The 12-digit UTR the UPI app shows, the amount (at most what is outstanding) and the day paid " +
            "(not in the future nor before the invoice's issue date). A UTR already given on any claim or " +
            "payment answers 409.",
          tags: ["payments"],
          params: invoiceIdParams,
          body: paymentClaimRequest,
          response: { 201: paymentClaimAnswer, ...decisions },
        },
      },
      async (request, reply) => {
        const claim = await claims.file(request.caller, request.params.id, request.body);
        return reply.code(201).send({ message: CLAIM_MESSAGES.filed, claim });
      },
    );

    api.get(
      "/invoices/:id/payment-claims",
      {
        config: {
          access: { action: "invoices.read" },
          childRecord: childRecord("invoices", { via: "invoice", param: "id" }),
        },
        schema: {
          summary: "A page of one invoice's payment claims, newest first, with their status and any rejection reason",
          tags: ["payments"],
          params: invoiceIdParams,
          querystring: invoiceClaimsQuery,
          response: { 200: paymentClaimsPage, ...refusals },
        },
      },
      async (request) => claims.ofInvoice(await request.caller.scope(), request.params.id, request.query),
    );

    api.get(
      "/payment-claims",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "A page of payment claims of one status (Waiting by default), newest first, by centre",
          tags: ["payments"],
          querystring: paymentClaimsQuery,
          response: { 200: paymentClaimsPage, ...refusals },
        },
      },
      async (request) => claims.list(await request.caller.scope(), request.query),
    );

    api.post(
      "/payment-claims/:id/confirm",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "Confirm a waiting payment claim: the payment is recorded with a receipt number",
          tags: ["payments"],
          params: paymentClaimIdParams,
          response: { 200: paymentClaimAnswer, ...decisions },
        },
      },
      async (request) => ({
        message: CLAIM_MESSAGES.confirmed,
        claim: await claims.confirm(request.caller, request.params.id),
      }),
    );

    api.post(
      "/payment-claims/:id/reject",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "Reject a waiting payment claim with a reason the parent reads",
          tags: ["payments"],
          params: paymentClaimIdParams,
          body: rejectPaymentClaimRequest,
          response: { 200: paymentClaimAnswer, ...decisions },
        },
      },
      async (request) => ({
        message: CLAIM_MESSAGES.rejected,
        claim: await claims.reject(request.caller, request.params.id, request.body.reason),
      }),
    );

    api.get(
      "/payments/:id/receipt",
      {
        config: { access: { action: "invoices.read" } },
        schema: {
          summary: "Download a payment's receipt as a PDF",
          description:
            "A parent downloads their own child's receipts (in their language), billing staff those of their " +
            "centres (in the centre's language). No second factor: the receipt shows nothing the invoice " +
            "page does not already show the same caller.",
          tags: ["payments"],
          params: paymentIdParams,
          produces: ["application/pdf"],
        },
      },
      async (request, reply) => {
        const receipt = await receipts.receipt(await request.caller.scope(), request.params.id);
        // As the invoice PDF: a parent reads it in their own language; the centre's copy is in the centre's.
        const language = isFamily(request.caller) ? languageOf(request) : receipt.centre.language;
        const pdf = await renderReceiptPdf(receipt, receipt.centre, language);
        const name = receiptFileName(receipt.receiptNumber);
        return reply
          .type("application/pdf")
          .header("Content-Disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header("Cache-Control", "no-store")
          .send(pdf);
      },
    );
  };
}
