import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** A year: Vite names every asset by its content hash, so a changed file has a new name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built web app: hashed assets cached for a year and sent pre-compressed (brotli or
 * gzip, written at build time), index.html revalidated on every visit so a release shows at once.
 * Any other GET outside /api is a client-side route and answers index.html (see `wantsWebApp`).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    // The compressed copies are found beside their file when it is asked for: routes of their own
    // would be two thirds of the server's 1,500 routes, and setting them up a tenth of its start.
    globIgnore: ["**/*.br", "**/*.gz"],
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

/** Paths the server answers itself even when nothing is there: never the web app's page. */
const SERVER_PATHS = new Set(["/metrics"]);

/**
 * Whether an unmatched GET or HEAD is a client-side route of the web app, to be answered with
 * index.html. Not under /api (an unknown call is a 404), not a server path (/metrics without
 * METRICS_TOKEN), and not a file: a path whose last segment has an extension (/manifest.json,
 * /sw.js, /assets/missing.css) names a file that is not there, and a page in its place would be
 * cached as the script or the manifest.
 */
export function wantsWebApp(method: string, url: string): boolean {
  // A HEAD is answered as its GET (a link checker or an uptime probe asks for headers only).
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = url.split("?")[0]!;
  if (pathname === "/api" || pathname.startsWith("/api/") || SERVER_PATHS.has(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}
