import multipart from "@fastify/multipart";
import {
  approvalInput,
  BUDGET_MESSAGES,
  budgetCentres,
  budgetLimit,
  budgetLimitInput,
  budgetLimitsPage,
  budgetLimitsQuery,
  budgetRequest,
  budgetRequestCreated,
  budgetRequestInput,
  budgetRequestsPage,
  budgetRequestsQuery,
  expense,
  expenseInput,
  expensesPage,
  expensesQuery,
  exportQuery,
  financeDashboard,
  quoteUploaded,
  RECEIPT_MAX_BYTES,
  receiptUploaded,
} from "@sprout/shared/schemas/budget";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readMultipart } from "../../files/multipart.ts";
import { sendStoredFile } from "../../files/serve.ts";
import { translatorOf } from "../../i18n/answers.ts";
import { languageOf } from "../../i18n/intl.ts";
import type { BudgetArea } from "./area.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const fileRefusals = { ...refusals, 413: error, 415: error };
const tags = ["budget"];
const idParams = z.object({ id: z.uuid({ error: "Not found" }) });

/** Budget limits, requests and approvals, expenses with receipts, the export and the dashboard. */
export function budgetRoutes({ limits, requests, quotes, expenses, exports, dashboard }: BudgetArea) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 } });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/financial-manager/dashboard",
      {
        config: { access: { action: "budget.oversee" } },
        schema: {
          summary: "The finance dashboard: overview, limits, pending approvals, oversight, analytics",
          tags,
          response: { 200: financeDashboard, ...refusals },
        },
      },
      async (request) => dashboard.load(request.caller, languageOf(request)),
    );

    api.get(
      "/financial-manager/budget-limits",
      {
        config: { access: { action: "budgetLimits.manage" } },
        schema: {
          summary: "A page of budget limits, searchable by centre or role",
          tags,
          querystring: budgetLimitsQuery,
          response: { 200: budgetLimitsPage, ...refusals },
        },
      },
      async (request) => limits.list(request.caller, request.query),
    );

    api.post(
      "/financial-manager/budget-limits",
      {
        config: { access: { action: "budgetLimits.manage" } },
        schema: {
          summary: "Set a role's approval limit at a centre for a fiscal year (optionally one category)",
          tags,
          body: budgetLimitInput,
          response: { 201: budgetLimit, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await limits.create(request.caller, request.body)),
    );

    api.put(
      "/financial-manager/budget-limits/:id",
      {
        config: { access: { action: "budgetLimits.manage" } },
        schema: {
          summary: "Change a budget limit",
          tags,
          params: idParams,
          body: budgetLimitInput,
          response: { 200: budgetLimit, ...refusals },
        },
      },
      async (request) => limits.update(request.caller, request.params.id, request.body),
    );

    api.put(
      "/financial-manager/approvals/:id",
      {
        config: { access: { action: "budget.oversee" } },
        schema: {
          summary: "Approve or reject a waiting budget request (a decided one answers 409)",
          tags,
          params: idParams,
          body: approvalInput,
          response: { 200: budgetRequest, ...refusals },
        },
      },
      async (request) => requests.decide(request.caller, request.params.id, request.body),
    );

    api.get(
      "/budget/requests",
      {
        config: { access: { action: "budgetRequests.read" } },
        schema: {
          summary: "A page of budget requests: the centre's for those who approve, else one's own",
          tags,
          querystring: budgetRequestsQuery,
          response: { 200: budgetRequestsPage, ...refusals },
        },
      },
      async (request) => requests.list(request.caller, request.query),
    );

    api.post(
      "/budget/requests",
      {
        config: { access: { action: "budgetRequests.raise" } },
        schema: {
          summary: "Raise a budget request (approved at once within the requester's active limit)",
          tags,
          body: budgetRequestInput,
          response: { 201: budgetRequestCreated, ...refusals },
        },
      },
      async (request, reply) => {
        const answer = await requests.create(request.caller, request.body);
        return reply.code(201).send({ ...answer, message: translatorOf(request)(answer.message) });
      },
    );

    api.post(
      "/budget/quotes",
      {
        config: { access: { action: "budgetRequests.raise" } },
        schema: {
          summary: "Upload a supplier's quote for a request about to be raised (image or PDF under 5 MB)",
          tags,
          consumes: ["multipart/form-data"],
          response: { 201: quoteUploaded, ...fileRefusals },
        },
      },
      async (request, reply) => {
        const upload = request.isMultipart()
          ? await readMultipart(request, { fileField: "quote", tooLarge: BUDGET_MESSAGES.receiptTooLarge })
          : undefined;
        return reply.code(201).send(await quotes.upload(request.caller, upload?.file));
      },
    );

    api.get(
      "/budget/quotes/:id",
      {
        config: { access: { action: "budgetRequests.read" } },
        schema: {
          summary: "A request's quote, for its requester and those who decide it",
          tags,
          params: idParams,
        },
      },
      async (request, reply) => sendStoredFile(reply, await quotes.open(request.caller, request.params.id)),
    );

    api.get(
      "/budget/centres",
      {
        config: { access: { action: "budgetRequests.read" } },
        schema: {
          summary: "The centres the caller logs expenses or raises requests for, with their time zones",
          tags,
          response: { 200: budgetCentres, ...refusals },
        },
      },
      async (request) => ({ centers: await expenses.centres(request.caller) }),
    );

    api.get(
      "/expenses",
      {
        config: { access: { action: "expenses.track" } },
        schema: {
          summary: "A page of expenses, latest first, filtered by dates and category",
          tags,
          querystring: expensesQuery,
          response: { 200: expensesPage, ...refusals },
        },
      },
      async (request) => expenses.list(request.caller, request.query),
    );

    api.post(
      "/expenses/upload-receipt",
      {
        config: { access: { action: "expenses.track" } },
        schema: {
          summary: "Upload a receipt (image or PDF under 5 MB, checked by its content)",
          tags,
          consumes: ["multipart/form-data"],
          response: { 201: receiptUploaded, ...fileRefusals },
        },
      },
      async (request, reply) => {
        const upload = request.isMultipart()
          ? await readMultipart(request, { fileField: "receipt", tooLarge: BUDGET_MESSAGES.receiptTooLarge })
          : undefined;
        return reply.code(201).send(await expenses.uploadReceipt(request.caller, upload?.file?.content));
      },
    );

    api.post(
      "/expenses/log",
      {
        config: { access: { action: "expenses.track" } },
        schema: {
          summary: "Log an expense (date defaults to today at the centre)",
          tags,
          body: expenseInput,
          response: { 201: expense, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await expenses.log(request.caller, request.body)),
    );

    api.get(
      "/expenses/receipts/:id",
      {
        config: { access: { action: "expenses.track" } },
        schema: { summary: "A receipt, for those who may see its centre's expenses", tags, params: idParams },
      },
      async (request, reply) => sendStoredFile(reply, await expenses.openReceipt(request.caller, request.params.id)),
    );

    api.get(
      "/expenses/export",
      {
        config: { access: { action: "expenses.track" } },
        schema: {
          summary: "Export Expenses: an .xlsx workbook of expenses and budget requests, streamed",
          tags,
          querystring: exportQuery,
          produces: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await exports.exportExpenses(request.caller, request.query);
        return reply
          .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .header("cache-control", "private, no-store")
          .send(stream);
      },
    );
  };
}
