import type { Multipart } from "@fastify/multipart";
import { BODY_OBJECT_MESSAGE, textProblem } from "@sprout/shared/schemas/primitives";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";

/** Where a request carries text no column can hold, named as the validation details name fields. */
export interface TextRefusal {
  field: string;
  message: string;
}

/**
 * The first string (key or value) anywhere inside `value` that holds NUL or a lone surrogate,
 * named by its path as the validation details name fields (a bad key by where it sits, or `root`).
 */
function illFormedIn(value: unknown, root: string, path = "", depth = 0): TextRefusal | undefined {
  if (typeof value === "string") {
    const message = textProblem(value);
    return message ? { field: path || root, message } : undefined;
  }
  if (depth > 32 || value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: path || root, message: keyProblem };
    const found = illFormedIn(item, root, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Checks the query string, the path parameters and the body of a request, in that order. */
export function illFormedText(request: Pick<FastifyRequest, "query" | "params" | "body">): TextRefusal | undefined {
  return (
    illFormedIn(request.query, "query") ?? illFormedIn(request.params, "params") ?? illFormedIn(request.body, "body")
  );
}

const refusal = ({ field, message }: TextRefusal) =>
  new HttpError(400, "VALIDATION_ERROR", message, { [field]: message });

/**
 * The parts of a multipart form, as `request.parts()` gives them, each field name, file name and
 * field value checked first. After a refused part the rest of the form is still read (files
 * drained), so the browser gets the answer instead of a reset connection; the refusal is raised
 * once the form has ended, where each upload route already discards what it received.
 */
async function* checkedParts(parts: AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  let refused: TextRefusal | undefined;
  for await (const part of parts) {
    refused ??= illFormedIn({ [part.fieldname]: part.type === "file" ? part.filename : part.value }, "form");
    if (!refused) yield part;
    else if (part.type === "file") part.file.resume();
  }
  if (refused) throw refusal(refused);
}

/**
 * PostgreSQL refuses NUL in text and a lone UTF-16 surrogate in JSON, so either would answer 500
 * once it reached a query or an audit row; a body of `null`, `3` or `[]` reaches handlers and
 * schema rules written for an object. The shared schemas refuse ill-formed text in the fields they
 * know; this guard refuses it everywhere else the request carries text (query strings, path
 * parameters, keys and fields a route has no schema for, multipart field names, values and file
 * names), and refuses a body that is not a JSON object, before any route runs. Every JSON body the
 * API takes is an object (the OpenAPI description says so for each route).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const body = request.body;
    if (body !== undefined && (body === null || typeof body !== "object" || Array.isArray(body)))
      throw new HttpError(400, "VALIDATION_ERROR", BODY_OBJECT_MESSAGE, { body: BODY_OBJECT_MESSAGE });
    const found = illFormedText(request);
    if (found) throw refusal(found);
    // Only routes that registered @fastify/multipart read forms; they all read them through parts().
    if (typeof request.isMultipart === "function" && request.isMultipart()) {
      const parts = request.parts.bind(request);
      request.parts = (options) => checkedParts(parts(options));
    }
  });
}

const ADDRESS_REFUSALS: Record<string, [number, string, string]> = {
  FST_ERR_BAD_URL: [400, "The address is not valid", "BAD_URL"],
  FST_ERR_MAX_PARAM_LENGTH: [414, "The address is too long", "URI_TOO_LONG"],
};

/**
 * Fastify's own refusals of an address it cannot route (a path parameter that is not UTF-8, such as
 * the bytes of a lone surrogate), which it answers before any hook or error handler, in our format.
 */
export function refuseAddress(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message, code] = ADDRESS_REFUSALS[error.code] ?? [
    500,
    "An unexpected error occurred.",
    "INTERNAL_ERROR",
  ];
  if (status === 500) reply.log.error({ err: error }, "unhandled error");
  return reply.code(status).send({ error: message, code });
}
