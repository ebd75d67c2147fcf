import {
  answerInput,
  dataExport,
  dataExportsPage,
  dataExportsQuery,
  dataRequestInput,
  dataRequestsQuery,
  deskDataRequest,
  deskDataRequestsPage,
  erasureInput,
  erasureResult,
  exportInput,
  parentDataRequest,
  parentDataRequestsPage,
  retentionDryRun,
  retentionDryRunQuery,
  retentionInput,
  retentionQuery,
  retentionSetting,
} from "@sprout/shared/schemas/data-requests";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../../files/serve.ts";
import type { DataRequestsArea } from "./area.ts";
import { startExportWorker } from "./exports.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["data-requests"];
const idParams = z.object({ id: z.uuid({ error: "Not found" }) });

/** Parents' exports and requests, the centre's requests desk, and retention (issue 19). */
export function dataRequestsRoutes({ exports, requests, retention }: DataRequestsArea) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const worker = startExportWorker(exports, app.log);
    app.addHook("onClose", async () => worker.stop());

    api.post(
      "/data-exports",
      {
        config: { access: { action: "dataRequests.make" } },
        schema: {
          summary: "Ask for an archive of everything held about one's child and oneself (built in the background)",
          tags,
          body: exportInput,
          response: { 201: dataExport, ...refusals },
        },
      },
      async (request, reply) => {
        const created = await exports.create(request.caller, request.body.student_id);
        worker.poke();
        return reply.code(201).send(created);
      },
    );

    api.get(
      "/data-exports",
      {
        config: { access: { action: "dataRequests.make" } },
        schema: {
          summary: "One's exports, newest first, with their progress",
          tags,
          querystring: dataExportsQuery,
          response: { 200: dataExportsPage, ...refusals },
        },
      },
      async (request) => exports.list(request.caller, request.query),
    );

    api.get(
      "/data-exports/:id",
      {
        config: { access: { action: "dataRequests.make" } },
        schema: {
          summary: "One export's status and progress",
          tags,
          params: idParams,
          response: { 200: dataExport, ...refusals },
        },
      },
      async (request) => exports.get(request.caller, request.params.id),
    );

    api.get(
      "/data-exports/:id/download",
      {
        config: { access: { action: "dataRequests.make" } },
        schema: {
          summary: "Download a prepared archive (only the parent who asked, until it expires: 410 after)",
          tags,
          params: idParams,
          response: { 200: z.any().describe("The zip archive"), ...refusals, 410: error },
        },
      },
      async (request, reply) =>
        sendStoredFile(reply, {
          ...(await exports.open(request.caller, request.params.id)),
          mimeType: "application/zip",
        }),
    );

    api.post(
      "/data-requests",
      {
        config: { access: { action: "dataRequests.make" } },
        schema: {
          summary: "Ask the centre to correct or erase one's child's data (answered within 30 days)",
          tags,
          body: dataRequestInput,
          response: { 201: parentDataRequest, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await requests.create(request.caller, request.body)),
    );

    api.get(
      "/data-requests",
      {
        config: { access: { action: "dataRequests.make" } },
        schema: {
          summary: "One's own correction and erasure requests with the centre's answers",
          tags,
          querystring: dataRequestsQuery,
          response: { 200: parentDataRequestsPage, ...refusals },
        },
      },
      async (request) => requests.listOwn(request.caller, request.query),
    );

    api.get(
      "/data-requests/desk",
      {
        config: { access: { action: "dataRequests.answer" } },
        schema: {
          summary: "The requests desk: the centre's requests, open ones first, soonest due at the top",
          tags,
          querystring: dataRequestsQuery,
          response: { 200: deskDataRequestsPage, ...refusals },
        },
      },
      async (request) => requests.listDesk(request.caller, request.query),
    );

    api.put(
      "/data-requests/:id/answer",
      {
        config: { access: { action: "dataRequests.answer" } },
        schema: {
          summary: "Answer a request: done (after correcting the record in its screen) or refused, with the reason",
          tags,
          params: idParams,
          body: answerInput,
          response: { 200: deskDataRequest, ...refusals },
        },
      },
      async (request) => requests.answer(request.caller, request.params.id, request.body),
    );

    api.post(
      "/data-requests/:id/erase",
      {
        config: { access: { action: "dataRequests.answer" } },
        schema: {
          summary: "Run an erasure request for a child who has left (409 while the child is enrolled)",
          tags,
          params: idParams,
          body: erasureInput,
          response: { 200: erasureResult, ...refusals },
        },
      },
      async (request) => requests.erase(request.caller, request.params.id, request.body),
    );

    api.get(
      "/data-retention",
      {
        config: { access: { action: "dataRetention.manage" } },
        schema: {
          summary: "A centre's retention setting for the records of children who have left",
          tags,
          querystring: retentionQuery,
          response: { 200: retentionSetting, ...refusals },
        },
      },
      async (request) => retention.get(request.caller, request.query.center_id),
    );

    api.put(
      "/data-retention",
      {
        config: { access: { action: "dataRetention.manage" } },
        schema: {
          summary: "Change a centre's retention: years kept, and whether the job acts",
          tags,
          body: retentionInput,
          response: { 200: retentionSetting, ...refusals },
        },
      },
      async (request) => retention.set(request.caller, request.body),
    );

    api.get(
      "/data-retention/dry-run",
      {
        config: { access: { action: "dataRetention.manage" } },
        schema: {
          summary: "What the retention job would remove at a centre today, child by child",
          tags,
          querystring: retentionDryRunQuery,
          response: { 200: retentionDryRun, ...refusals },
        },
      },
      async (request) => retention.dryRun(request.caller, request.query),
    );
  };
}
