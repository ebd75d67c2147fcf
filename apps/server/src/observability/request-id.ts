import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** What a proxy or a client may name a request with; anything else could forge or flood log lines. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is a sane token (a proxy's or another
 * service's id, so one request can be followed across them), otherwise a fresh UUID. Fastify binds
 * the id to the request's logger, so every line logged for the request carries it as `reqId`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every answer names its request id, errors and not-found answers included. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
}
