import { RECORD_KINDS, type RecordKind } from "@sprout/shared/schemas/privacy";
import { SCREEN_HEADER, SCREEN_MAX_LENGTH, SCREEN_PATTERN } from "@sprout/shared/screen";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Clock } from "../../lib/clock.ts";
import type { AccessLogWriter, ChildRef } from "./access-log.ts";
import { readIsLogged } from "./policy.ts";

/**
 * Where a route's answer names the child whose record was read:
 * - `param`: a route parameter holding the child's id;
 * - `field`: a dotted path in the JSON answer (`thread.child_id`);
 * - `each` + `field`: every item of a list in the answer (each child once);
 * - `via` + `param`: a record of another area named by a parameter (files, PDFs).
 */
export type ChildSource =
  | { param: string }
  | { field: string }
  | { each: string; field: string }
  | { via: "thread" | "observationLog" | "invoice" | "submission" | "assessment"; param: string };

export interface ChildRecordRead {
  kind: RecordKind;
  from: ChildSource;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route reads a child's record: staff reads are written to the access log (issue 19). */
    childRecord?: ChildRecordRead;
  }
}

/** The one line a read route adds to its config: `childRecord: childRecord("health", { param: "childId" })`. */
export const childRecord = (kind: RecordKind, from: ChildSource): ChildRecordRead => ({ kind, from });

const pathOf = (value: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (at, key) => (at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined),
      value,
    );

function refsOf(source: ChildSource, params: unknown, payload: unknown): ChildRef[] {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  if ("via" in source) {
    const id = text(pathOf(params, source.param));
    return id ? [{ [source.via]: id } as ChildRef] : [];
  }
  if ("param" in source) {
    const id = text(pathOf(params, source.param));
    return id ? [{ child: id }] : [];
  }
  if ("each" in source) {
    const items = pathOf(payload, source.each);
    if (!Array.isArray(items)) return [];
    const ids = new Set(items.map((item) => text(pathOf(item, source.field))).filter((id) => id !== null));
    return [...ids].map((child) => ({ child }));
  }
  const id = text(pathOf(payload, source.field));
  return id ? [{ child: id }] : [];
}

/** The screen the web client says the call came from, kept only when short and well formed. */
export function screenFrom(request: FastifyRequest): string | null {
  const value = request.headers[SCREEN_HEADER];
  if (typeof value !== "string" || value.length > SCREEN_MAX_LENGTH || !SCREEN_PATTERN.test(value)) return null;
  return value;
}

/**
 * Records staff reads of the routes that declare `childRecord`, after the answer is ready and
 * without waiting: JSON answers from their body, files and PDFs from their parameters.
 */
export function registerRecordReads(app: FastifyInstance, writer: AccessLogWriter, clock: Clock) {
  // A kept answer is sent again as text, past the step that reads the children from the body:
  // staff reads of such a route would go unlogged, so the two do not go together.
  app.addHook("onRoute", (route) => {
    if (route.config?.childRecord && route.config.keptAnswer) {
      throw new Error(`${route.method} ${route.url}: a route whose reads are logged cannot keep its answer`);
    }
  });
  const noted = new WeakSet<FastifyRequest>();
  const note = (request: FastifyRequest, statusCode: number, payload: unknown) => {
    const read = request.routeOptions.config?.childRecord;
    if (!read || noted.has(request) || statusCode >= 300) return;
    noted.add(request);
    if (!RECORD_KINDS.includes(read.kind) || !request.caller || !readIsLogged(request.caller)) return;
    const screen = screenFrom(request);
    const at = clock.now();
    for (const ref of refsOf(read.from, request.params, payload)) {
      writer.record({
        ref,
        viewerId: request.caller.userId,
        viewerRole: request.caller.role,
        kind: read.kind,
        screen,
        at,
      });
    }
  };
  app.addHook("preSerialization", async (request, reply, payload) => {
    note(request, reply.statusCode, payload);
    return payload;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    note(request, reply.statusCode, undefined);
    return payload;
  });
}
