import multipart from "@fastify/multipart";
import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  centerIdParams,
  competenciesPage,
  competenciesQuery,
  DEVELOPMENT_MESSAGES,
  developmentSettings,
  developmentSettingsInput,
  FRAMEWORK_FILE_MAX_BYTES,
  frameworkDetail,
  frameworkKeyParams,
  frameworksPage,
  frameworksQuery,
} from "@sprout/shared/schemas/development/frameworks-api";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { readMultipart } from "../../files/multipart.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import type { createCompetencySearch } from "./competency-search.ts";
import type { FrameworksService } from "./frameworks.ts";

const tags = ["development"];
const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Development frameworks, the competency search and a centre's choice (issue 36, point 1). */
export function frameworkRoutes({
  service,
  search,
}: {
  service: FrameworksService;
  search: ReturnType<typeof createCompetencySearch>;
}) {
  return async (app: FastifyInstance) => {
    // One JSON file: past the limit the upload is cut off and answered 400.
    await app.register(multipart, {
      limits: { fileSize: FRAMEWORK_FILE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1_000 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/development/frameworks",
      {
        config: { access: { action: "development.readFramework" } },
        schema: {
          summary: "The frameworks the organisation may use: the built-in NCF-FS 2022 and its own",
          tags,
          querystring: frameworksQuery,
          response: { 200: frameworksPage, ...refusals },
        },
      },
      async (request) => service.list(request.caller, request.query),
    );

    api.get(
      "/development/frameworks/:key",
      {
        config: { access: { action: "development.readFramework" } },
        schema: {
          summary: "One framework whole: source, age bands, levels, domains, goals and competencies",
          tags,
          params: frameworkKeyParams,
          response: { 200: frameworkDetail, ...refusals },
        },
      },
      async (request) => service.get(request.caller, request.params.key),
    );

    api.post(
      "/development/frameworks",
      {
        config: { access: { action: "development.addFramework" } },
        schema: {
          summary: "Add the organisation's own framework from a JSON file (multipart: file)",
          description:
            "The file has the shape of the built-in NCF-FS file (name, short_name, source, age_bands, levels, " +
            "domains → goals → competencies). A file that is not JSON or not of that shape answers 400 naming " +
            "where it is wrong (`details` holds the path) and stores nothing; a short name the organisation " +
            "already uses answers 409. At most 1 MB.",
          tags,
          consumes: ["multipart/form-data"],
          response: { 201: frameworkDetail, ...refusals, 409: errorResponse },
        },
      },
      async (request, reply) => {
        const required = DEVELOPMENT_MESSAGES.frameworkFileRequired;
        if (!request.isMultipart()) throw badRequest(required, { file: required });
        const { file } = await readMultipart(request, {
          fileField: "file",
          tooLarge: DEVELOPMENT_MESSAGES.frameworkFileTooLarge,
        }).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 413)
            throw badRequest(DEVELOPMENT_MESSAGES.frameworkFileTooLarge, {
              file: DEVELOPMENT_MESSAGES.frameworkFileTooLarge,
            });
          throw error;
        });
        if (!file || file.content.length === 0) throw badRequest(required, { file: required });
        return reply.code(201).send(await service.add(request.caller, file.content));
      },
    );

    api.get(
      "/development/competencies",
      {
        config: { access: { action: "development.readFramework" } },
        schema: {
          summary: "Search the centre's framework's competencies (code or words); a child's age band first",
          description:
            "The centre is `center_id`, or the child's centre when `child_id` is given (a child the caller may " +
            "not read is 404). With a child, the competencies of the child's age band today are marked " +
            "`suggested` and come first.",
          tags,
          querystring: competenciesQuery,
          response: { 200: competenciesPage, ...refusals },
        },
      },
      async (request) => search(request.caller, request.query),
    );

    api.get(
      "/centers/:id/development-settings",
      {
        config: { access: { action: "development.readFramework" } },
        schema: {
          summary: "The centre's development framework and its names for the levels",
          tags,
          params: centerIdParams,
          response: { 200: developmentSettings, ...refusals },
        },
      },
      async (request) => service.settings(request.caller, request.params.id),
    );

    api.put(
      "/centers/:id/development-settings",
      {
        config: { access: { action: "development.chooseFramework" } },
        schema: {
          summary: "Choose the centre's framework and name its levels (audited)",
          description:
            "An unknown framework answers 404, an unknown level key 400. A blank name keeps the framework's own. " +
            "Existing tags and terms keep the framework they were made with.",
          tags,
          params: centerIdParams,
          body: developmentSettingsInput,
          response: { 200: developmentSettings, ...refusals },
        },
      },
      async (request) => service.choose(request.caller, request.params.id, request.body),
    );
  };
}
