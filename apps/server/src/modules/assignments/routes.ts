import multipart from "@fastify/multipart";
import { english } from "@sprout/shared/i18n/english";
import {
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_FILES_MAX,
  ASSIGNMENT_MESSAGES,
  assignment,
  assignmentEditFields,
  assignmentFields,
  assignmentFileParams,
  assignmentParams,
  assignmentsPage,
  assignmentsQuery,
  commentInput,
  submission,
  submissionFields,
  submissionFileParams,
  submissionParams,
  submissionRoster,
} from "@sprout/shared/schemas/assignments";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import { sendStoredFile } from "../../files/serve.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import { childRecord } from "../privacy/record-reads.ts";
import type { AssignmentsService } from "./service.ts";
import type { SubmissionsService } from "./submissions.ts";
import type { Upload } from "./uploads.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error, 413: error, 415: error };
const tags = ["assignments"];

/** Reads a multipart form: its text fields checked by `schema`, and the files under `fileField`. */
async function readForm<S extends ZodType>(request: FastifyRequest, schema: S, fileField: string) {
  if (!request.isMultipart()) throw badRequest(english("server.notMultipart"));
  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const content = await part.toBuffer();
        if (part.fieldname === fileField && content.length > 0) uploads.push({ name: part.filename, content });
      } else if (typeof part.value === "string") fields[part.fieldname] = part.value;
    }
  } catch (failure) {
    if (failure instanceof HttpError) throw failure;
    const code = (failure as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, "FILE_TOO_LARGE", ASSIGNMENT_MESSAGES.fileTooLarge);
    if (code === "FST_FILES_LIMIT") throw badRequest(ASSIGNMENT_MESSAGES.tooManyFiles);
    throw badRequest(english("server.notMultipart"));
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, { [String(issue.path[0] ?? "form")]: issue.message });
  }
  return { input: parsed.data as z.output<S>, uploads };
}

export function assignmentsRoutes({
  assignments,
  submissions,
}: {
  assignments: AssignmentsService;
  submissions: SubmissionsService;
}) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: ASSIGNMENT_FILE_MAX_BYTES, files: ASSIGNMENT_FILES_MAX, fields: 10, fieldSize: 5000 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/assignments",
      {
        config: { access: { action: "assignments.read" }, keptAnswer: true },
        schema: {
          summary: "Assignments the caller may read, newest first, a page at a time",
          tags,
          querystring: assignmentsQuery,
          response: { 200: assignmentsPage, ...refusals },
        },
      },
      async (request) => assignments.list(request.caller, request.query),
    );

    api.post(
      "/assignments",
      {
        config: { access: { action: "assignments.set" } },
        schema: {
          summary: "Set an assignment for one of the teacher's classrooms (multipart: fields and attachments)",
          tags,
          consumes: ["multipart/form-data"],
          response: { 201: assignment, ...refusals },
        },
      },
      async (request, reply) => {
        const { input, uploads } = await readForm(request, assignmentFields, "attachments");
        return reply.code(201).send(await assignments.create(request.caller, input, uploads));
      },
    );

    api.put(
      "/assignments/:id",
      {
        config: { access: { action: "assignments.set" } },
        schema: {
          summary:
            "Edit an assignment; new attachments are added, those named in remove_attachments (ids, comma separated) dropped",
          tags,
          consumes: ["multipart/form-data"],
          params: assignmentParams,
          response: { 200: assignment, ...refusals },
        },
      },
      async (request) => {
        const { input, uploads } = await readForm(request, assignmentEditFields, "attachments");
        return assignments.update(request.caller, request.params.id, input, uploads);
      },
    );

    api.delete(
      "/assignments/:id",
      {
        config: { access: { action: "assignments.set" } },
        schema: {
          summary: "Delete an assignment with its files and submissions",
          tags,
          params: assignmentParams,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await assignments.remove(request.caller, request.params.id);
        return reply.code(204).send(null);
      },
    );

    api.get(
      "/assignments/:id/attachments/:fileId",
      {
        config: { access: { action: "assignments.read" } },
        schema: { summary: "An attachment of an assignment the caller may read", tags, params: assignmentFileParams },
      },
      async (request, reply) =>
        sendStoredFile(
          reply,
          await assignments.openAttachment(request.caller, request.params.id, request.params.fileId),
        ),
    );

    api.post(
      "/assignments/:id/submit",
      {
        config: { access: { action: "assignments.submit" } },
        schema: {
          summary: "A parent submits for their child (multipart: child_id, submission_text, submission_files)",
          tags,
          consumes: ["multipart/form-data"],
          params: assignmentParams,
          response: { 200: assignment, ...refusals },
        },
      },
      async (request) => {
        const { input, uploads } = await readForm(request, submissionFields, "submission_files");
        return submissions.submit(request.caller, request.params.id, input, uploads);
      },
    );

    api.get(
      "/assignments/:id/submissions",
      {
        // Each child who has submitted: their work (text and files) is read here (issue 19).
        config: {
          access: { action: "assignments.readSubmissions" },
          childRecord: childRecord("work", { each: "children", field: "submission.child_id" }),
        },
        schema: {
          summary: "Who in the classroom has and has not submitted, with their submissions",
          tags,
          params: assignmentParams,
          response: { 200: submissionRoster, ...refusals },
        },
      },
      async (request) => submissions.roster(request.caller, request.params.id),
    );

    api.put(
      "/assignments/:id/submissions/:submissionId/comment",
      {
        config: { access: { action: "assignments.set" } },
        schema: {
          summary: "The teacher's short comment on a submission (the parent reads it)",
          tags,
          params: submissionParams,
          body: commentInput,
          response: { 200: submission, ...refusals },
        },
      },
      async (request) =>
        submissions.comment(request.caller, request.params.id, request.params.submissionId, request.body.comment),
    );

    api.get(
      "/assignments/:id/submissions/:submissionId/files/:fileId",
      {
        config: {
          access: { action: "assignments.read" },
          childRecord: childRecord("work", { via: "submission", param: "submissionId" }),
        },
        schema: {
          summary: "A submitted file, to the classroom's staff or the child's parent",
          tags,
          params: submissionFileParams,
        },
      },
      async (request, reply) =>
        sendStoredFile(
          reply,
          await submissions.openFile(
            request.caller,
            request.params.id,
            request.params.submissionId,
            request.params.fileId,
          ),
        ),
    );
  };
}
