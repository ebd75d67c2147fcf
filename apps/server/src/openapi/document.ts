import { STATUS_CODES } from "node:http";
import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { errorResponse } from "@sprout/shared/schemas/auth";
import type { FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Access } from "../auth/guard.ts";
import { registerNamedSchemas } from "./components.ts";

/**
 * The OpenAPI description at /api/docs is built from the routes themselves (issue 29). What every
 * route would otherwise repeat is derived here, once, from what the route already declares:
 *
 * - `operationId` from the method and the path (or the route's own `schema.operationId`);
 * - `security` from `config.access` (public routes: none; the others: the access token and the
 *   session token, plus the CSRF token on writes, exactly what `auth/guard.ts` checks);
 * - the 4xx answers the route can give, from its shape (input → 400, signed in → 401 and 403,
 *   an id in the path → 404, a rate limit → 429), all described by the one `Error` component,
 *   because one error handler (app.ts) writes every 4xx body as `{ error, code, details? }`.
 *
 * Summaries are not derived: each route writes its own, in the words of the product.
 */

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The `token` answered by sign-in: a short-lived signed access token bound to a server-side session.",
  },
  sessionToken: {
    type: "apiKey",
    in: "header",
    name: "X-Session-Token",
    description: "The `sessionToken` answered by sign-in: it must name the live session the access token belongs to.",
  },
  csrfToken: {
    type: "apiKey",
    in: "header",
    name: "X-CSRF-Token",
    description: "The `csrfToken` answered by sign-in: required on every call that is not GET, HEAD or OPTIONS.",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What `auth/guard.ts` asks of a call to a route with this access rule. */
export function securityFor(access: Access, method: string): SecurityRequirement[] {
  if ("public" in access) return [];
  const signedIn: SecurityRequirement = { bearerAuth: [], sessionToken: [] };
  return [SAFE_METHODS.has(method.toUpperCase()) ? signedIn : { ...signedIn, csrfToken: [] }];
}

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /api/students/:id/moves` → `getStudentsByIdMoves`: the method, then each path segment in
 * camel case (a parameter as `By<Name>`), without the `/api` prefix every route shares. Paths and
 * methods are unique, so the names are (openapi.test.ts checks it).
 */
export function operationIdFor(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean);
  const parts = segments.map((segment) => {
    const parameter = /^:(\w+)|^\{(\w+)\}$/.exec(segment);
    if (parameter) return `By${capitalise(parameter[1] ?? parameter[2] ?? "")}`;
    return words(segment).map(capitalise).join("");
  });
  return method.toLowerCase() + parts.join("");
}

/** The standard refusals, each a named response (`#/components/responses/<name>`) with the `Error` body. */
export const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: "BadRequest",
    description: "Bad input; nothing was changed. `error` says what is wrong, `details` each field.",
  },
  401: { name: "Unauthorized", description: "Not signed in, or the access token or the session has expired." },
  403: {
    name: "Forbidden",
    description: "The caller's role may not do this, or (on a write) the CSRF token is missing or wrong.",
  },
  404: { name: "NotFound", description: "No such record in the caller's reach." },
  409: { name: "Conflict", description: "The record's current state does not allow this." },
  410: { name: "Gone", description: "It existed but is no longer available." },
  413: { name: "PayloadTooLarge", description: "The upload is too large." },
  415: { name: "UnsupportedMediaType", description: "The upload is not of an accepted type." },
  429: { name: "TooManyRequests", description: "Too many attempts; wait and try again." },
};

type RouteSchema = FastifySchema & {
  hide?: boolean;
  operationId?: string;
  security?: unknown;
  consumes?: readonly string[];
  produces?: readonly string[];
  response?: Record<string, unknown>;
};

/** The 4xx answers a route can give, from what it declares (and those it declares itself). */
export function errorStatusesFor(route: Pick<RouteOptions, "url" | "config">, schema: RouteSchema) {
  const access = route.config?.access;
  // Every route takes input: at least a query string, which the input guard (lib/input-guard.ts)
  // refuses with a 400 when it carries a NUL, on top of what the route's own schemas refuse.
  const statuses = new Set<number>([400]);
  if (access && !("public" in access)) {
    statuses.add(401);
    statuses.add(403);
  }
  if (schema.params !== undefined || route.url.includes("/:")) statuses.add(404);
  const rateLimit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  if (rateLimit !== undefined && rateLimit !== false) statuses.add(429);
  for (const status of Object.keys(schema.response ?? {})) {
    if (/^4\d\d$/.test(status)) statuses.add(Number(status));
  }
  return [...statuses].sort((a, b) => a - b);
}

