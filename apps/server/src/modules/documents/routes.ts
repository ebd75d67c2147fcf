import multipart from "@fastify/multipart";
import { english } from "@sprout/shared/i18n/english";
import { errorResponse } from "@sprout/shared/schemas/auth";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  documentIdParams,
  documentItem,
  documentsQuery,
  documentsResponse,
  uploadFields,
} from "@sprout/shared/schemas/documents";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readMultipart } from "../../files/multipart.ts";
import { sendStoredFile } from "../../files/serve.ts";
import { badRequest } from "../../lib/errors.ts";
import type { DocumentsService } from "./service.ts";

export function documentsRoutes({ documents }: { documents: DocumentsService }) {
  return async (app: FastifyInstance) => {
    // One file per upload; anything past the limit is cut off and refused below.
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/documents",
      {
        config: { access: { action: "documents.read" }, keptAnswer: true },
        schema: {
          summary: "A page of the documents the caller may read, newest first, searched by name or description",
          tags: ["documents"],
          querystring: documentsQuery,
          response: { 200: documentsResponse, 400: errorResponse, 404: errorResponse },
        },
      },
      async (request) => documents.list(request.caller, request.query),
    );

    api.post(
      "/documents/upload",
      {
        config: { access: { action: "documents.upload" } },
        schema: {
          summary: "Upload a document (multipart: file, type, description, center_id)",
          tags: ["documents"],
          consumes: ["multipart/form-data"],
          response: { 201: documentItem },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw badRequest(DOCUMENT_MESSAGES.fileRequired, { file: DOCUMENT_MESSAGES.fileRequired });
        const { fields, file } = await readMultipart(request, {
          fileField: "file",
          tooLarge: DOCUMENT_MESSAGES.tooLarge,
        });
        if (!file || file.content.length === 0)
          throw badRequest(DOCUMENT_MESSAGES.fileRequired, { file: DOCUMENT_MESSAGES.fileRequired });
        const parsed = uploadFields.safeParse({ ...fields, center_id: fields.center_id || undefined });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(issue.message, { [String(issue.path[0] ?? "body")]: issue.message });
        }
        const item = await documents.upload(request.caller, {
          fileName: file.name,
          content: file.content,
          ...parsed.data,
        });
        return reply.code(201).send(item);
      },
    );

    api.get(
      "/documents/:id/file",
      {
        config: { access: { action: "documents.read" } },
        schema: { summary: "A document's file", tags: ["documents"], params: documentIdParams },
      },
      async (request, reply) => sendStoredFile(reply, await documents.open(request.caller, request.params.id)),
    );

    api.delete(
      "/documents/:id",
      {
        config: { access: { action: "documents.upload" } },
        schema: {
          summary: "Delete a document",
          tags: ["documents"],
          params: documentIdParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await documents.remove(request.caller, request.params.id);
        return { message: english("documents.server.deleted") };
      },
    );
  };
}
