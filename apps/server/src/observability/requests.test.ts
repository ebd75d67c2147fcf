import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";

/** A built web app in miniature: the page, one hashed asset and a file at the root. */
const webDist = mkdtempSync(path.join(tmpdir(), "sprout-web-"));
const PAGE = "<!doctype html><title>Sprout</title><div id=root data-marker=web-app-page></div>";
writeFileSync(path.join(webDist, "index.html"), PAGE);
mkdirSync(path.join(webDist, "assets"));
writeFileSync(path.join(webDist, "assets", "app-3f2a.js"), "console.log('sprout');");
writeFileSync(path.join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");

/** Every line the server logs, parsed (pino writes one JSON object per line). */
const lines: Record<string, unknown>[] = [];
const { app } = await createTestApp({
  seed: false,
  webDist,
  logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("X-Request-Id", () => {
  beforeEach(() => {
    lines.length = 0;
  });

  it("keeps a sane id from the caller, answers it, and every log line of the request carries it", async () => {
    const id = "lb-7f3a.2026:trace_01";
    const response = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": id } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toBe(id);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    for (const line of lines) expect(line.reqId, JSON.stringify(line)).toBe(id);
  });

  it("replaces an id with spaces, other characters or more than 128 characters by a fresh one", async () => {
    for (const hostile of [
      "has spaces in it",
      "a".repeat(300),
      "a".repeat(129),
      'id"injected":true',
      "semi;colon",
      "",
    ]) {
      lines.length = 0;
      const response = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": hostile } });
      const answered = response.headers["x-request-id"];
      expect(answered, hostile).toMatch(UUID);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(line.reqId).toBe(answered);
      if (hostile) expect(lines.map((line) => JSON.stringify(line)).join("\n")).not.toContain(hostile);
    }
    // 128 characters is still sane.
    const longest = "b".repeat(128);
    const response = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": longest } });
    expect(response.headers["x-request-id"]).toBe(longest);
  });

  it("gives each request without one its own id, on errors and not-found answers too", async () => {
    const first = await app.inject({ method: "GET", url: "/api/health" });
    const second = await app.inject({ method: "GET", url: "/api/health" });
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).toMatch(UUID);
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);

    const refused = await app.inject({ method: "GET", url: "/api/auth/verify", headers: { "x-request-id": "r-401" } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["x-request-id"]).toBe("r-401");
    const missing = await app.inject({ method: "GET", url: "/api/nothing-here", headers: { "x-request-id": "r-404" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-request-id"]).toBe("r-404");
    const bad = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-request-id": "r-400", "content-type": "application/json" },
      payload: "{not json",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["x-request-id"]).toBe("r-400");
  });
});

describe("unknown paths", () => {
  const isPage = (body: string) => body.includes("web-app-page");

  it("under /api answer 404 in the app's error format, whatever the method", async () => {
    for (const [method, url] of [
      ["GET", "/api/no-such-call"],
      ["GET", "/api/children/123/no-such-thing"],
      ["GET", "/api/settings.json"],
      ["POST", "/api/no-such-call"],
      ["DELETE", "/api"],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: `Route ${method} ${url} not found`, code: "NOT_FOUND" });
    }
  });

  it("outside /api answer 404, not the web app's page, when the last segment names a file", async () => {
    for (const url of ["/manifest.json", "/foo.js", "/assets/missing.css", "/sw.js?v=2", "/icons/icon-192.png"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(isPage(response.body), url).toBe(false);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("a HEAD is answered as its GET, without the body: the page for a client-side route, 404 for a call or a file", async () => {
    const page = await app.inject({ method: "HEAD", url: "/children" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toBe("");
    for (const url of ["/api/no-such-call", "/manifest.json"]) {
      const response = await app.inject({ method: "HEAD", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^application\/json/);
    }
  });

  it("GET /metrics without METRICS_TOKEN answers exactly as an unknown path does", async () => {
    const metrics = await app.inject({ method: "GET", url: "/metrics" });
    const unknown = await app.inject({ method: "GET", url: "/metrics.txt" });
    expect(metrics.statusCode).toBe(404);
    expect(isPage(metrics.body)).toBe(false);
    expect(metrics.json()).toEqual({ error: "Route GET /metrics not found", code: "NOT_FOUND" });
    expect(metrics.headers["content-type"]).toBe(unknown.headers["content-type"]);
    // With a token it is not there either: no route is registered without METRICS_TOKEN.
    const withToken = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer x" } });
    expect(withToken.statusCode).toBe(404);
  });

  it("client-side routes without an extension still answer the web app's page, and its files are served", async () => {
    for (const url of ["/children/123", "/dashboard", "/account/security?tab=2.5", "/"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(isPage(response.body), url).toBe(true);
    }
    const asset = await app.inject({ method: "GET", url: "/assets/app-3f2a.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('sprout');");
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
  });
});
