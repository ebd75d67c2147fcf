import multipart from "@fastify/multipart";
import {
  centerQuery,
  centerStats,
  childConsent,
  childParams,
  childStats,
  consentInput,
  downloadLink,
  favoriteInput,
  itemParams,
  PORTFOLIO_BATCH_MAX,
  PORTFOLIO_VIDEO_MAX_BYTES,
  portfolioChildren,
  portfolioChildrenQuery,
  portfolioItem,
  portfolioPage,
  portfolioQuery,
  uploadAnswer,
} from "@sprout/shared/schemas/digital-portfolio";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../../files/serve.ts";
import { badRequest } from "../../lib/errors.ts";
import { childRecord, screenFrom } from "../privacy/record-reads.ts";
import { type ReceivedUpload, receiveUpload } from "./receive.ts";
import type { RemovalService } from "./removal.ts";
import type { OpenedFile, PortfolioService } from "./service.ts";
import type { PortfolioStats } from "./stats.ts";
import type { UploadService } from "./uploads.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 413: error, 415: error };
const tags = ["digital-portfolio"];
const MALFORMED = "The upload is not a valid multipart form";

/** Streams a file, or sends the browser to its signed address on object storage. */
function sendFile(reply: FastifyReply, file: OpenedFile, download = false) {
  if ("signed" in file) return reply.header("cache-control", "no-store").redirect(file.signed.url, 302);
  return sendStoredFile(reply, file, { download });
}

