import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** A year: Vite names every asset by its content hash, so a changed file has a new name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built web app: hashed assets cached for a year and sent pre-compressed (brotli or
 * gzip, written at build time), index.html revalidated on every visit so a release shows at once.
 * Any other GET outside /api is a client-side route and answers index.html.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // @fastify/static 9 hands over its reply here, not Node's response.
    setHeaders(reply: FastifyReply, filePath: string) {
      reply.header("Cache-Control", filePath.includes("/assets/") ? IMMUTABLE : "no-cache");
    },
  });
}

export function sendWebApp(reply: FastifyReply) {
  return reply.header("Cache-Control", "no-cache").sendFile("index.html");
}
