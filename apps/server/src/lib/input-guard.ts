import { hasNul, NUL_MESSAGE } from "@sprout/shared/schemas/primitives";
import type { FastifyInstance } from "fastify";

/** True when any string (value or key) anywhere inside `value` holds the NUL character. */
function carriesNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasNul(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => carriesNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasNul(key) || carriesNul(item, depth + 1));
}

/**
 * PostgreSQL refuses NUL in text, so a NUL that reached a query would answer 500. The shared
 * schemas refuse it in the fields they know; this guard refuses it everywhere else the request
 * carries text (query strings, path parameters, fields a route has no schema for) before any
 * route runs. Multipart fields are parsed by their route through the same shared schemas.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request, reply) => {
    if (carriesNul(request.query) || carriesNul(request.params) || carriesNul(request.body)) {
      return reply.code(400).send({ error: NUL_MESSAGE, code: "VALIDATION_ERROR" });
    }
  });
}