export function portfolioRoutes({
  portfolio,
  uploads,
  stats,
  removal,
}: {
  portfolio: PortfolioService;
  uploads: UploadService;
  stats: PortfolioStats;
  removal: RemovalService;
}) {
  /** Temporary files of the form are removed whatever the outcome (a stored clip has moved out). */
  const withUpload = async <T>(request: FastifyRequest, field: "file" | "files", use: (form: ReceivedUpload) => T) => {
    const form = await receiveUpload(request, field);
    try {
      return await use(form);
    } finally {
      await form.discard();
    }
  };
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      // A batch's clips may each bring a poster frame: twice the batch in file parts at most.
      limits: { fileSize: PORTFOLIO_VIDEO_MAX_BYTES, files: PORTFOLIO_BATCH_MAX * 2, fields: 40, fieldSize: 5000 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/digital-portfolio/child/:childId",
      {
        config: { access: { action: "portfolio.read" }, childRecord: childRecord("photos", { param: "childId" }) },
        schema: {
          summary: "A child's portfolio, 12 a page, with type and favourite filters and sorting",
          tags,
          params: childParams,
          querystring: portfolioQuery,
          response: { 200: portfolioPage, ...refusals },
        },
      },
      async (request) => portfolio.childPage(request.caller, request.params.childId, request.query),
    );

    api.get(
      "/digital-portfolio/center/all",
      {
        config: {
          access: { action: "portfolio.readCentre" },
          childRecord: childRecord("photos", { each: "items", field: "child_id" }),
        },
        schema: {
          summary: "Every child's portfolio items of the caller's centres, with child and teacher filters",
          tags,
          querystring: centerQuery,
          response: { 200: portfolioPage, ...refusals },
        },
      },
      async (request) => portfolio.centrePage(request.caller, request.query),
    );

    api.get(
      "/digital-portfolio/stats/:childId",
      {
        config: { access: { action: "portfolio.read" } },
        schema: {
          summary: "A child's portfolio figures: items, favourites, images and videos",
          tags,
          params: childParams,
          response: { 200: childStats, ...refusals },
        },
      },
      async (request) => portfolio.childStats(request.caller, request.params.childId),
    );

    api.get(
      "/digital-portfolio/center/stats",
      {
        config: { access: { action: "portfolio.readCentre" } },
        schema: {
          summary: "The admin portfolio dashboard: totals, storage, 7-day activity, top children and teachers",
          tags,
          response: { 200: centerStats, ...refusals },
        },
      },
      async (request) => stats.centre(request.caller),
    );

    api.post(
      "/digital-portfolio/upload",
      {
        config: { access: { action: "portfolio.add" } },
        schema: {
          summary:
            "Add one photo or clip to a child's portfolio (multipart: file, poster for a clip, childId, captureMetadata)",
          tags,
          consumes: ["multipart/form-data"],
          response: { 201: uploadAnswer, ...refusals },
        },
      },
      async (request, reply) =>
        withUpload(request, "file", async ({ fields, incoming }) => {
          if (incoming.length > 1) throw badRequest(MALFORMED);
          return reply.code(201).send({ items: await uploads.upload(request.caller, fields, incoming) });
        }),
    );

    api.post(
      "/digital-portfolio/batch-upload",
      {
        config: { access: { action: "portfolio.add" } },
        schema: {
          summary:
            "Add several photos or clips at once (multipart: files, poster[i] per clip, captureMetadata[i] per file)",
          tags,
          consumes: ["multipart/form-data"],
          response: { 201: uploadAnswer, ...refusals },
        },
      },
      async (request, reply) =>
        withUpload(request, "files", async ({ fields, incoming }) =>
          reply.code(201).send({ items: await uploads.upload(request.caller, fields, incoming) }),
        ),
    );

    api.patch(
      "/digital-portfolio/:id/favorite",
      {
        config: { access: { action: "portfolio.add" } },
        schema: {
          summary: "Mark or unmark an item as a favourite",
          tags,
          params: itemParams,
          body: favoriteInput,
          response: { 200: portfolioItem, ...refusals },
        },
      },
      async (request) => portfolio.setFavourite(request.caller, request.params.id, request.body.is_favorite),
    );

    api.delete(
      "/digital-portfolio/:id",
      {
        config: { access: { action: "portfolio.delete" } },
        schema: {
          summary: "Delete an item: its uploader or a leader of the centre; the files go after the commit",
          tags,
          params: itemParams,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await removal.remove(request.caller, request.params.id, request.log);
        return reply.code(204).send(null);
      },
    );

    api.get(
      "/digital-portfolio/:id/download-link",
      {
        config: { access: { action: "portfolio.read" } },
        schema: {
          summary: "Where to download the item's file: a signed address valid 5 minutes on object storage, else null",
          tags,
          params: itemParams,
          response: { 200: downloadLink, ...refusals },
        },
      },
      async (request) => portfolio.downloadLink(request.caller, request.params.id, screenFrom(request)),
    );

    api.get(
      "/digital-portfolio/:id/file",
      {
        config: { access: { action: "portfolio.read" } },
        schema: {
          summary:
            "The item's photo (display size) or clip; ?download=1 saves it (a signed redirect on object storage)",
          tags,
          params: itemParams,
          querystring: z.object({ download: z.enum(["0", "1"]).optional() }),
        },
      },
      async (request, reply) => {
        const download = request.query.download === "1";
        const file = await portfolio.open(
          request.caller,
          request.params.id,
          download ? "download" : "file",
          screenFrom(request),
        );
        return sendFile(reply, file, download);
      },
    );

    api.get(
      "/digital-portfolio/:id/thumbnail",
      {
        config: { access: { action: "portfolio.read" } },
        schema: { summary: "The item's thumbnail for the gallery grid", tags, params: itemParams },
      },
      async (request, reply) =>
        sendFile(reply, await portfolio.open(request.caller, request.params.id, "thumbnail", screenFrom(request))),
    );

    api.get(
      "/digital-portfolio/children",
      {
        config: { access: { action: "portfolio.read" } },
        schema: {
          summary: "Children whose portfolio the caller may open, with each one's photo consent",
          tags,
          querystring: portfolioChildrenQuery,
          response: { 200: portfolioChildren, ...refusals },
        },
      },
      async (request) => ({
        children: await portfolio.children(request.caller, request.query.search, request.query.limit),
      }),
    );

    api.get(
      "/digital-portfolio/consent/:childId",
      {
        config: { access: { action: "portfolio.read" } },
        schema: {
          summary: "A child's photo consent",
          tags,
          params: childParams,
          response: { 200: childConsent, ...refusals },
        },
      },
      async (request) => portfolio.consent(request.caller, request.params.childId),
    );

    api.put(
      "/digital-portfolio/consent/:childId",
      {
        config: { access: { action: "portfolio.consent" } },
        schema: {
          summary: "A parent sets their child's photo consent (none, own portfolio only, group photos)",
          tags,
          params: childParams,
          body: consentInput,
          response: { 200: childConsent, ...refusals },
        },
      },
      async (request) => portfolio.setConsent(request.caller, request.params.childId, request.body.consent),
    );
  };
}