const errorAnswer = (status: number) => ({
  description: ERROR_RESPONSES[status]?.description ?? "The request was refused.",
  content: { "application/json": { schema: errorResponse } },
});

const fileAnswer = (types: readonly string[] = ["*/*"]) => ({
  description: "The file's bytes, with its type in Content-Type",
  content: Object.fromEntries(types.map((type) => [type, { schema: z.string().meta({ format: "binary" }) }])),
});

/** Per route: adds what is derived above, then lets the zod provider turn the schemas into JSON Schema. */
export const describeRoute: SwaggerTransform = (input) => {
  const { route, url } = input;
  const schema = (input.schema ?? {}) as RouteSchema;
  // The API is what lives under /api; the web app's files and the docs themselves are not part of it.
  if (schema.hide || !url.startsWith("/api/")) return { schema: { ...schema, hide: true }, url };
  const access = route.config?.access;
  if (!access) throw new Error(`Route ${route.method} ${url} declares no access rule`);
  const method = [route.method].flat()[0]!;
  const response: Record<string, unknown> = { ...schema.response };
  // A route without a declared answer streams a file: its type is what the route says it
  // produces, or the stored file's own.
  if (!Object.keys(response).some((status) => status.startsWith("2"))) response[200] = fileAnswer(schema.produces);
  for (const status of errorStatusesFor(route, schema)) response[status] = errorAnswer(status);
  const described = {
    ...schema,
    operationId: schema.operationId ?? operationIdFor(method, url),
    security: schema.security ?? securityFor(access, method),
    response,
  };
  return jsonSchemaTransform({ ...input, schema: described });
};

type Json = Record<string, unknown>;

/**
 * The whole document: the standard refusals become references to named responses, and the
 * schema components no operation reaches are left out (the provider writes an input and an
 * output twin of each registered schema).
 */
export const describeDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as Json & {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    components?: Json & { schemas?: Record<string, unknown> };
  };
  const responses: Record<string, unknown> = {};
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        // @fastify/swagger's placeholder for an answer without a description: the status's own name.
        const described = answer as Json;
        if (described.description === "Default Response") described.description = STATUS_CODES[status] ?? status;
        const standard = ERROR_RESPONSES[Number(status)];
        if (!standard || !isStandardRefusal(answer, standard.description)) continue;
        responses[standard.name] = answer;
        operation.responses![status] = { $ref: `#/components/responses/${standard.name}` };
      }
    }
  }
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")) {
        const name = value.slice("#/components/schemas/".length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  visit(responses);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return {
    ...document,
    components: { ...document.components, schemas: kept, responses },
  } as ReturnType<SwaggerTransformObject>;
};

function isStandardRefusal(answer: unknown, description: string) {
  const { description: said, content, ...rest } = answer as Json;
  const json = (content as Record<string, { schema?: Json }> | undefined)?.["application/json"];
  return (
    said === description &&
    Object.keys(rest).length === 0 &&
    Object.keys(content as Json).length === 1 &&
    json?.schema?.$ref === "#/components/schemas/Error"
  );
}

export const VERSION_OF_OPENAPI = "3.1.0";

/** The options of @fastify/swagger for Sprout's API. */
export function swaggerOptions(version: string): FastifyDynamicSwaggerOptions {
  registerNamedSchemas();
  return {
    openapi: {
      openapi: VERSION_OF_OPENAPI,
      info: {
        title: "Sprout API",
        version,
        description:
          "The API of Sprout, a preschool and childcare centre management system. Sign in with " +
          "`POST /api/auth/login`; send the answered `token` as a bearer token and `sessionToken` as " +
          "`X-Session-Token` on every call, and `csrfToken` as `X-CSRF-Token` on every write. " +
          "Errors answer `{ error, code }`.",
      },
      servers: [{ url: "/", description: "This server (every path starts with /api)" }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeRoute,
    transformObject: describeDocument,
  };
}
