import multipart from "@fastify/multipart";
import { english } from "@sprout/shared/i18n/english";
import {
  childOption,
  childPickerQuery,
  correctIncidentInput,
  createIncidentInput,
  INCIDENT_MESSAGES,
  INCIDENT_PHOTO_MAX_BYTES,
  incidentCounts,
  incidentIdParams,
  incidentPhotoParams,
  incidentReviewInput,
  incidentReviewQuery,
  incidentReviewSetting,
  incidentsPage,
  incidentsQuery,
  parentIncident,
  parentIncidentsPage,
  resolveIncidentInput,
  staffIncident,
} from "@sprout/shared/schemas/incidents";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, HttpError } from "../../lib/errors.ts";
import type { IncidentFamilyService } from "./parents.ts";
import type { IncidentPhotoService } from "./photos.ts";
import type { ReviewSettingService } from "./review-setting.ts";
import type { IncidentsService } from "./service.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 409: error };
const tags = ["incidents"];

interface Deps {
  incidents: IncidentsService;
  families: IncidentFamilyService;
  photos: IncidentPhotoService;
  reviewSetting: ReviewSettingService;
}

export function incidentsRoutes({ incidents, families, photos, reviewSetting }: Deps) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: INCIDENT_PHOTO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/incidents",
      {
        config: { access: { action: "incidents.report" } },
        schema: {
          summary: "Incident reports of the caller's centres, filtered and a page at a time",
          tags,
          querystring: incidentsQuery,
          response: { 200: incidentsPage, ...refusals },
        },
      },
      async (request) => incidents.list(request.caller, request.query),
    );

    api.get(
      "/incidents/counts",
      {
        config: { access: { action: "incidents.manage" } },
        schema: {
          summary: "Incidents this month, pending and critical (the director dashboard's counts)",
          tags,
          querystring: z.object({ center_id: z.uuid().optional() }),
          response: { 200: incidentCounts, ...refusals },
        },
      },
      async (request) => incidents.counts(request.caller, request.query.center_id),
    );

    api.get(
      "/incidents/children",
      {
        config: { access: { action: "incidents.report" } },
        schema: {
          summary: "Children a reporter may name, searched by name or student ID (at most 20)",
          tags,
          querystring: childPickerQuery,
          response: { 200: z.array(childOption), ...refusals },
        },
      },
      async (request) => incidents.childOptions(request.caller, request.query.search, request.query.center_id),
    );

    api.get(
      "/incidents/review-setting",
      {
        config: { access: { action: "incidents.readReviewSetting" } },
        schema: {
          summary: "Whether a manager reviews the centre's reports before parents see them",
          tags,
          querystring: incidentReviewQuery,
          response: { 200: incidentReviewSetting, ...refusals },
        },
      },
      async (request) => reviewSetting.get(request.caller, request.query.center_id),
    );

    api.put(
      "/incidents/review-setting",
      {
        config: { access: { action: "incidents.editReviewSetting" } },
        schema: {
          summary: "Choose whether reports are reviewed first or reach the families as they are filed",
          tags,
          body: incidentReviewInput,
          response: { 200: incidentReviewSetting, ...refusals },
        },
      },
      async (request) => reviewSetting.set(request.caller, request.body),
    );

    api.post(
      "/incidents",
      {
        config: { access: { action: "incidents.report" } },
        schema: {
          summary:
            "Report an incident; the centre's staff are told at once, and the families too where reports are not reviewed first",
          tags,
          body: createIncidentInput,
          response: { 201: staffIncident, ...refusals },
        },
      },
      async (request, reply) => reply.code(201).send(await incidents.create(request.caller, request.body)),
    );

    api.get(
      "/incidents/:id",
      {
        config: { access: { action: "incidents.report" } },
        schema: {
          summary: "One report with its photos, parents' acknowledgements and history",
          tags,
          params: incidentIdParams,
          response: { 200: staffIncident, ...refusals },
        },
      },
      async (request) => incidents.present(await incidents.find(request.caller, request.params.id)),
    );

    api.put(
      "/incidents/:id",
      {
        config: { access: { action: "incidents.manage" } },
        schema: {
          summary: "Correct a report; the earlier version and the reason stay in its history",
          tags,
          params: incidentIdParams,
          body: correctIncidentInput,
          response: { 200: staffIncident, ...refusals },
        },
      },
      async (request) => incidents.correct(request.caller, request.params.id, request.body),
    );

    api.post(
      "/incidents/:id/resolve",
      {
        config: { access: { action: "incidents.manage" } },
        schema: {
          summary: "Resolve a report with notes",
          tags,
          params: incidentIdParams,
          body: resolveIncidentInput,
          response: { 200: staffIncident, ...refusals },
        },
      },
      async (request) => incidents.resolve(request.caller, request.params.id, request.body.resolution_notes),
    );

    api.post(
      "/incidents/:id/notify-parents",
      {
        config: { access: { action: "incidents.manage" } },
        schema: {
          summary: "Mark parents notified: the report appears in their portal",
          tags,
          params: incidentIdParams,
          response: { 200: staffIncident, ...refusals },
        },
      },
      async (request) => families.notifyParents(request.caller, request.params.id),
    );

    api.post(
      "/incidents/:id/photos",
      {
        config: { access: { action: "incidents.report" } },
        schema: {
          summary: "Attach a photo (PNG, JPEG, GIF or WebP; re-encoded without its metadata)",
          tags,
          consumes: ["multipart/form-data"],
          params: incidentIdParams,
          response: { 201: staffIncident, ...refusals },
        },
      },
      async (request, reply) => {
        const required = () => badRequest(INCIDENT_MESSAGES.photoRequired, { photo: INCIDENT_MESSAGES.photoRequired });
        if (!request.isMultipart()) throw required();
        let content: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== "file") continue;
            const buffer = await part.toBuffer();
            if (part.fieldname === "photo") content = buffer;
          }
        } catch (failure) {
          if ((failure as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
            throw new HttpError(413, "FILE_TOO_LARGE", INCIDENT_MESSAGES.photoTooLarge);
          // A form cut short or malformed is bad input, not a server fault.
          throw badRequest(english("server.uploadUnreadable"));
        }
        if (!content) throw required();
        return reply.code(201).send(await photos.attach(request.caller, request.params.id, content));
      },
    );

    api.get(
      "/incidents/:id/photos/:photoId",
      {
        config: { access: { action: "incidents.readPhoto" } },
        schema: { summary: "A photo of a report the caller may read", tags, params: incidentPhotoParams },
      },
      async (request, reply) => {
        const photo = await photos.open(request.caller, request.params.id, request.params.photoId);
        return reply
          .header("content-type", photo.mimeType)
          .header("content-length", String(photo.size))
          .header("cache-control", "private, no-store")
          .send(photo.stream);
      },
    );

    api.get(
      "/parents/incidents",
      {
        config: { access: { action: "incidents.readOwn" }, keptAnswer: true },
        schema: {
          summary: "Reports about the caller's own children, once the centre has notified parents",
          tags,
          querystring: z.object({
            page: z.coerce.number().int().min(1).default(1),
            limit: z.coerce.number().int().min(1).max(50).default(10),
          }),
          response: { 200: parentIncidentsPage, ...refusals },
        },
      },
      async (request) => families.list(request.caller, request.query.page, request.query.limit),
    );

    api.post(
      "/parents/incidents/:id/acknowledge",
      {
        config: { access: { action: "incidents.readOwn" } },
        schema: {
          summary: "The parent confirms they have read the report",
          tags,
          params: incidentIdParams,
          response: { 200: parentIncident, ...refusals },
        },
      },
      async (request) => families.acknowledge(request.caller, request.params.id),
    );
  };
}
