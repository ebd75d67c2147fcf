import multipart from "@fastify/multipart";
import { english } from "@sprout/shared/i18n/english";
import {
  acknowledgementsPage,
  acknowledgementsQuery,
  POLICY_MESSAGES,
  POLICY_PDF_MAX_BYTES,
  policiesPage,
  policiesQuery,
  policy,
  policyFields,
  policyParams,
  remindResult,
} from "@sprout/shared/schemas/policies";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readMultipart } from "../../files/multipart.ts";
import { sendStoredFile } from "../../files/serve.ts";
import { badRequest } from "../../lib/errors.ts";
import type { PoliciesService } from "./service.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 413: error, 415: error };
const tags = ["policies"];

/** The publish form: text fields and an optional `pdf`. */
async function readPolicyForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(english("server.notMultipart"));
  const upload = await readMultipart(request, { fileField: "pdf", tooLarge: POLICY_MESSAGES.fileTooLarge });
  const fields = Object.fromEntries(Object.entries(upload.fields).filter(([, value]) => value !== ""));
  const parsed = policyFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, { [String(issue.path[0] ?? "form")]: issue.message });
  }
  return { input: parsed.data, pdf: upload.file && upload.file.content.length > 0 ? upload.file : undefined };
}

export function policiesRoutes({ policies }: { policies: PoliciesService }) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: POLICY_PDF_MAX_BYTES, files: 1, fields: 10, fieldSize: 25_000 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/policies",
      {
        config: { access: { action: "policies.read" } },
        schema: {
          summary: "Policies the caller manages or must acknowledge, newest first",
          tags,
          querystring: policiesQuery,
          response: { 200: policiesPage, ...refusals },
        },
      },
      async (request) => policies.list(request.caller, request.query),
    );

    api.post(
      "/policies",
      {
        config: { access: { action: "policies.manage" } },
        schema: {
          summary: "Publish a policy (multipart: title, body, audience, effective_date, center_id, pdf)",
          tags,
          consumes: ["multipart/form-data"],
          response: { 201: policy, ...refusals },
        },
      },
      async (request, reply) => {
        const { input, pdf } = await readPolicyForm(request);
        return reply.code(201).send(await policies.publish(request.caller, input, pdf));
      },
    );

    api.put(
      "/policies/:id",
      {
        config: { access: { action: "policies.manage" } },
        schema: {
          summary: "Publish a new version: everyone in the audience is asked to acknowledge again",
          tags,
          consumes: ["multipart/form-data"],
          params: policyParams,
          response: { 200: policy, ...refusals },
        },
      },
      async (request) => {
        const { input, pdf } = await readPolicyForm(request);
        return policies.newVersion(request.caller, request.params.id, input, pdf);
      },
    );

    api.post(
      "/policies/:id/acknowledge",
      {
        config: { access: { action: "policies.read" } },
        schema: {
          summary: "Acknowledge the current version of a policy of the caller's audience",
          tags,
          params: policyParams,
          response: { 200: policy, ...refusals },
        },
      },
      async (request) => policies.acknowledge(request.caller, request.params.id),
    );

    api.get(
      "/policies/:id/acknowledgements",
      {
        config: { access: { action: "policies.manage" } },
        schema: {
          summary:
            "Who in the audience has and has not acknowledged a version (the current one by default), a page at a time",
          tags,
          params: policyParams,
          querystring: acknowledgementsQuery,
          response: { 200: acknowledgementsPage, ...refusals },
        },
      },
      async (request) => policies.acknowledgements(request.caller, request.params.id, request.query),
    );

    api.post(
      "/policies/:id/remind",
      {
        config: { access: { action: "policies.manage" } },
        schema: {
          summary: "Remind (bell and e-mail) everyone who has not acknowledged the current version",
          tags,
          params: policyParams,
          response: { 200: remindResult, ...refusals },
        },
      },
      async (request) => policies.remind(request.caller, request.params.id),
    );

    api.get(
      "/policies/:id/file",
      {
        config: { access: { action: "policies.read" } },
        schema: {
          summary: "The policy's PDF, to its managers and its audience",
          tags,
          params: policyParams,
          produces: ["application/pdf"],
        },
      },
      async (request, reply) =>
        sendStoredFile(reply, {
          ...(await policies.openPdf(request.caller, request.params.id)),
          mimeType: "application/pdf",
        }),
    );
  };
}
