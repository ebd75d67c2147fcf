import multipart from "@fastify/multipart";
import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  confirmMatchesRequest,
  ignoreCreditsRequest,
  STATEMENT_MAX_BYTES,
  STATEMENT_MESSAGES,
  statementActionResponse,
  statementCreditsQuery,
  statementDetail,
  statementIdParams,
  statementsQuery,
  statementsResponse,
  statementUploadFields,
  statementUploadQuery,
  statementUploadResponse,
} from "@sprout/shared/schemas/fee-collection/statements";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { readMultipart } from "../../files/multipart.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import type { StatementsService } from "./statements.ts";

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const TAGS = ["fee-collection"];

export function statementsRoutes({ statements }: { statements: StatementsService }) {
  return async (app: FastifyInstance) => {
    // One file, refused from 10 MB on: past the limit the upload is cut off and answered 400.
    await app.register(multipart, {
      limits: { fileSize: STATEMENT_MAX_BYTES - 1, files: 1, fields: 5, fieldSize: 1_000 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      "/payments/statements",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "Upload a bank statement (multipart: file, center_id, optional format) and match its credits",
          description:
            "Reads a CSV or .xlsx statement of HDFC, SBI or ICICI, or one with the columns Date, Narration, " +
            "Credit Amount and Reference; only credits count. Each credit is stored once (by centre, date, " +
            "amount and reference), so uploading a statement again adds nothing and answers how many credits " +
            "were already known. The answer lists the first page of credits with their proposed matches.",
          tags: TAGS,
          consumes: ["multipart/form-data"],
          querystring: statementUploadQuery,
          response: { 201: statementUploadResponse, ...refusals },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw badRequest(STATEMENT_MESSAGES.fileRequired, { file: STATEMENT_MESSAGES.fileRequired });
        const { fields, file } = await readMultipart(request, {
          fileField: "file",
          tooLarge: STATEMENT_MESSAGES.tooLarge,
        }).catch((error: unknown) => {
          // A statement too large is a bad file like any other: 400.
          if (error instanceof HttpError && error.statusCode === 413)
            throw badRequest(STATEMENT_MESSAGES.tooLarge, { file: STATEMENT_MESSAGES.tooLarge });
          throw error;
        });
        if (!file || file.content.length === 0)
          throw badRequest(STATEMENT_MESSAGES.fileRequired, { file: STATEMENT_MESSAGES.fileRequired });
        const parsed = statementUploadFields.safeParse({
          center_id: fields.center_id || request.query.center_id,
          format: fields.format || request.query.format,
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(issue.message, { [String(issue.path[0] ?? "body")]: issue.message });
        }
        const answer = await statements.upload(request.caller, {
          centerId: parsed.data.center_id,
          format: parsed.data.format,
          fileName: file.name,
          content: file.content,
        });
        return reply.code(201).send(answer);
      },
    );

    api.get(
      "/payments/statements",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "A page of the bank statements uploaded for the caller's centres, newest first",
          tags: TAGS,
          querystring: statementsQuery,
          response: { 200: statementsResponse, ...refusals },
        },
      },
      async (request) => statements.list(await request.caller.scope(), request.query),
    );

    api.get(
      "/payments/statements/:id",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "A bank statement with a page of its credits, each with its proposed match and suggestions",
          tags: TAGS,
          params: statementIdParams,
          querystring: statementCreditsQuery,
          response: { 200: statementDetail, ...refusals },
        },
      },
      async (request) => statements.get(await request.caller.scope(), request.params.id, request.query),
    );

    api.post(
      "/payments/statements/:id/confirm",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "Record the chosen matches of a statement's credits as payments, all or none",
          description:
            "Each match names a credit and either a waiting payment claim (confirmed with the payment) or an " +
            "invoice of the statement's centre. Every payment gets a receipt number. A credit already recorded " +
            "answers 409, an amount over what is due 400, an invoice of another centre 400; then nothing is recorded.",
          tags: TAGS,
          params: statementIdParams,
          body: confirmMatchesRequest,
          response: { 200: statementActionResponse, ...refusals, 409: errorResponse },
        },
      },
      async (request) => statements.confirm(request.caller, request.params.id, request.body),
    );

    api.post(
      "/payments/statements/:id/ignore",
      {
        config: { access: { action: "payments.reconcile" } },
        schema: {
          summary: "Set aside credits of a statement that are not fees (a refund, interest)",
          tags: TAGS,
          params: statementIdParams,
          body: ignoreCreditsRequest,
          response: { 200: statementActionResponse, ...refusals, 409: errorResponse },
        },
      },
      async (request) => statements.ignore(request.caller, request.params.id, request.body),
    );
  };
}
