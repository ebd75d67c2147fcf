import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";
import { NAMED_SCHEMAS } from "./components.ts";
import { TYPES_FILE, typesOf } from "./generate.ts";

/**
 * The OpenAPI description at /api/docs/json is complete (issue 29, docs/adr/0039-openapi-description.md):
 * `npm run lint:api` lints it with Redocly's recommended rules; this file checks what those rules
 * cannot know about Sprout. As production serves it: without the test inbox route.
 */
const { app } = await createTestApp({ seed: false, mailTestInbox: false });
const served = await app.inject({ method: "GET", url: "/api/docs/json" });
const document = served.json() as OpenApiDocument;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { format?: string; pattern?: string; enum?: string[] } }[];
  responses: Record<string, { $ref?: string }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }>;
  };
}

const METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"];
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);
const label = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
const accessOf = (method: string, path: string) =>
  app.routeAccess.find((route) => route.method === method && route.url === fastifyPath(path))?.access;

describe("the OpenAPI description", () => {
  it("is served as OpenAPI 3.1 and documents every /api route", () => {
    expect(served.statusCode).toBe(200);
    expect(document.openapi).toBe("3.1.0");
    const documented = new Set(operations.map(({ method, path }) => `${method} ${fastifyPath(path)}`));
    const missing = app.routeAccess
      .filter((route) => route.method !== "OPTIONS")
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(250);
  });

  it("gives every operation a unique operationId and a summary", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const unsummarised = operations.filter(({ operation }) => !operation.summary?.trim()).map(label);
    expect(unsummarised).toEqual([]);
  });

  it("declares the bearer token, the session token and the CSRF token as security schemes", () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      sessionToken: { type: "apiKey", in: "header", name: "X-Session-Token" },
      csrfToken: { type: "apiKey", in: "header", name: "X-CSRF-Token" },
    });
  });

  it("gives every operation the security its access rule asks for", () => {
    const wrong = operations.filter(({ method, path, operation }) => {
      const access = accessOf(method, path);
      if (!access || !operation.security) return true;
      if ("public" in access) return operation.security.length !== 0;
      const expected = ["bearerAuth", "sessionToken", ...(method === "GET" ? [] : ["csrfToken"])];
      return (
        JSON.stringify(operation.security.map((requirement) => Object.keys(requirement).sort())) !==
        JSON.stringify([expected.sort()])
      );
    });
    expect(wrong.map(label)).toEqual([]);
    // The public routes are the ones a person uses before signing in (and the health checks).
    const open = operations.filter(({ operation }) => operation.security?.length === 0).map(label);
    expect(open).toContain("POST /api/auth/login");
    expect(open).toContain("GET /api/health");
    expect(open).not.toContain("GET /api/admin/children");
  });

  it("gives every operation its 4xx answers, each with the shared Error body", () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations) {
      const access = accessOf(method, path);
      const expected = ["400"];
      if (access && !("public" in access)) expected.push("401", "403");
      if (path.includes("{")) expected.push("404");
      for (const status of expected)
        if (!operation.responses[status]) missing.push(`${label({ method, path })} ${status}`);
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!status.startsWith("4")) continue;
        const name = answer.$ref?.replace("#/components/responses/", "") ?? "";
        const body = document.components.responses[name]?.content["application/json"]?.schema.$ref;
        if (body !== "#/components/schemas/Error") missing.push(`${label({ method, path })} ${status}: not Error`);
      }
    }
    expect(missing).toEqual([]);
    expect(document.components.schemas.Error?.required).toEqual(["error", "code"]);
  });

  it("documents a 400 on every route because the input guard answers one anywhere", async () => {
    const refused = await app.inject({ method: "GET", url: "/api/health?q=%00" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("names the shared shapes as components instead of repeating them", () => {
    const text = JSON.stringify([document.paths, document.components.responses]);
    const unnamed = NAMED_SCHEMAS.map(([, name]) => name).filter(
      (name) => !document.components.schemas[name] || !text.includes(`"#/components/schemas/${name}"`),
    );
    expect(unnamed).toEqual([]);
  });

  /**
   * Redocly's no-ambiguous-paths (off in redocly.yaml) flags two paths of the same length when,
   * segment by segment, each pair is equal or has a parameter on one side. The spec fixes URLs
   * such as /api/staff/center/{centerId} beside /api/staff/{id}/exit; they are unambiguous only
   * because a parameter facing a static segment can never be that segment. That is checked here.
   */
  it("has no ambiguous paths: a parameter facing a static segment refuses it", () => {
    const paths = Object.keys(document.paths);
    const isParameter = (segment: string) => /^\{.+\}$/.test(segment);
    const refuses = (path: string, segment: string, literal: string) => {
      const name = segment.slice(1, -1);
      const schema = Object.values(document.paths[path]!)
        .flatMap((operation) => operation.parameters ?? [])
        .find((parameter) => parameter.in === "path" && parameter.name === name)?.schema;
      if (!schema) return false;
      if (schema.enum) return !schema.enum.includes(literal);
      if (schema.pattern && new RegExp(schema.pattern).test(literal)) return false;
      if (schema.format === "uuid")
        return !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(literal);
      return schema.pattern !== undefined;
    };
    const ambiguous: string[] = [];
    let flagged = 0;
    for (const [index, a] of paths.entries()) {
      for (const b of paths.slice(index + 1)) {
        const left = a.split("/");
        const right = b.split("/");
        if (left.length !== right.length) continue;
        const count = (segments: string[]) => segments.filter(isParameter).length;
        if (count(left) !== count(right)) continue;
        const sameShape = left.every(
          (segment, at) => isParameter(segment) || isParameter(right[at]!) || segment === right[at],
        );
        if (!sameShape) continue;
        flagged++;
        const told = left.some((segment, at) => {
          const other = right[at]!;
          if (isParameter(segment) && !isParameter(other)) return refuses(a, segment, other);
          if (isParameter(other) && !isParameter(segment)) return refuses(b, other, segment);
          return false;
        });
        if (!told) ambiguous.push(`${a} ~ ${b}`);
      }
    }
    expect(ambiguous).toEqual([]);
    // The rule is off for these pairs only because they exist; if they go, so can the exception.
    expect(flagged).toBeGreaterThan(0);
  });

  it("matches the committed client types (npm run api:types rewrites them)", async () => {
    const committed = readFileSync(TYPES_FILE, "utf8");
    const current = await typesOf(document);
    expect(current === committed, "api-types.generated.ts is out of date: run `npm run api:types`").toBe(true);
  });
});
